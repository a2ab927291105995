import { z } from 'zod'
import { businessDay, formatIsoDay, parseIsoDay, startOfDayIn } from './business-time.ts'
import { QUOTE_SERVICES } from './constants.ts'
import type { HireLengthUnit, WorkShift } from './hire-detail-lines.ts'

/*
 * A quote request's hire details: optional fields beside the requirements' quote payload (which stays as it
 * is), so that a depot can price the hire: the company, the start date, the hire length, the site, a quantity
 * per chosen service and day or night works. Forms send text ('' for nothing); the schema gives them types.
 */

export {
  HIRE_LENGTH_UNITS,
  type HireLengthUnit,
  hireDetailLines,
  WORK_SHIFTS,
  type WorkShift,
} from './hire-detail-lines.ts'

export const HIRE_LIMITS = { lengthMax: 365, quantityMax: 99, companyMax: 120, suburbMax: 80 } as const

export const HIRE_MESSAGES = {
  companyTooLong: 'Company name is too long.',
  startDateInvalid: 'Please enter a valid date.',
  startDatePast: 'The start date cannot be before today.',
  hireLength: `Hire length must be a whole number from 1 to ${HIRE_LIMITS.lengthMax}.`,
  hireLengthUnit: 'Please choose days or weeks.',
  suburbTooLong: 'Suburb is too long.',
  postcode: 'Postcode must be 4 digits.',
  quantity: `Quantity must be a whole number from 1 to ${HIRE_LIMITS.quantityMax}.`,
  quantityService: 'A quantity can only be given for a chosen service.',
  shift: 'Please choose day works, night works or both.',
} as const

/** '' (or nothing) means not given. */
const blank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (blank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
    schema.optional(),
  )
}

const wholeNumber = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })

/** The start date: a day (YYYY-MM-DD) from today on, today being the business's (Melbourne) day. */
const startDate = z
  .string({ error: HIRE_MESSAGES.startDateInvalid })
  .refine((value) => parseIsoDay(value) !== undefined, { error: HIRE_MESSAGES.startDateInvalid })
  .refine(
    (value) => {
      const day = parseIsoDay(value)
      return day === undefined || startOfDayIn(day) >= startOfDayIn(businessDay())
    },
    { error: HIRE_MESSAGES.startDatePast, abort: true },
  )

/** The hire details' fields, each optional; spread into the quote schema. */
export const hireDetailsFields = {
  company: optional(z.string().max(HIRE_LIMITS.companyMax, { error: HIRE_MESSAGES.companyTooLong })),
  startDate: optional(startDate),
  hireLength: optional(wholeNumber(HIRE_LIMITS.lengthMax, HIRE_MESSAGES.hireLength)),
  hireLengthUnit: optional(z.enum(['days', 'weeks'], { error: HIRE_MESSAGES.hireLengthUnit })),
  siteSuburb: optional(z.string().max(HIRE_LIMITS.suburbMax, { error: HIRE_MESSAGES.suburbTooLong })),
  sitePostcode: optional(z.string().regex(/^\d{4}$/u, { error: HIRE_MESSAGES.postcode })),
  /** A quantity per chosen service, by the service's name; blank entries are dropped. */
  quantities: z
    .preprocess(
      (value) =>
        value && typeof value === 'object' && !Array.isArray(value)
          ? Object.fromEntries(Object.entries(value).filter(([, quantity]) => !blank(quantity)))
          : value,
      z.partialRecord(z.enum(QUOTE_SERVICES), wholeNumber(HIRE_LIMITS.quantityMax, HIRE_MESSAGES.quantity)),
    )
    .optional(),
  shift: optional(z.enum(['day', 'night', 'both'], { error: HIRE_MESSAGES.shift })),
}

/**
 * Whether a quote gives hire details, which make its message optional: a start date, a hire length, a site
 * (suburb or postcode), a quantity or day or night works. The company alone says who asks, not what is hired; the
 * unit of the hire length is always sent.
 */
export function hasHireDetails(values: object): boolean {
  const record = values as Record<string, unknown>
  const quantities = record.quantities
  return (
    ['startDate', 'hireLength', 'siteSuburb', 'sitePostcode', 'shift'].some((key) => !blank(record[key])) ||
    (typeof quantities === 'object' &&
      quantities !== null &&
      Object.values(quantities).some((quantity) => !blank(quantity)))
  )
}

/** A quantity for a service that was not chosen is refused (the form shows quantities for chosen ones). */
export function checkQuantities(
  value: { services: readonly string[]; quantities?: Partial<Record<string, number>> | undefined },
  ctx: z.RefinementCtx,
): void {
  for (const service of Object.keys(value.quantities ?? {})) {
    if (!value.services.includes(service)) {
      ctx.addIssue({ code: 'custom', path: ['quantities', service], message: HIRE_MESSAGES.quantityService })
    }
  }
}

export const hireDetailsSchema = z
  .object({
    company: z.string().optional(),
    startDate: z.string().optional(),
    hireLength: z.object({ value: z.number().int(), unit: z.enum(['days', 'weeks']) }).optional(),
    site: z.object({ suburb: z.string(), postcode: z.string() }).optional(),
    quantities: z.record(z.string(), z.number().int()).optional(),
    shift: z.enum(['day', 'night', 'both']).optional(),
  })
  .meta({ id: 'HireDetails' })
/** The hire details as stored and shown: only what was given. */
export type HireDetails = z.infer<typeof hireDetailsSchema>

/** The parsed quote's hire fields as one record; null when none was given. */
export function hireDetailsOf(values: {
  company?: string | undefined
  startDate?: string | undefined
  hireLength?: number | undefined
  hireLengthUnit?: HireLengthUnit | undefined
  siteSuburb?: string | undefined
  sitePostcode?: string | undefined
  quantities?: Partial<Record<string, number>> | undefined
  shift?: WorkShift | undefined
}): HireDetails | null {
  const details: HireDetails = {}
  if (values.company) details.company = values.company
  if (values.startDate) details.startDate = values.startDate
  if (values.hireLength)
    details.hireLength = { value: values.hireLength, unit: values.hireLengthUnit ?? 'days' }
  if (values.siteSuburb || values.sitePostcode) {
    details.site = { suburb: values.siteSuburb ?? '', postcode: values.sitePostcode ?? '' }
  }
  const quantities = Object.entries(values.quantities ?? {}).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  )
  if (quantities.length > 0) details.quantities = Object.fromEntries(quantities)
  if (values.shift) details.shift = values.shift
  return Object.keys(details).length > 0 ? details : null
}

/** Today in the business's time zone as YYYY-MM-DD: the date picker's earliest day. */
export function earliestStartDate(now: Date = new Date()): string {
  return formatIsoDay(businessDay(now))
}
