/**
 * Contact message and quote request (requirements §3, §5; POST /contact and /get-a-quote).
 */
import { z } from 'zod'
import { HONEYPOT_FIELD, HOW_HEARD, QUOTE_SERVICES } from './constants.ts'
import {
  emailField,
  isBlank,
  messageField,
  optionalMessageField,
  optionalPhoneField,
  personName,
} from './fields.ts'
import { checkQuantities, hasHireDetails, hireDetailsFields } from './hire-details.ts'

// Defined with the constants (no zod), so a form can render the field without loading the schemas.
export { HONEYPOT_FIELD }

const contactFields = {
  name: personName('Name'),
  /** The requirements give no invalid-address text for contact/quote: 'Invalid email address' is ours. */
  email: emailField({ required: 'Email address is required.' }),
  phone: optionalPhoneField,
  message: messageField,
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
}

export const contactSchema = z.object(contactFields)
export type Contact = z.output<typeof contactSchema>
export type ContactInput = z.input<typeof contactSchema>

/** A list of strings; a single string (a "plain value") is taken as a list of one. */
function choiceList<const T extends readonly [string, ...string[]]>(
  values: T,
  messages: { required: string; invalid: string },
) {
  return z
    .union([z.array(z.string(), { error: messages.required }), z.string()], { error: messages.required })
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
    .pipe(
      z
        .array(z.enum(values, { error: messages.invalid }))
        .min(1, { error: messages.required })
        .max(values.length, { error: messages.invalid })
        .refine((list) => new Set(list).size === list.length, { error: messages.invalid }),
    )
}

const MESSAGE_REQUIRED = 'Message is required.'

export const quoteSchema = z
  .object({
    ...contactFields,
    services: choiceList(QUOTE_SERVICES, {
      required: 'Please select at least 1 service.',
      invalid: 'Invalid service.',
    }),
    source: choiceList(HOW_HEARD, { required: 'Please select at least 1 item.', invalid: 'Invalid item.' }),
    // The message may be left out when hire details are given (then checked below, with the requirements' message).
    message: optionalMessageField,
    // The hire details, all optional, beside the requirements' payload.
    ...hireDetailsFields,
  })
  .superRefine(checkQuantities)
  // Requirements §5's 'Message is required.' when there are no hire details: checked whatever else is wrong, so
  // that an empty form shows it beside the other fields' messages, as the contact form does.
  // Run whatever else is wrong, it also sees a body that is no object at all (null): that one is refused already.
  .refine(
    (value) =>
      typeof value !== 'object' || value === null || !isBlank(value.message) || hasHireDetails(value),
    {
      path: ['message'],
      error: MESSAGE_REQUIRED,
      when: () => true,
    },
  )
export type Quote = z.output<typeof quoteSchema>
export type QuoteInput = z.input<typeof quoteSchema>

/** True when the honeypot field holds anything: the submission is from a bot. */
export function isHoneypotFilled(values: { [HONEYPOT_FIELD]?: string | undefined }): boolean {
  return (values[HONEYPOT_FIELD] ?? '').trim() !== ''
}
