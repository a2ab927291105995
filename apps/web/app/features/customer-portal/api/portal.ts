import type { SiteInput } from '@signalway/shared/customer-account-sites'
import type { MyCustomerAccountDetail, MyCustomerAccounts, MySite } from '@signalway/shared/customer-accounts'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

const base = (id: number) => `/my-account/customer-accounts/${id}`

/** GET /api/my-account/customer-accounts: the accounts the signed-in user is a member of (the switcher's). */
export function listMyCustomerAccounts(client: ApiClient = apiClient) {
  return client.get<MyCustomerAccounts>('/my-account/customer-accounts')
}

/** GET /api/my-account/customer-accounts/:id: one of them with the member's role (404 outside it). */
export function getMyCustomerAccount(id: number, client: ApiClient = apiClient) {
  return client.get<MyCustomerAccountDetail>(base(id))
}

/** GET …/sites: the sites the member may see (a Site supervisor only theirs). */
export function listMySites(id: number, client: ApiClient = apiClient) {
  return client.get<{ items: MySite[] }>(`${base(id)}/sites`)
}

/** POST …/sites (Account admins). */
export function addMySite(id: number, input: SiteInput, client: ApiClient = apiClient) {
  return client.post<MySite>(`${base(id)}/sites`, input)
}

/** PUT …/sites/:siteId with the version the person saw (409 if stale). */
export function saveMySite(id: number, siteId: number, input: SiteInput, client: ApiClient = apiClient) {
  return client.put<MySite>(`${base(id)}/sites/${siteId}`, input)
}

/** DELETE …/sites/:siteId?version=N. */
export function removeMySite(
  id: number,
  site: Pick<MySite, 'id' | 'version'>,
  client: ApiClient = apiClient,
) {
  return client.delete<void>(`${base(id)}/sites/${site.id}?version=${site.version}`)
}

export interface PortalApi {
  list: typeof listMyCustomerAccounts
  get: typeof getMyCustomerAccount
  sites: typeof listMySites
  addSite: typeof addMySite
  saveSite: typeof saveMySite
  removeSite: typeof removeMySite
}

export const PORTAL_API: PortalApi = {
  list: listMyCustomerAccounts,
  get: getMyCustomerAccount,
  sites: listMySites,
  addSite: addMySite,
  saveSite: saveMySite,
  removeSite: removeMySite,
}
