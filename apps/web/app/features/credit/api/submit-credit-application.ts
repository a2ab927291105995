import type { CreditPayload } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** Requirements §7: the signed application is saved under this name. */
export const CREDIT_PDF_FILENAME = 'credit-application.pdf'

/**
 * POST /api/apply-for-credit: the wire payload (toCreditPayload) in, the signed application PDF
 * (a blob) out. A network failure does not navigate away (redirect: false), so nothing typed or
 * drawn is lost; the caller reports it.
 */
export function submitCreditApplication(
  payload: CreditPayload,
  options: { signal?: AbortSignal; onReceipt?: (receipt: CreditReceipt) => void } = {},
  client: ApiClient = apiClient,
): Promise<Blob> {
  return client.post<Blob>('/apply-for-credit', payload, {
    responseType: 'blob',
    redirect: false,
    headers: { Accept: 'application/pdf, application/json' },
    ...(options.signal ? { signal: options.signal } : {}),
    onHeaders: (headers) => {
      const receipt = receiptOf(headers)
      if (receipt) options.onReceipt?.(receipt)
    },
  })
}

/** What the submit answers beside the PDF: its reference and a short-lived link to download it again. */
export interface CreditReceipt {
  reference: string
  /** The download-again token (X-PDF-Download-Token). */
  token: string
  /** ISO 8601: when the token stops working. */
  expiresAt: string
}

function receiptOf(headers: Headers): CreditReceipt | undefined {
  const reference = headers.get('x-application-reference')
  const token = headers.get('x-pdf-download-token')
  const expiresAt = headers.get('x-pdf-download-expires')
  return reference && token && expiresAt ? { reference, token, expiresAt } : undefined
}

/** The address of the PDF again, for the confirmation's link. */
export function downloadAgainUrl(token: string, apiBase = '/api'): string {
  return `${apiBase}/apply-for-credit/pdf?token=${encodeURIComponent(token)}`
}
