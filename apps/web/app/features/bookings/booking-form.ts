import { emptyAddress } from '@signalway/shared/address'
import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type BookingPriceRequest,
  type BookingRequest,
  bookingRequestSchema,
  termsAcceptanceSchema,
} from '@signalway/shared/bookings'
import { BUSINESS_TIME_ZONE, parseIsoDay, wallTimeToInstant } from '@signalway/shared/business-time'
import { type SiteFormValues, siteFormSchema } from '@signalway/shared/customer-account-sites'
import type { MyCustomerAccount, MySite } from '@signalway/shared/customer-accounts'
import type { EquipmentType } from '@signalway/shared/fleet'
import { z } from 'zod'
import { BOOKING_FORM_MESSAGES } from './messages.ts'

/*
 * The booking form's values (ADR 048): text as the controls hold it, checked with the shared rules and turned
 * into the price request and the booking request. Days and times are the depot's wall time, turned into instants
 * with the depot's zone, so that a browser anywhere sends the same instant.
 */

/** Who may book on an account. */
export const BOOKING_ROLES: readonly MyCustomerAccount['role'][] = ['orderer', 'account_admin']

export function canBook(account: Pick<MyCustomerAccount, 'role'>): boolean {
  return BOOKING_ROLES.includes(account.role)
}

/** The site select's choice of a site not yet kept on the account. */
export const NEW_SITE = 'new'

/** Start and end times offered, every half hour ('HH:MM'). */
export const TIME_OPTIONS: readonly { value: string; label: string }[] = Array.from(
  { length: 48 },
  (_, index) => {
    const hour = Math.floor(index / 2)
    const value = `${String(hour).padStart(2, '0')}:${index % 2 === 0 ? '00' : '30'}`
    const twelve = hour % 12 === 0 ? 12 : hour % 12
    return { value, label: `${twelve}:${index % 2 === 0 ? '00' : '30'} ${hour < 12 ? 'am' : 'pm'}` }
  },
)

const quantityText = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, { error: BOOKING_MESSAGES.quantity })
  .refine((value) => Number(value) >= 1 && Number(value) <= BOOKING_LIMITS.maxQuantity, {
    error: BOOKING_MESSAGES.quantity,
  })

const lineSchema = z.object({
  typeId: z.string().min(1, { error: BOOKING_FORM_MESSAGES.chooseType }),
  quantity: quantityText,
})

const dayText = (message: string) =>
  z.string().refine((value) => parseIsoDay(value) !== undefined, { error: message })

const request = bookingRequestSchema.shape

export const bookingFormSchema = z
  .object({
    accountId: z.string(),
    /** The chosen account's rule, kept with the values so that the form's rules can read it. */
    poRequired: z.boolean(),
    lines: z
      .array(lineSchema)
      .min(1, { error: BOOKING_MESSAGES.linesRequired })
      .max(BOOKING_LIMITS.maxLines, { error: BOOKING_MESSAGES.tooManyLines }),
    startDate: dayText(BOOKING_MESSAGES.startsAt),
    startTime: z.string().min(1, { error: BOOKING_MESSAGES.startsAt }),
    endDate: dayText(BOOKING_MESSAGES.endsAt),
    endTime: z.string().min(1, { error: BOOKING_MESSAGES.endsAt }),
    delivery: z.enum(['delivery', 'pickup']),
    shift: z.enum(['day', 'night']),
    /** '' (none chosen), NEW_SITE, or a site's id. */
    siteId: z.string().min(1, { error: BOOKING_MESSAGES.siteRequired }),
    /** Checked only when a new site is chosen (below). */
    newSite: z.custom<SiteFormValues>(),
    siteContactName: request.siteContactName,
    siteContactPhone: request.siteContactPhone,
    poNumber: z.string().trim().max(BOOKING_LIMITS.poMax),
    jobReference: z.string().trim().max(BOOKING_LIMITS.jobReferenceMax),
    terms: z.object({
      accepted: z.boolean().pipe(termsAcceptanceSchema.shape.accepted),
      name: termsAcceptanceSchema.shape.name,
    }),
  })
  // Checked beside the fields' own rules, so that a submit says everything at once.
  .superRefine(crossFieldRules, {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
export type BookingFormValues = z.input<typeof bookingFormSchema>
export type BookingFormOutput = z.output<typeof bookingFormSchema>

/** The rules between fields: the account's purchase order rule, the end after the start, and a new site's fields. */
function crossFieldRules(values: BookingFormValues, context: z.RefinementCtx): void {
  if (values.poRequired && values.poNumber.trim() === '')
    context.addIssue({ code: 'custom', path: ['poNumber'], message: BOOKING_MESSAGES.poRequired })
  const starts = instantOf(values.startDate, values.startTime)
  const ends = instantOf(values.endDate, values.endTime)
  if (starts && ends && ends <= starts)
    context.addIssue({ code: 'custom', path: ['endDate'], message: BOOKING_MESSAGES.endBeforeStart })
  if (values.siteId !== NEW_SITE) return
  const site = siteFormSchema.safeParse(values.newSite)
  for (const issue of site.success ? [] : site.error.issues)
    context.addIssue({ code: 'custom', path: ['newSite', ...issue.path], message: issue.message })
}

/** What the address bar may choose: an equipment type (its slug) or a service, and an account. */
export interface BookingChoice {
  type?: string | undefined
  service?: string | undefined
  account?: number | undefined
}

export function bookingChoiceOf(search: URLSearchParams): BookingChoice {
  const account = Number(search.get('account'))
  return {
    type: search.get('type') ?? undefined,
    service: search.get('service') ?? undefined,
    account: Number.isInteger(account) && account > 0 ? account : undefined,
  }
}

/** The type the choice names: the type itself, or the first of the service's (the catalogue's order). */
export function chosenType(
  types: readonly EquipmentType[],
  choice: BookingChoice,
): EquipmentType | undefined {
  if (choice.type) {
    const type = types.find((candidate) => candidate.slug === choice.type)
    if (type) return type
  }
  return choice.service ? types.find((candidate) => candidate.serviceSlug === choice.service) : undefined
}

export function bookingFormDefaults(
  account: MyCustomerAccount | undefined,
  type: EquipmentType | undefined,
): BookingFormValues {
  return {
    accountId: account ? String(account.id) : '',
    poRequired: account?.poRequired ?? false,
    lines: [{ typeId: type ? String(type.id) : '', quantity: '1' }],
    startDate: '',
    startTime: '07:00',
    endDate: '',
    endTime: '17:00',
    delivery: 'delivery',
    shift: 'day',
    siteId: '',
    newSite: { name: '', address: emptyAddress(), defaultPo: '', contactName: '', contactPhone: '' },
    siteContactName: '',
    siteContactPhone: '',
    poNumber: '',
    jobReference: '',
    terms: { accepted: false, name: '' },
  }
}

/** What choosing a site fills in: its contact and its default purchase order number. */
export function siteFill(
  site: MySite | undefined,
): Pick<BookingFormValues, 'siteContactName' | 'siteContactPhone' | 'poNumber'> {
  return {
    siteContactName: site?.contactName ?? '',
    siteContactPhone: site?.contactPhone ?? '',
    poNumber: site?.defaultPo ?? '',
  }
}

/** The instant of a day ('YYYY-MM-DD') and a time ('HH:MM') of the zone, as ISO text; undefined when incomplete. */
export function instantOf(
  day: string,
  time: string,
  timeZone: string = BUSINESS_TIME_ZONE,
): string | undefined {
  const calendarDay = parseIsoDay(day)
  const match = /^(\d{2}):(\d{2})$/.exec(time)
  if (!calendarDay || !match) return undefined
  const wall = { ...calendarDay, hour: Number(match[1]), minute: Number(match[2]), second: 0 }
  return wallTimeToInstant(wall, timeZone).toISOString()
}

function linesOf(values: BookingFormValues): BookingPriceRequest['lines'] | undefined {
  const lines = values.lines.map((line) => ({ typeId: Number(line.typeId), quantity: Number(line.quantity) }))
  const complete = lines.every(
    (line) =>
      Number.isInteger(line.typeId) &&
      line.typeId > 0 &&
      Number.isInteger(line.quantity) &&
      line.quantity >= 1 &&
      line.quantity <= BOOKING_LIMITS.maxQuantity,
  )
  return complete && lines.length > 0 ? lines : undefined
}

/** The price request of the values so far, or null until the equipment, the dates and the site are known. */
export function priceRequestOf(values: BookingFormValues, timeZone: string): BookingPriceRequest | null {
  const lines = linesOf(values)
  const startsAt = instantOf(values.startDate, values.startTime, timeZone)
  const endsAt = instantOf(values.endDate, values.endTime, timeZone)
  if (!lines || !startsAt || !endsAt || Date.parse(endsAt) <= Date.parse(startsAt)) return null
  const period = { lines, startsAt, endsAt, delivery: values.delivery === 'delivery' }
  if (values.siteId === NEW_SITE) {
    const postcode = values.newSite.address.postcode.trim()
    return /^\d{4}$/.test(postcode) ? { ...period, postcode } : null
  }
  const siteId = Number(values.siteId)
  return Number.isInteger(siteId) && siteId > 0 ? { ...period, siteId } : null
}

const optionalText = (value: string) => (value.trim() === '' ? undefined : value.trim())

/** The booking request of checked values, with the terms' version and SHA-256 the person was shown. */
export function bookingRequestOf(
  values: BookingFormOutput,
  timeZone: string,
  terms: { version: string; sha256: string },
): BookingRequest {
  const site =
    values.siteId === NEW_SITE
      ? {
          newSite: {
            ...values.newSite,
            defaultPo: values.poNumber,
            contactName: values.siteContactName,
            contactPhone: values.siteContactPhone,
            // The state was checked against the list of states by siteFormSchema.
          } as NonNullable<BookingRequest['newSite']>,
        }
      : { siteId: Number(values.siteId) }
  return {
    lines: values.lines.map((line) => ({ typeId: Number(line.typeId), quantity: Number(line.quantity) })),
    startsAt: instantOf(values.startDate, values.startTime, timeZone) ?? '',
    endsAt: instantOf(values.endDate, values.endTime, timeZone) ?? '',
    delivery: values.delivery === 'delivery',
    ...site,
    nightWorks: values.shift === 'night',
    siteContactName: values.siteContactName,
    siteContactPhone: values.siteContactPhone,
    ...(optionalText(values.poNumber) ? { poNumber: values.poNumber.trim() } : {}),
    ...(optionalText(values.jobReference) ? { jobReference: values.jobReference.trim() } : {}),
    terms: { accepted: true, name: values.terms.name, ...terms },
  }
}

/** The server's names of the booking request's fields, as the form names them. */
const SERVER_FIELDS: Record<string, string> = {
  startsAt: 'startDate',
  endsAt: 'endDate',
  nightWorks: 'shift',
  'terms.version': 'terms.accepted',
  'terms.sha256': 'terms.accepted',
}

export function formFieldOf(serverKey: string): string {
  return SERVER_FIELDS[serverKey] ?? serverKey
}

const DAY_MS = 86_400_000

/**
 * The quote form's address with what is known of the hire: the service of the first line's type, its quantity,
 * the start day and the length in days.
 */
export function quoteLinkOf(
  types: readonly EquipmentType[],
  details: { typeId?: string; quantity?: string; startDate?: string; endDate?: string; service?: string },
): { service?: string; quantity?: number; start?: string; days?: number } {
  const type = types.find((candidate) => String(candidate.id) === details.typeId)
  const service = type?.serviceSlug ?? details.service
  const quantity = Number(details.quantity)
  const start = details.startDate && parseIsoDay(details.startDate) ? details.startDate : undefined
  const end = details.endDate && parseIsoDay(details.endDate) ? details.endDate : undefined
  const days = start && end ? Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1 : undefined
  return {
    ...(service ? { service } : {}),
    ...(type && Number.isInteger(quantity) && quantity >= 1 ? { quantity } : {}),
    ...(start ? { start } : {}),
    ...(days && days >= 1 ? { days } : {}),
  }
}
