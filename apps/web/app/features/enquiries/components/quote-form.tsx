import {
  HONEYPOT_FIELD,
  HOW_HEARD,
  LIMITS,
  MESSAGES,
  QUOTE_SERVICES,
  type Quote,
  type QuoteInput,
} from '@signalway/shared'
import { MultiSelect, TextArea } from '../../../components/form/index.ts'
import { sendQuote } from '../api/send-quote.ts'
import type { PostedEnquiry } from '../posted.ts'
import { EnquiryForm } from './enquiry-form.tsx'
import { HireDetailsFields } from './hire-details-fields.tsx'

/** Loaded when the form is first used (schemas.ts). */
const loadQuoteSchema = () => import('../schemas.ts').then((module) => module.quoteSchema)

export function quoteDefaults(services: string[] = []): QuoteInput {
  return {
    name: '',
    email: '',
    phone: '',
    services,
    source: [],
    message: '',
    // Issue 17: the optional hire details.
    company: '',
    startDate: '',
    hireLength: '',
    hireLengthUnit: 'days',
    siteSuburb: '',
    sitePostcode: '',
    quantities: Object.fromEntries(QUOTE_SERVICES.map((service) => [service, ''])),
    shift: '',
    [HONEYPOT_FIELD]: '',
  } as QuoteInput
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
  return (
    <EnquiryForm
      title="Request a quote"
      schema={loadQuoteSchema}
      // Once sent, the form is empty, as after the app sends it.
      defaults={quoteDefaults(posted ? [] : services)}
      emptied={quoteDefaults()}
      send={send}
      posted={posted}
      messages={{ sent: MESSAGES.quoteSent, failed: MESSAGES.quoteFailed }}
      purpose="only to prepare and send your quote"
      submit={{ label: 'Submit', busyLabel: 'Sending your quote request…' }}
    >
      <MultiSelect name="services" label="Services" options={QUOTE_SERVICES} required />
      <HireDetailsFields />
      <MultiSelect name="source" label="How did you hear about us?" options={HOW_HEARD} required />
      <TextArea
        name="message"
        label="Message"
        hint="Tell us the dates, the location and anything else we should know."
        wordLimit={LIMITS.messageMaxWords}
        required
      />
    </EnquiryForm>
  )
}
