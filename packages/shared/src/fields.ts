/**
 * Reusable zod field builders. Every builder gives an empty value ONLY its 'required' message,
 * and a non-empty value the first rule it breaks (each check runs only if none failed before).
 */
import { z } from 'zod'
import { countWords, LIMITS } from './constants.ts'
import { normaliseMobile } from './mobile.ts'

// Defined with the constants (no zod), so a form can count words without loading the schemas.
export { countWords }

/**
 * `when` option of a check: run it only if the value has no issue yet. Used instead of
 * `abort: true`, because zod 4.6 lets an explicit abort anywhere in an object stop the object's
 * own refinements (password match, conditional rules) even when they have a `when`.
 */
export const noIssuesYet = (payload: { issues: readonly unknown[] }): boolean => payload.issues.length === 0

/** undefined, null, or a string of only white space. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export type TextRules = {
  min?: number
  tooShort?: string
  max?: number
  tooLong?: string
  /** Trim surrounding white space before checking (default true). */
  trim?: boolean
}

/**
 * A required string: a missing, non-string or blank value gives `required` only; then the
 * optional min/max bounds with their own messages.
 */
export function requiredText(required: string, rules: TextRules = {}): z.ZodString {
  let schema = z.string({ error: required })
  if (rules.trim !== false) schema = schema.trim()
  schema = schema.min(1, { error: required })
  const { min, max } = rules
  if (min !== undefined && min > 1) {
    schema = schema.refine((value) => value.length >= min, {
      error: rules.tooShort ?? required,
      when: noIssuesYet,
    })
  }
  if (max !== undefined) {
    schema = schema.refine((value) => value.length <= max, {
      error: rules.tooLong ?? required,
      when: noIssuesYet,
    })
  }
  return schema
}

/** Adds a check that runs only if the value has no issue yet (see noIssuesYet). */
export function rule<T extends z.ZodType>(
  schema: T,
  test: (value: z.output<T>) => boolean,
  message: string,
): T {
  return schema.refine(test, { error: message, when: noIssuesYet })
}

/** An optional free text, trimmed, bounded above. Accepts null and undefined as "not given". */
export function optionalText(max: number, tooLong: string) {
  return z.string({ error: tooLong }).trim().max(max, tooLong).nullish()
}

/** A person's name of 2 to 30 characters: '{label} must have at least 2 characters.' etc. */
export function personName(label: string): z.ZodString {
  return requiredText(`${label} is required.`, {
    min: LIMITS.nameMin,
    tooShort: `${label} must have at least 2 characters.`,
    max: LIMITS.nameMax,
    tooLong: `${label} is too long.`,
  })
}

export const firstNameField = personName('First name')

/**
 * Requirements §5: lastName "has the same bounds. Its minimum message also says First name. Its
 * required message is 'Last name is required.'" So the minimum message keeps the requirements' quirk;
 * the requirements give no too-long text of its own, and we chose 'Last name is too long.'.
 */
export const lastNameField = requiredText('Last name is required.', {
  min: LIMITS.nameMin,
  tooShort: 'First name must have at least 2 characters.',
  max: LIMITS.nameMax,
  tooLong: 'Last name is too long.',
})

export const EMAIL_PATTERN: RegExp = z.regexes.email

/**
 * A required, valid email address. An over-long address gets the invalid message. The messages are
 * the requirements' most common ones; a form whose spelling differs passes its own.
 */
export function emailField(messages: { required?: string; invalid?: string } = {}): z.ZodString {
  const { required = 'Email is required.', invalid = 'Invalid email address' } = messages
  return emailRule({ required, invalid })
}

function emailRule(messages: { required: string; invalid: string }): z.ZodString {
  return rule(
    requiredText(messages.required, { max: LIMITS.emailMax, tooLong: messages.invalid }),
    (value) => EMAIL_PATTERN.test(value),
    messages.invalid,
  )
}

export { formatMobile, normaliseMobile } from './mobile.ts'

/** 04 followed by 8 digits (requirements §5), from LIMITS. */
export const MOBILE_PATTERN = new RegExp(
  `^${LIMITS.mobilePrefix}\\d{${LIMITS.mobileDigitsAfterPrefix}}$`,
  'u',
)

/**
 * Mobile: 'Mobile is required.'; the value may be masked ('0412 345 678') or plain digits and
 * is output without spaces. 'Invalid mobile number.' is our text (the requirements give none).
 */
export const mobileField = rule(
  z
    .string({ error: 'Mobile is required.' })
    .overwrite(normaliseMobile)
    .min(1, { error: 'Mobile is required.' }),
  (value) => MOBILE_PATTERN.test(value),
  'Invalid mobile number.',
)

const PHONE_CHARACTERS = /^[\d\s()+-]*$/u

/**
 * Optional phone of the contact and quote forms: if given, at least 10 characters, else
 * 'Invalid phone number.'. Ours, with the same message: at most 20 characters, and only digits,
 * spaces, '+', '(', ')' and '-'.
 */
export const optionalPhoneField = rule(
  z.string({ error: 'Invalid phone number.' }).trim(),
  (value) =>
    value === '' ||
    (value.length >= LIMITS.phoneMin && value.length <= LIMITS.phoneMax && PHONE_CHARACTERS.test(value)),
  'Invalid phone number.',
).nullish()

/** A required phone (credit application): `required`, then the same rules as the optional one. */
export function requiredPhoneField(required = 'Phone is required.'): z.ZodString {
  return requiredText(required, {
    min: LIMITS.phoneMin,
    tooShort: 'Invalid phone number.',
    max: LIMITS.phoneMax,
    tooLong: 'Invalid phone number.',
  }).refine((value) => PHONE_CHARACTERS.test(value), { error: 'Invalid phone number.', when: noIssuesYet })
}

/** Message of the contact and quote forms: required, at most 500 words (and 5000 characters). */
export const messageField = requiredText('Message is required.', {
  max: LIMITS.messageMaxChars,
  tooLong: 'Message should not exceed 500 Words.',
}).refine((value) => countWords(value) <= LIMITS.messageMaxWords, {
  error: 'Message should not exceed 500 Words.',
  when: noIssuesYet,
})

/**
 * The quote's message, where it may be left out (when hire details are given; the quote schema requires it
 * otherwise, with the requirements' 'Message is required.'): '' when not given, else the message's limits.
 */
export const optionalMessageField = z
  .string({ error: 'Message is required.' })
  .trim()
  .nullish()
  .transform((value) => value ?? '')
  .refine((value) => value.length <= LIMITS.messageMaxChars, {
    error: 'Message should not exceed 500 Words.',
    when: noIssuesYet,
  })
  .refine((value) => countWords(value) <= LIMITS.messageMaxWords, {
    error: 'Message should not exceed 500 Words.',
    when: noIssuesYet,
  })

/**
 * A numeric choice (member type, customer type, invoice delivery). The form may hold the number
 * or its string ('2'); the output is the number. Missing/blank gives `required`, anything else
 * outside `values` gives `invalid` (default: `required`).
 */
export function numericChoice<const T extends readonly [number, ...number[]]>(
  values: T,
  messages: { required: string; invalid?: string },
) {
  const invalid = messages.invalid ?? messages.required
  return z
    .union([z.number(), z.string(), z.null()], { error: invalid })
    .optional()
    .transform((value): unknown => {
      if (typeof value !== 'string') return value
      const trimmed = value.trim()
      if (trimmed === '') return undefined
      return /^-?\d+$/u.test(trimmed) ? Number(trimmed) : value
    })
    .pipe(z.literal(values, { error: (issue) => (isBlank(issue.input) ? messages.required : invalid) }))
}

/** A checkbox that must be ticked; its input is any boolean, its output `true`. */
export function mustBeTrue(message: string) {
  return z.boolean({ error: message }).pipe(z.literal(true, { error: message }))
}

/** A user id as it travels on the wire. */
export const idSchema = z.string({ error: 'Id is required.' }).trim().min(1, 'Id is required.').max(64)

/* ---------- Australian business and company numbers ---------- */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const
const ACN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1] as const

/** The published ABN rule: 11 digits; subtract 1 from the first; weighted sum divisible by 89. */
export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s+/gu, '')
  if (!/^\d{11}$/u.test(digits)) return false
  let sum = 0
  for (let i = 0; i < 11; i++) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0)
    sum += digit * (ABN_WEIGHTS[i] ?? 0)
  }
  return sum % 89 === 0
}

/** The published ACN rule: 9 digits; the last is the complement of the weighted sum of the first 8, mod 10. */
export function isValidAcn(value: string): boolean {
  const digits = value.replace(/\s+/gu, '')
  if (!/^\d{9}$/u.test(digits)) return false
  let sum = 0
  for (let i = 0; i < 8; i++) sum += Number(digits[i]) * (ACN_WEIGHTS[i] ?? 0)
  return (10 - (sum % 10)) % 10 === Number(digits[8])
}

/** '51824753556' -> '51 824 753 556' (the display mask); other values unchanged. */
export function formatAbn(value: string): string {
  const digits = value.replace(/\s+/gu, '')
  return /^\d{11}$/u.test(digits)
    ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
    : value
}

export const ABN_INVALID = 'Invalid australian business number format.'
export const ACN_INVALID = 'Invalid australian company number format.'

/**
 * ABN: 'Australian business number is required.'; at least 14 characters including spaces (the
 * masked form), else 'Invalid australian business number format.'. Ours with the same message:
 * 11 digits once spaces are removed, and (when `checksum`) the published checksum.
 */
export function abnField(options: { checksum: boolean }): z.ZodString {
  const schema = requiredText('Australian business number is required.', {
    min: LIMITS.abnMinLength,
    tooShort: ABN_INVALID,
    max: 20,
    tooLong: ABN_INVALID,
  }).refine((value) => /^\d{11}$/u.test(value.replace(/\s+/gu, '')), {
    error: ABN_INVALID,
    when: noIssuesYet,
  })
  return options.checksum ? schema.refine(isValidAbn, { error: ABN_INVALID, when: noIssuesYet }) : schema
}

/* ---------- Issue forwarding for conditional rules ---------- */

type IssueSink = {
  addIssue(issue: { code: 'custom'; message: string; path: PropertyKey[]; input?: unknown }): void
  issues: readonly { path?: readonly PropertyKey[] | undefined }[]
}

const pathKey = (path: readonly PropertyKey[] | undefined) => (path ?? []).map(String).join('.')

/**
 * Validates `value` with `schema` and adds its issues to a refinement context under `prefix`,
 * skipping a path that already has an issue (so a field never shows two messages).
 */
export function forwardIssues(
  ctx: IssueSink,
  schema: z.ZodType,
  value: unknown,
  prefix: PropertyKey[] = [],
): void {
  const result = schema.safeParse(value)
  if (result.success) return
  const taken = new Set(ctx.issues.map((issue) => pathKey(issue.path)))
  for (const issue of result.error.issues) {
    const path = [...prefix, ...issue.path]
    const key = pathKey(path)
    if (taken.has(key)) continue
    taken.add(key)
    ctx.addIssue({ code: 'custom', message: issue.message, path, input: issue.input })
  }
}

/** Adds one issue unless its path already has one. */
export function addIssueOnce(ctx: IssueSink, path: PropertyKey[], message: string): void {
  const key = pathKey(path)
  if (ctx.issues.some((issue) => pathKey(issue.path) === key)) return
  ctx.addIssue({ code: 'custom', message, path })
}
