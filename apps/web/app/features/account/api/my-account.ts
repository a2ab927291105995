import type { MyAccount } from '@signalway/shared/my-account'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/* The customer's account area. */

export function getMyAccount(client: ApiClient = apiClient): Promise<MyAccount> {
  return client.get<MyAccount>('/my-account')
}

/** The signed PDF of one of the user's own credit applications. */
export function getMyCreditApplicationPdf(reference: string, client: ApiClient = apiClient): Promise<Blob> {
  return client.get<Blob>(`/my-account/credit-applications/${encodeURIComponent(reference)}/pdf`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  })
}

/** Emails a link that confirms the account's address. */
export function confirmMyEmail(client: ApiClient = apiClient): Promise<{ email: string }> {
  return client.post<{ email: string }>('/my-account/confirm-email')
}
