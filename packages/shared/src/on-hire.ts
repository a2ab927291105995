import { z } from 'zod'
import { MAX_RECORD_ID } from './back-office.ts'
import { BOOKING_LIMITS, BOOKING_STATUSES } from './bookings.ts'
import { errorBodySchema } from './http.ts'
import type { Cents } from './money-format.ts'
import { hireDays, priceHire } from './rates.ts'

/*
 * What a customer account has on hire (ADR 048, requirements §19): each unit out, its days and running cost to
 * date, and the two things a member does to a hire under way: extend it, or off-hire units, which stops their
 * charges at the pick-up time given. Shared by the API and the portal's On hire page.
 */

/** The rates a booking's item was priced at (booking_items' snapshot). */
export interface RunningRates {
  dayRateCents: number
  weekRateCents: number
  minimumDays: number
}

export interface RunningCost {
  /** Melbourne calendar days on hire so far (the rate engine's); 0 before on hire. */
  days: number
  /** The hire charge to date before GST, in cents; 0 before on hire. */
  costCents: Cents
}

const nothing = { days: 0, costCents: 0 as Cents }

/**
 * A unit's running cost to date: the rate engine's price of one unit from its on-hire time up to now, or up to
 * its off-hire (the pick-up time the customer gave) when that comes first. Charges stop at the off-hire whenever
 * the business actually collects the unit (the billing stop rule), so after it the cost never grows.
 */
export function runningCost(
  rates: RunningRates,
  onHireAt: string | null,
  offHireAt: string | null,
  now: Date,
): RunningCost {
  if (onHireAt === null) return nothing
  const onHire = new Date(onHireAt)
  if (!(now.getTime() >= onHire.getTime())) return nothing
  const stop = offHireAt === null ? now : new Date(Math.min(now.getTime(), Date.parse(offHireAt)))
  // An off-hire never comes before the on-hire; were one to, the hire is its first day.
  const offHire = stop.getTime() < onHire.getTime() ? onHire : stop
  const period = { onHire, offHire }
  const price = priceHire(
    {
      dayRate: rates.dayRateCents as Cents,
      weekRate: rates.weekRateCents as Cents,
      minimumDays: rates.minimumDays,
    },
    period,
    1,
  )
  return { days: hireDays(period).days, costCents: price.subtotalExGst }
}

const id = z.number().int().min(1).max(MAX_RECORD_ID)
const instant = (message: string) => z.iso.datetime({ offset: true, error: message })

export const ON_HIRE_MESSAGES = {
  loadFailed: 'The units on hire could not be loaded.',
  nothingOnHire: 'Nothing is on hire at the moment.',
  nothingMatches: 'Nothing on hire matches these filters.',
  unitsRequired: 'Choose at least one unit to off-hire.',
  pickupAt: 'Enter the pick-up date and time.',
  pickupInPast: 'The pick-up time has passed. Choose a time from now on.',
  notOnHire: 'Choose units of this booking that are on hire.',
  alreadyOffHired: (fleetNumbers: readonly string[]) =>
    `Already off-hired: ${fleetNumbers.join(', ')}. Reload the page to see the latest.`,
  stale: 'This booking has changed since you opened it. Reload the page to see the latest.',
  offHireForbidden: 'Only Orderers, Account admins and Site supervisors can off-hire units.',
  extendForbidden: 'Only Orderers and Account admins can extend a hire.',
  endsAt: 'Enter the new end date and time.',
  endsAtNotLater: 'The new end must be after the current expected end.',
  endsAtTooFar: 'The new end can be at most a year from now.',
  nothingToExtend: 'Every unit of this booking has been off-hired, so there is nothing to extend.',
  notExtendable: 'Only a confirmed booking or one on hire can be extended.',
  pickupTooFar: 'The pick-up time can be at most a year from now.',
  pickupUnitsBooked: (fleetNumbers: readonly string[]) =>
    `Booked for another hire before that pick-up time: ${fleetNumbers.join(', ')}. Choose an earlier pick-up, or extend the hire first.`,
  extendConflict:
    'Some units are booked for part of the extra time. Swap them for the free units offered, or choose an earlier end.',
  swapInvalid: 'A unit to swap to is not free for the extra time. Reload the page to see the latest.',
} as const

export const ON_HIRE_LIMITS = {
  maxLines: 500,
  /** How far ahead a hire may be extended. */
  maxDaysAhead: BOOKING_LIMITS.maxDaysAhead,
  accessNotesMax: BOOKING_LIMITS.accessNotesMax,
} as const

/** GET …/on-hire and …/on-hire.csv: a site and a purchase order to narrow to. */
export const onHireQuerySchema = z.object({
  siteId: z.coerce.number().int().min(1).max(MAX_RECORD_ID).optional(),
  po: z.string().trim().max(BOOKING_LIMITS.poMax).optional(),
})
export type OnHireQuery = z.infer<typeof onHireQuerySchema>

/** A unit out on hire. */
export const onHireUnitSchema = z.object({
  lineId: z.number().int(),
  bookingId: z.number().int(),
  bookingReference: z.string(),
  unitId: z.number().int(),
  fleetNumber: z.string(),
  typeName: z.string(),
  /** Its type's service: which fault symptoms a report of it offers. */
  serviceSlug: z.string(),
  /** The depot's zone, in which its times are shown. */
  timeZone: z.string(),
  onHireAt: z.string(),
  /** The line's expected end. */
  expectedEndAt: z.string(),
  offHireNumber: z.string().nullable(),
  /** The off-hire's pick-up time: the unit's charges stop then. */
  pickupAt: z.string().nullable(),
  /**
   * When the unit's charges stop: the pick-up time, or for a unit swapped for another at an extension the old end
   * (the other unit holds the hire from then); null while it runs on.
   */
  chargesStopAt: z.string().nullable(),
  days: z.number().int(),
  /** The running cost to date, ex GST. */
  costCents: z.number().int(),
})
export type OnHireUnit = z.infer<typeof onHireUnitSchema>

export const onHireGroupSchema = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  poNumber: z.string().nullable(),
  units: z.array(onHireUnitSchema),
  costCents: z.number().int(),
  gstCents: z.number().int(),
})
export type OnHireGroup = z.infer<typeof onHireGroupSchema>

/** A booking with units on hire, for its Extend and Off-hire actions. */
export const onHireBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  version: z.number().int(),
  siteName: z.string(),
  poNumber: z.string().nullable(),
  endsAt: z.string(),
  timeZone: z.string(),
})
export type OnHireBooking = z.infer<typeof onHireBookingSchema>

export const onHireSchema = z
  .object({
    accountNumber: z.string(),
    /** The instant the running costs are worked out at. */
    asAt: z.string(),
    /** What the member's role allows (the server checks again). */
    canExtend: z.boolean(),
    canOffHire: z.boolean(),
    /** The filters' choices: the sites and purchase orders of everything the member may see on hire. */
    sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
    poNumbers: z.array(z.string()),
    groups: z.array(onHireGroupSchema),
    bookings: z.array(onHireBookingSchema),
    totals: z.object({
      units: z.number().int(),
      costCents: z.number().int(),
      gstCents: z.number().int(),
    }),
  })
  .meta({ id: 'OnHire' })
export type OnHire = z.infer<typeof onHireSchema>

/** POST …/bookings/:bookingId/off-hires: units of a booking to collect, and when they are ready. */
export const offHireRequestSchema = z
  .object({
    version: z.number().int().min(1),
    lineIds: z
      .array(id, { error: ON_HIRE_MESSAGES.unitsRequired })
      .min(1, { error: ON_HIRE_MESSAGES.unitsRequired })
      .max(ON_HIRE_LIMITS.maxLines),
    pickupAt: instant(ON_HIRE_MESSAGES.pickupAt),
    accessNotes: z.string().trim().max(ON_HIRE_LIMITS.accessNotesMax).default(''),
  })
  .strict()
  .meta({ id: 'OffHireRequest' })
export type OffHireRequest = z.input<typeof offHireRequestSchema>

export const offHireResultSchema = z
  .object({
    /** 'OH-2026-000123'. */
    number: z.string(),
    pickupAt: z.string(),
    units: z.array(z.object({ lineId: z.number().int(), fleetNumber: z.string() })),
    /** The booking's version after the off-hire. */
    version: z.number().int(),
  })
  .meta({ id: 'OffHireResult' })
export type OffHireResult = z.infer<typeof offHireResultSchema>

export const extendSwapSchema = z.object({ lineId: id, unitId: id }).strict()
export type ExtendSwap = z.infer<typeof extendSwapSchema>

/** POST …/bookings/:bookingId/extend: a later expected end, with swaps for units booked in the extra time. */
export const extendRequestSchema = z
  .object({
    version: z.number().int().min(1),
    endsAt: instant(ON_HIRE_MESSAGES.endsAt),
    swaps: z.array(extendSwapSchema).max(ON_HIRE_LIMITS.maxLines).optional(),
  })
  .strict()
  .meta({ id: 'ExtendRequest' })
export type ExtendRequest = z.infer<typeof extendRequestSchema>

export const extendResultSchema = z
  .object({
    endsAt: z.string(),
    version: z.number().int(),
    /** The lines that now hold another unit from the old end. */
    swapped: z.array(
      z.object({ lineId: z.number().int(), newLineId: z.number().int(), fleetNumber: z.string() }),
    ),
  })
  .meta({ id: 'ExtendResult' })
export type ExtendResult = z.infer<typeof extendResultSchema>

/** A unit booked by another hire in the extra time, and a free unit of its type at the depot to swap to. */
export const extendConflictSchema = z.object({
  lineId: z.number().int(),
  unitId: z.number().int(),
  fleetNumber: z.string(),
  swapTo: z.object({ unitId: z.number().int(), fleetNumber: z.string() }).nullable(),
})
export type ExtendConflict = z.infer<typeof extendConflictSchema>

/** The 409 answer of an extension: `conflicts` when it meets units booked by others (else a stale version). */
export const extendConflictResponseSchema = errorBodySchema
  .extend({ conflicts: z.array(extendConflictSchema).optional() })
  .meta({ id: 'ExtendConflictResponse' })
export type ExtendConflictResponse = z.infer<typeof extendConflictResponseSchema>
