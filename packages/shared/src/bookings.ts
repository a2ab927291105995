import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { siteInputSchema } from './customer-account-sites.ts'
import { noIssuesYet } from './fields.ts'

/*
 * Hiring online (ADR 048, requirements §19): the booking an account member makes for a job site, its price from
 * the one rate engine, its statuses, and the off-hire that stops a unit's charges. Shared by the API, the booking
 * form, the portal and the staff inbox.
 */

export const BOOKING_STATUSES = [
  'awaiting_approval',
  'requested',
  'confirmed',
  'on_hire',
  'off_hire_requested',
  'off_hired',
  'closed',
  'declined',
  'cancelled',
] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const BOOKING_STATUS_WORDS: Record<BookingStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  requested: 'Requested',
  confirmed: 'Confirmed',
  on_hire: 'On hire',
  off_hire_requested: 'Off-hire requested',
  off_hired: 'Off-hired',
  closed: 'Closed',
  declined: 'Declined',
  cancelled: 'Cancelled',
}

/** Why a request waits for staff before they may confirm it. */
export const STAFF_CHECKS = ['over_credit', 'on_hold'] as const
export type StaffCheck = (typeof STAFF_CHECKS)[number]

export const STAFF_CHECK_WORDS: Record<StaffCheck, string> = {
  over_credit: 'It is over the account’s available credit, so our team will check it before confirming.',
  on_hold: 'The account is on hold, so our team will check it before confirming.',
}

export const BOOKING_LIMITS = {
  maxLines: 10,
  maxQuantity: 50,
  poMax: 60,
  jobReferenceMax: 60,
  contactMax: 100,
  accessNotesMax: 500,
  /** How far ahead a hire may start. */
  maxDaysAhead: 365,
  /** How long a booking may run from its start (an extension may take it on later). */
  maxHireDays: 365,
} as const

/** 'BK-2026-000123' and 'OH-2026-000123': a prefix, the Melbourne year, and that year's number. */
export function formatYearReference(prefix: 'BK' | 'OH', year: number, number: number): string {
  return `${prefix}-${year}-${String(number).padStart(6, '0')}`
}

const id = z.number().int().min(1).max(MAX_RECORD_ID)
// Only an ISO string with an offset: without one, `new Date()` would read the wall time of the machine's own zone.
const instant = (message: string) => z.iso.datetime({ offset: true, error: message })

export const BOOKING_MESSAGES = {
  linesRequired: 'Choose at least one item of equipment.',
  tooManyLines: `A booking can have at most ${BOOKING_LIMITS.maxLines} lines.`,
  quantity: `Enter a quantity from 1 to ${BOOKING_LIMITS.maxQuantity}.`,
  startsAt: 'Enter the start date and time.',
  endsAt: 'Enter the expected end date.',
  endBeforeStart: 'The expected end must be after the start.',
  siteRequired: 'Choose a job site or add a new one.',
  postcodeRequired: 'Enter the site’s postcode.',
  poRequired: 'Enter the purchase order number: this account requires one on every booking.',
  notFound: 'Booking not found.',
} as const

export const bookingLineInputSchema = z
  .object({
    typeId: id,
    quantity: z
      .int({ error: BOOKING_MESSAGES.quantity })
      .min(1, { error: BOOKING_MESSAGES.quantity })
      .max(BOOKING_LIMITS.maxQuantity, { error: BOOKING_MESSAGES.quantity }),
  })
  .strict()
export type BookingLineInput = z.infer<typeof bookingLineInputSchema>

const periodFields = {
  lines: z
    .array(bookingLineInputSchema, { error: BOOKING_MESSAGES.linesRequired })
    .min(1, { error: BOOKING_MESSAGES.linesRequired })
    .max(BOOKING_LIMITS.maxLines, { error: BOOKING_MESSAGES.tooManyLines }),
  startsAt: instant(BOOKING_MESSAGES.startsAt),
  endsAt: instant(BOOKING_MESSAGES.endsAt),
  /** true: delivered to the site and collected from it; false: picked up at and returned to the depot. */
  delivery: z.boolean(),
}

const endAfterStart = <T extends { startsAt: string; endsAt: string }>(value: T) =>
  Date.parse(value.endsAt) > Date.parse(value.startsAt)

/**
 * POST /api/my-account/customer-accounts/:id/bookings/price: the booking form's live price and availability. The
 * site is one of the account's (`siteId`) or a new one's postcode.
 */
export const bookingPriceRequestSchema = z
  .object({
    ...periodFields,
    siteId: id.optional(),
    postcode: z
      .string()
      .regex(/^\d{4}$/, { error: BOOKING_MESSAGES.postcodeRequired })
      .optional(),
  })
  .strict()
  .refine(endAfterStart, { path: ['endsAt'], error: BOOKING_MESSAGES.endBeforeStart, when: noIssuesYet })
  .refine((value) => value.siteId !== undefined || value.postcode !== undefined, {
    path: ['siteId'],
    error: BOOKING_MESSAGES.siteRequired,
    when: noIssuesYet,
  })
  .meta({ id: 'BookingPriceRequest' })
export type BookingPriceRequest = z.infer<typeof bookingPriceRequestSchema>

export const depotRefSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  timeZone: z.string(),
})
export type DepotRef = z.infer<typeof depotRefSchema>

export const bookingPriceLineSchema = z.object({
  typeId: z.number().int(),
  typeSlug: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  /** Units of the type free at the depot for the whole period. */
  free: z.number().int(),
  available: z.boolean(),
  /** When it cannot be met: the first day (the depot's, 'YYYY-MM-DD') the quantity is free, within a year. */
  firstFreeDay: z.string().nullable(),
  /** When it cannot be met: another depot that has the quantity free for the period. */
  otherDepot: depotRefSchema.extend({ free: z.number().int() }).nullable(),
  subtotalCents: z.number().int(),
  /** The rate engine's breakdown ("1 week × $1,200.00 = $1,200.00"). */
  breakdown: z.array(z.string()),
})
export type BookingPriceLine = z.infer<typeof bookingPriceLineSchema>

export const bookingPriceSchema = z
  .object({
    depot: depotRefSchema,
    /** Hire days of the period (the rate engine's). */
    days: z.number().int(),
    lines: z.array(bookingPriceLineSchema),
    deliveryFeeCents: z.number().int(),
    collectionFeeCents: z.number().int(),
    subtotalCents: z.number().int(),
    gstCents: z.number().int(),
    totalCents: z.number().int(),
    /** Every line can be met. */
    available: z.boolean(),
  })
  .meta({ id: 'BookingPrice' })
export type BookingPrice = z.infer<typeof bookingPriceSchema>

/** What the person accepting the Terms and Conditions of Hire saw and typed. */
export const termsAcceptanceSchema = z
  .object({
    accepted: z.literal(true, { error: 'Accept the Terms and Conditions of Hire to book.' }),
    /** The full name typed by the person accepting. */
    name: z.string().trim().min(1, { error: 'Enter your full name to accept the terms.' }).max(100),
    /** The version and SHA-256 of the text shown (the server checks they are the current text's). */
    version: z.string().min(1).max(40),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .strict()

/** POST /api/my-account/customer-accounts/:id/bookings: a booking request (Orderers and Account admins). */
export const bookingRequestSchema = z
  .object({
    ...periodFields,
    siteId: id.optional(),
    newSite: siteInputSchema.optional(),
    nightWorks: z.boolean(),
    siteContactName: z
      .string()
      .trim()
      .min(1, { error: 'Enter the site contact’s name.' })
      .max(BOOKING_LIMITS.contactMax),
    siteContactPhone: z.string().trim().min(1, { error: 'Enter the site contact’s phone number.' }).max(30),
    poNumber: z.string().trim().max(BOOKING_LIMITS.poMax).optional(),
    jobReference: z.string().trim().max(BOOKING_LIMITS.jobReferenceMax).optional(),
    terms: termsAcceptanceSchema,
  })
  .strict()
  .refine(endAfterStart, { path: ['endsAt'], error: BOOKING_MESSAGES.endBeforeStart, when: noIssuesYet })
  .refine((value) => (value.siteId === undefined) !== (value.newSite === undefined), {
    path: ['siteId'],
    error: BOOKING_MESSAGES.siteRequired,
    when: noIssuesYet,
  })
  .meta({ id: 'BookingRequest' })
export type BookingRequest = z.input<typeof bookingRequestSchema>

export const bookingSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  staffCheck: z.enum(STAFF_CHECKS).nullable(),
  accountId: z.number().int(),
  accountNumber: z.string(),
  accountName: z.string(),
  siteId: z.number().int(),
  siteName: z.string(),
  depot: depotRefSchema,
  startsAt: z.string(),
  endsAt: z.string(),
  delivery: z.boolean(),
  poNumber: z.string().nullable(),
  jobReference: z.string().nullable(),
  orderedByName: z.string(),
  totalCents: z.number().int(),
  createdAt: z.string(),
  version: z.number().int(),
})
export type BookingSummary = z.infer<typeof bookingSummarySchema>

export const bookingItemSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  dayRateCents: z.number().int(),
  weekRateCents: z.number().int(),
  minimumDays: z.number().int(),
  subtotalCents: z.number().int(),
})

/** A unit a booking holds, and where it stands. */
export const bookingUnitSchema = z.object({
  lineId: z.number().int(),
  itemId: z.number().int().nullable(),
  unitId: z.number().int(),
  fleetNumber: z.string(),
  typeName: z.string(),
  onHireAt: z.string().nullable(),
  offHireAt: z.string().nullable(),
  offHireNumber: z.string().nullable(),
  collectedAt: z.string().nullable(),
})
export type BookingUnit = z.infer<typeof bookingUnitSchema>

export const bookingDetailSchema = bookingSummarySchema
  .extend({
    siteAddress: z.string(),
    siteContactName: z.string(),
    siteContactPhone: z.string(),
    nightWorks: z.boolean(),
    items: z.array(bookingItemSchema),
    units: z.array(bookingUnitSchema),
    deliveryFeeCents: z.number().int(),
    collectionFeeCents: z.number().int(),
    subtotalCents: z.number().int(),
    gstCents: z.number().int(),
    acceptedName: z.string(),
    acceptedAt: z.string(),
    termsVersion: z.string(),
    hasAgreement: z.boolean(),
    declineReason: z.string().nullable(),
  })
  .meta({ id: 'BookingDetail' })
export type BookingDetail = z.infer<typeof bookingDetailSchema>

/* The booking request's checks, an Account admin's approval and the portal's list (ADR 048). */

export const BOOKING_REQUEST_MESSAGES = {
  startInPast: 'The start cannot be in the past.',
  startTooFar: `A hire can start at most ${BOOKING_LIMITS.maxDaysAhead} days ahead.`,
  endTooFar: `A booking can run at most ${BOOKING_LIMITS.maxHireDays} days: extend it later if you need longer.`,
  postcodeNotServed: 'We do not deliver to this postcode yet. Call us and we will help.',
  siteNotFound: 'Choose one of the account’s job sites.',
  siteHasNoPostcode: 'This job site has no postcode: add it to the site, or book for a new site.',
  typeNotFound: 'That equipment is not in our catalogue.',
  duplicateType: 'Each item of equipment once, please: change its quantity instead.',
  cannotBook: 'Only Orderers and Account admins can book for this account.',
  accountAdminOnly: 'Only an Account admin can approve or decline a booking.',
  poRequired: 'Enter the purchase order number: this account requires one.',
  termsChanged: 'The terms changed while you were booking: read them again.',
  notAvailable: (name: string) =>
    `${name}: there are not enough units free for the period any more. Choose other dates or call us.`,
  conflict: 'Someone else changed this booking since you opened it: reload it and try again.',
  notAwaitingApproval: 'This booking is not waiting for an approval any more.',
  declineReason: 'Enter the reason for declining.',
  agreementNotFound: 'The hire agreement is not ready yet.',
} as const

export const bookingApprovalSchema = z
  .object({ version: z.number().int().min(1) })
  .strict()
  .meta({ id: 'BookingApproval' })

export const bookingAdminDeclineSchema = z
  .object({
    version: z.number().int().min(1),
    reason: z
      .string()
      .trim()
      .min(1, { error: BOOKING_REQUEST_MESSAGES.declineReason })
      .max(BOOKING_LIMITS.accessNotesMax),
  })
  .strict()
  .meta({ id: 'BookingAdminDecline' })

export const portalBookingsQuerySchema = z.object({ status: z.enum(BOOKING_STATUSES).optional() })

export const portalBookingListSchema = z
  .object({ items: z.array(bookingSummarySchema) })
  .meta({ id: 'PortalBookingList' })
