import type { CreditPayload } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** SPEC.md §7: the signed application is saved under this name. */
export const CREDIT_PDF_FILENAME = 'credit-application.pdf'

/**
 * POST /api/apply-for-credit: the wire payload (toCreditPayload) in, the signed application PDF
 * (a blob) out. A network failure does not navigate away (redirect: false), so nothing typed or
 * drawn is lost; the caller reports it.
 */
export function submitCreditApplication(
  payload: CreditPayload,
  options: { signal?: AbortSignal } = {},
  client: ApiClient = apiClient,
): Promise<Blob> {
  return client.post<Blob>('/apply-for-credit', payload, {
    responseType: 'blob',
    redirect: false,
    headers: { Accept: 'application/pdf, application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
  })
}
