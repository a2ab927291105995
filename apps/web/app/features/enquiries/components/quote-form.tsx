import {
  HONEYPOT_FIELD,
  HOW_HEARD,
  LIMITS,
  MESSAGES,
  QUOTE_SERVICES,
  type Quote,
  type QuoteInput,
} from '@signalway/shared'
import { useId, useState } from 'react'
import {
  applyServerErrors,
  Form,
  FormActions,
  MultiSelect,
  PrivacyNotice,
  RequiredFieldsNote,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { sendQuote } from '../api/send-quote.ts'
import { type PostedEnquiry, postedFormOptions } from '../posted.ts'
import { HoneypotField } from './honeypot-field.tsx'
import { PostedMessage } from './posted-message.tsx'

/** Loaded when the form is first used (schemas.ts). */
const loadQuoteSchema = () => import('../schemas.ts').then((module) => module.quoteSchema)

export function quoteDefaults(services: string[] = []): QuoteInput {
  return { name: '', email: '', phone: '', services, source: [], message: '', [HONEYPOT_FIELD]: '' }
}

/**
 * Get A Quote (SPEC.md §2, §5, §8): Name, Email Address, Phone Number, Services and How did you
 * hear about us? (multi-selects with select-all), Message, Submit. `services` preselects options
 * (a service page links here with its service). Success: notification and an empty form;
 * failure: the spec's message, field messages of a 400, nothing typed lost.
 */
export function QuoteForm({
  services = [],
  send = sendQuote,
  posted,
}: {
  services?: string[]
  send?: (values: Quote) => Promise<unknown>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted?: PostedEnquiry | undefined
}) {
  const notify = useNotify()
  const headingId = useId()
  // Once sent, the form is empty, as after the app sends it.
  const [options] = useState(() => postedFormOptions(posted, quoteDefaults(posted ? [] : services)))
  const [postedAnswer, setPostedAnswer] = useState(posted)
  const form = useZodForm(loadQuoteSchema, options)

  const onSubmit = async (values: Quote) => {
    setPostedAnswer(undefined)
    try {
      await send(values)
      notify.success(MESSAGES.quoteSent)
      form.reset(quoteDefaults())
    } catch (error) {
      applyServerErrors(form, error)
      notify.error(MESSAGES.quoteFailed)
    }
  }

  return (
    <section className="enquiry-form" aria-labelledby={headingId}>
      <h2 id={headingId} className="enquiry-form__title">
        Request a quote
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId}>
        <PostedMessage posted={postedAnswer} sent={MESSAGES.quoteSent} failed={MESSAGES.quoteFailed} />
        <RequiredFieldsNote />
        <PrivacyNotice purpose="only to prepare and send your quote" />
        <TextField name="name" label="Name" autoComplete="name" required />
        <div className="form-row">
          <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
          <TextField name="phone" type="tel" label="Phone Number" autoComplete="tel" />
        </div>
        <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required />
        <MultiSelect name="source" label="How did you hear about us?" options={HOW_HEARD} required />
        <TextArea
          name="message"
          label="Message"
          hint="Tell us the dates, the location and anything else we should know."
          wordLimit={LIMITS.messageMaxWords}
          required
        />
        <HoneypotField />
        <FormActions>
          <SubmitButton busyLabel="Sending your quote request…">Submit</SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
