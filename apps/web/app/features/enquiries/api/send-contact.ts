import type { Contact } from '@signalway/shared'
import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const CONTACT_PATH = '/contact'

/**
 * POST /api/contact (requirements §7): name, email, phone, message (and the empty honeypot).
 * No redirect to the maintenance page on a network failure: the form stays, with what was typed.
 */
export function sendContact(values: Contact, client: ApiClient = apiClient): Promise<EnquirySubmitted> {
  return client.post<EnquirySubmitted>(CONTACT_PATH, values, { redirect: false })
}
