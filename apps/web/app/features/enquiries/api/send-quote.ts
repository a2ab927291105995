import type { Quote } from '@signalway/shared'
import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const QUOTE_PATH = '/get-a-quote'

/**
 * POST /api/get-a-quote (requirements §7): name, email, phone, services and source as plain lists of
 * strings, message. No redirect on a network failure: the form keeps what was typed.
 */
export function sendQuote(values: Quote, client: ApiClient = apiClient): Promise<EnquirySubmitted> {
  return client.post<EnquirySubmitted>(QUOTE_PATH, values, { redirect: false })
}
