import type {
  CreditLimitInput,
  CustomerAccountDetail,
  CustomerAccountDetailsInput,
  CustomerAccountList,
  CustomerAccountListQuery,
  HoldInput,
  ReleaseInput,
} from '@signalway/shared/customer-accounts'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/customer-accounts: one page of accounts, searched and filtered. */
export function listCustomerAccounts(
  query: Partial<CustomerAccountListQuery>,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return client.get<CustomerAccountList>(`/admin/customer-accounts${search ? `?${search}` : ''}`, options)
}

/** GET /api/admin/customer-accounts/:id: the account with its members, invitations, sites and limit changes. */
export function getCustomerAccount(id: number, client: ApiClient = apiClient) {
  return client.get<CustomerAccountDetail>(`/admin/customer-accounts/${id}`)
}

/** PUT /api/admin/customer-accounts/:id with the version the person saw (409 if stale). */
export function saveCustomerAccountDetails(
  id: number,
  input: CustomerAccountDetailsInput,
  client: ApiClient = apiClient,
) {
  return client.put<CustomerAccountDetail>(`/admin/customer-accounts/${id}`, input)
}

/** POST /api/admin/customer-accounts/:id/credit-limit: the new limit in cents with its reason. */
export function changeCustomerAccountLimit(
  id: number,
  input: CreditLimitInput,
  client: ApiClient = apiClient,
) {
  return client.post<CustomerAccountDetail>(`/admin/customer-accounts/${id}/credit-limit`, input)
}

/** POST /api/admin/customer-accounts/:id/hold, with the reason. */
export function holdCustomerAccount(id: number, input: HoldInput, client: ApiClient = apiClient) {
  return client.post<CustomerAccountDetail>(`/admin/customer-accounts/${id}/hold`, input)
}

/** POST /api/admin/customer-accounts/:id/release. */
export function releaseCustomerAccount(id: number, input: ReleaseInput, client: ApiClient = apiClient) {
  return client.post<CustomerAccountDetail>(`/admin/customer-accounts/${id}/release`, input)
}

/**
 * POST /api/admin/customer-accounts/:id/owner-invitation: the owner invitation again, while the account has no
 * Account admin (409 otherwise, 429 past the address's daily limit).
 */
export function resendOwnerInvitation(id: number, client: ApiClient = apiClient) {
  return client.post<CustomerAccountDetail>(`/admin/customer-accounts/${id}/owner-invitation`)
}
