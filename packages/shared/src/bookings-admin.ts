import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import {
  BOOKING_STATUSES,
  type BookingStatus,
  bookingDetailSchema,
  bookingSummarySchema,
  depotRefSchema,
  type StaffCheck,
} from './bookings.ts'
import { optionalQuery, pagedSchema, pageQuery } from './http.ts'

/*
 * The staff side of hiring online (ADR 048, requirements §19): the bookings inbox, one booking with what staff
 * decide it by, the changes they make (confirm, decline, change a unit, mark delivered, mark collected, close)
 * and the collections to schedule. Shared by the API and the admin screens.
 */

export const BOOKING_ADMIN_LIMITS = {
  searchMax: 100,
  reasonMax: 500,
  /** A booking holds at most 10 lines of at most 50 units. */
  maxLineIds: 500,
} as const

export const BOOKING_ADMIN_MESSAGES = {
  notFound: 'Booking not found.',
  conflict:
    'Someone else changed this booking since you opened it. Reload it to see their change, then try again.',
  notConfirmable: 'Only a requested booking can be confirmed.',
  notDeclinable: 'Only a requested or confirmed booking can be declined.',
  notSwappable: 'A unit can be changed only before the booking goes on hire.',
  notDeliverable: 'Only a confirmed booking can have units marked delivered.',
  notCollectable: 'Only a booking on hire can have units marked collected.',
  notClosable: 'Only an off-hired booking can be closed.',
  lineUnknown: 'Choose units of this booking.',
  lineOnHire: 'That unit is already on hire.',
  lineNotOnHire: 'That unit has not gone on hire.',
  lineCollected: 'That unit has already been collected.',
  swapType: 'Choose a unit of the same type at the booking’s depot.',
  swapBusy: 'That unit is not free for the booking’s period. Choose another.',
  inFuture: 'The time cannot be in the future.',
  beforeOnHire: 'The collection cannot be before the unit went on hire.',
  reasonRequired: 'Enter the reason for declining.',
  atInvalid: 'Enter the date and time.',
} as const

/** The staff's words for why a request waits for them (the customer's are STAFF_CHECK_WORDS). */
export const STAFF_CHECK_STAFF_WORDS: Record<StaffCheck, string> = {
  over_credit: 'Over the account’s available credit: check the figures before confirming.',
  on_hold: 'The account is on hold: check with Accounts before confirming.',
}

/** What the inbox says of a booking awaiting the customer's own approval. */
export const AWAITING_APPROVAL_WORDS =
  'Waits for the customer’s Account admin to approve it (over the orderer’s limit).'

/** The inbox's order: what staff act on first. */
export const INBOX_STATUS_ORDER: readonly BookingStatus[] = [
  'requested',
  'awaiting_approval',
  'confirmed',
  'on_hire',
  'off_hire_requested',
  'off_hired',
  'closed',
  'declined',
  'cancelled',
]

const id = z.number().int().min(1).max(MAX_RECORD_ID)
const version = z.number().int().min(1)
const instant = z.iso.datetime({ offset: true, error: BOOKING_ADMIN_MESSAGES.atInvalid })

export const bookingAdminListQuerySchema = z.object({
  status: optionalQuery(z.enum(BOOKING_STATUSES, { error: 'Choose a booking status.' })),
  /** Part of the reference, the account's number or name, or the PO number. */
  q: z.preprocess(
    (value) => (value === undefined ? '' : value),
    z.string().trim().max(BOOKING_ADMIN_LIMITS.searchMax),
  ),
  ...pageQuery(50),
})
export type BookingAdminListQuery = z.infer<typeof bookingAdminListQuerySchema>

export const bookingAdminListSchema = pagedSchema(bookingSummarySchema).meta({ id: 'BookingAdminList' })
export type BookingAdminList = z.infer<typeof bookingAdminListSchema>

export const freeUnitSchema = z.object({ id: z.number().int(), fleetNumber: z.string() })
export type FreeUnit = z.infer<typeof freeUnitSchema>

export const bookingAdminDetailSchema = bookingDetailSchema
  .extend({
    accountOnHold: z.boolean(),
    accountHoldReason: z.string().nullable(),
    creditLimitCents: z.number().int(),
    /** The limit less the totals of the account's open bookings (this one included when open). */
    availableCreditCents: z.number().int(),
    /** The staff check in staff's words; null when there is none. */
    staffCheckWords: z.string().nullable(),
    orderedByEmail: z.string().nullable(),
    /** Per line not yet on hire (before delivery): the free units of its type at the depot for its period. */
    swapOptions: z.array(z.object({ lineId: z.number().int(), units: z.array(freeUnitSchema) })),
  })
  .meta({ id: 'BookingAdminDetail' })
export type BookingAdminDetail = z.infer<typeof bookingAdminDetailSchema>

export const bookingVersionInputSchema = z.object({ version }).strict()
export type BookingVersionInput = z.infer<typeof bookingVersionInputSchema>

export const bookingDeclineInputSchema = z
  .object({
    version,
    reason: z
      .string({ error: BOOKING_ADMIN_MESSAGES.reasonRequired })
      .trim()
      .min(1, { error: BOOKING_ADMIN_MESSAGES.reasonRequired })
      .max(BOOKING_ADMIN_LIMITS.reasonMax),
  })
  .strict()
export type BookingDeclineInput = z.infer<typeof bookingDeclineInputSchema>

export const bookingSwapsInputSchema = z
  .object({
    version,
    swaps: z
      .array(z.object({ lineId: id, unitId: id }).strict())
      .min(1, { error: BOOKING_ADMIN_MESSAGES.lineUnknown })
      .max(BOOKING_ADMIN_LIMITS.maxLineIds),
  })
  .strict()
export type BookingSwapsInput = z.infer<typeof bookingSwapsInputSchema>

/** Mark delivered or collected: the lines, and when (now when not given; never in the future). */
export const bookingLinesAtInputSchema = z
  .object({
    version,
    lineIds: z
      .array(id, { error: BOOKING_ADMIN_MESSAGES.lineUnknown })
      .min(1, { error: BOOKING_ADMIN_MESSAGES.lineUnknown })
      .max(BOOKING_ADMIN_LIMITS.maxLineIds),
    at: instant.optional(),
  })
  .strict()
export type BookingLinesAtInput = z.infer<typeof bookingLinesAtInputSchema>

export const collectionSchema = z.object({
  offHireId: z.number().int(),
  number: z.string(),
  bookingId: z.number().int(),
  bookingReference: z.string(),
  accountId: z.number().int(),
  accountNumber: z.string(),
  accountName: z.string(),
  siteName: z.string(),
  siteAddress: z.string(),
  pickupAt: z.string(),
  depot: depotRefSchema,
  accessNotes: z.string(),
  /** The units of the off-hire not collected yet. */
  units: z.array(z.object({ lineId: z.number().int(), fleetNumber: z.string(), typeName: z.string() })),
})
export type Collection = z.infer<typeof collectionSchema>

export const collectionListSchema = z
  .object({ items: z.array(collectionSchema) })
  .meta({ id: 'CollectionList' })
export type CollectionList = z.infer<typeof collectionListSchema>
