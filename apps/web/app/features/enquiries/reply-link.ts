import { SITE } from '@signalway/shared'
import type { Enquiry } from '@signalway/shared/enquiry-inbox'
import { KIND_LABELS } from './types.ts'

/**
 * A mailto: link answering an enquiry: to the sender, subject 'Re: your quote request to
 * Signalway Traffic Hire', and the original message quoted. Every part is percent-encoded, so
 * nothing typed by the sender can add headers or recipients.
 */
export function replyMailto(
  enquiry: Pick<Enquiry, 'kind' | 'name' | 'email' | 'message' | 'createdAt'>,
): string {
  const what = KIND_LABELS[enquiry.kind].toLowerCase()
  const subject = `Re: your ${what} to ${SITE.name}`
  const quoted = enquiry.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n')
  const body = `Hello ${enquiry.name},\n\n\n\n${quoted}\n`
  return `mailto:${encodeURIComponent(enquiry.email)}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}
