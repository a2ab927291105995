import { type Contact, type ContactInput, HONEYPOT_FIELD, LIMITS, MESSAGES } from '@signalway/shared'
import { useId, useState } from 'react'
import {
  applyServerErrors,
  Form,
  FormActions,
  PrivacyNotice,
  RequiredFieldsNote,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { sendContact } from '../api/send-contact.ts'
import { type PostedEnquiry, postedFormOptions } from '../posted.ts'
import { HoneypotField } from './honeypot-field.tsx'
import { PostedMessage } from './posted-message.tsx'

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
 * Contact Us (SPEC.md §2, §5, §8): Name, Email Address, Phone Number, Message, Send. On success
 * the spec's notification and an empty form; on failure the spec's message, the server's field
 * messages on a 400, and everything typed kept.
 */
export function ContactForm({
  send = sendContact,
  posted,
}: {
  send?: (values: Contact) => Promise<unknown>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted?: PostedEnquiry | undefined
}) {
  const notify = useNotify()
  const headingId = useId()
  const [options] = useState(() => postedFormOptions(posted, CONTACT_DEFAULTS))
  const [postedAnswer, setPostedAnswer] = useState(posted)
  const form = useZodForm(loadContactSchema, options)

  const onSubmit = async (values: Contact) => {
    setPostedAnswer(undefined)
    try {
      await send(values)
      notify.success(MESSAGES.contactSent)
      form.reset(CONTACT_DEFAULTS)
    } catch (error) {
      applyServerErrors(form, error)
      notify.error(MESSAGES.contactFailed)
    }
  }

  return (
    <section className="enquiry-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="enquiry-form__title">
        Send us a message
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
        <PostedMessage posted={postedAnswer} sent={MESSAGES.contactSent} failed={MESSAGES.contactFailed} />
        <RequiredFieldsNote />
        <PrivacyNotice purpose="only to answer your message" />
        <TextField name="name" label="Name" autoComplete="name" required />
        <div className="form-row">
          <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
          <TextField name="phone" type="tel" label="Phone Number" autoComplete="tel" />
        </div>
        <TextArea name="message" label="Message" wordLimit={LIMITS.messageMaxWords} required />
        <HoneypotField />
        <FormActions>
          <SubmitButton busyLabel="Sending your message…">Send</SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
