import { type Contact, type ContactInput, HONEYPOT_FIELD, LIMITS, MESSAGES } from '@signalway/shared'
import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import { TextArea } from '../../../components/form/index.ts'
import { paths } from '../../../lib/paths.ts'
import { sendContact } from '../api/send-contact.ts'
import type { PostedEnquiry } from '../posted.ts'
import { EnquiryForm } from './enquiry-form.tsx'

/** Loaded when the form is first used (schemas.ts). */
const loadContactSchema = () => import('../schemas.ts').then((module) => module.contactSchema)

export const CONTACT_DEFAULTS: ContactInput = {
  name: '',
  email: '',
  phone: '',
  message: '',
  [HONEYPOT_FIELD]: '',
}

/**
 * Contact Us (requirements §2, §5, §8): Name, Email Address, Phone Number, Message, Send. On success
 * the requirements' notification and an empty form; on failure the requirements' message, the server's field
 * messages on a 400, and everything typed kept.
 */
export function ContactForm({
  send = sendContact,
  posted,
}: {
  send?: (values: Contact) => Promise<EnquirySubmitted>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted?: PostedEnquiry | undefined
}) {
  return (
    <EnquiryForm
      kind="contact"
      page={paths.contactUs}
      title="Send us a message"
      schema={loadContactSchema}
      defaults={CONTACT_DEFAULTS}
      send={send}
      posted={posted}
      messages={{ sent: MESSAGES.contactSent, failed: MESSAGES.contactFailed }}
      purpose="only to answer your message"
      submit={{ label: 'Send', busyLabel: 'Sending your message…' }}
    >
      <TextArea name="message" label="Message" wordLimit={LIMITS.messageMaxWords} required />
    </EnquiryForm>
  )
}
