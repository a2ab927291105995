import {
  HONEYPOT_FIELD,
  HOW_HEARD,
  LIMITS,
  MESSAGES,
  QUOTE_SERVICES,
  type Quote,
  type QuoteInput,
} from '@signalway/shared'
import type { EnquirySubmitted } from '@signalway/shared/enquiry-inbox'
import { hasHireDetails } from '@signalway/shared/hire-details'
import { useContext, useMemo } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { MultiSelect, TextArea } from '../../../components/form/index.ts'
import { AuthContext } from '../../../lib/auth-context.ts'
import type { UserProfile } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { sendQuote } from '../api/send-quote.ts'
import type { PostedEnquiry } from '../posted.ts'
import { EnquiryForm } from './enquiry-form.tsx'
import { HireDetailsFields } from './hire-details-fields.tsx'

/** Loaded when the form is first used (schemas.ts). */
const loadQuoteSchema = () => import('../schemas.ts').then((module) => module.quoteSchema)

/** The quote form's values: empty, with `services` ticked and any hire `details` filled in. */
export function quoteDefaults(services: string[] = [], details: Partial<QuoteInput> = {}): QuoteInput {
  const empty = {
    name: '',
    email: '',
    phone: '',
    services,
    source: [],
    message: '',
    // The optional hire details.
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
  // A quantity's service key from the details joins the empty ones of the other services.
  const quantities = { ...(empty.quantities as object), ...(details.quantities as object | undefined) }
  return { ...empty, ...details, quantities } as QuoteInput
}

/**
 * Get A Quote (requirements §2, §5, §8): Name, Email Address, Phone Number, Services and How did you
 * hear about us? (multi-selects with select-all), Message, Submit. `services` preselects options
 * (a service page links here with its service). Success: notification and an empty form;
 * failure: the requirements' message, field messages of a 400, nothing typed lost.
 */
export function QuoteForm({
  services = [],
  details,
  send = sendQuote,
  posted,
}: {
  services?: string[]
  /** Hire details filled in from the address (quote-prefill.ts). */
  details?: Partial<QuoteInput>
  send?: (values: Quote) => Promise<EnquirySubmitted>
  /** The answer when the form was posted to the page without JavaScript (`form-post.server.ts`). */
  posted?: PostedEnquiry | undefined
}) {
  const profile = useContext(AuthContext)?.profile ?? null
  const prefill = useMemo(() => accountDetails(profile), [profile])
  return (
    <EnquiryForm
      kind="quote"
      page={paths.getAQuote}
      prefill={prefill}
      title="Request a quote"
      schema={loadQuoteSchema}
      // Once sent, the form is empty, as after the app sends it.
      defaults={posted ? quoteDefaults() : quoteDefaults(services, details)}
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
      <QuoteMessage />
    </EnquiryForm>
  )
}

/** A signed-in customer's details from their account: who is asking, filled in (company members' company too). */
export function accountDetails(profile: UserProfile | null): Partial<QuoteInput> | undefined {
  if (!profile) return undefined
  return {
    name: `${profile.firstName} ${profile.lastName}`.trim(),
    email: profile.email,
    phone: profile.mobile,
    company: profile.companyName ?? '',
  }
}

/** The message: required (requirements §5) unless hire details are given, as the shared schema says. */
function QuoteMessage() {
  const { control } = useFormContext()
  const values = useWatch({ control })
  const optional = hasHireDetails(values)
  return (
    <TextArea
      name="message"
      label="Message"
      hint={
        optional
          ? 'Optional with the hire details above: anything else we should know.'
          : 'Tell us the dates, the location and anything else we should know, or give the hire details above.'
      }
      wordLimit={LIMITS.messageMaxWords}
      required={!optional}
    />
  )
}
