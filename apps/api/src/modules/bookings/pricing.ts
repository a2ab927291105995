import {
  BOOKING_LIMITS,
  BOOKING_MESSAGES,
  type BookingLineInput,
  type BookingPrice,
  type BookingPriceLine,
  type BookingPriceRequest,
  type DepotRef,
  BOOKING_REQUEST_MESSAGES as MESSAGES,
} from '@signalway/shared/bookings'
import { addDays, formatIsoDay, wallTimeIn } from '@signalway/shared/business-time'
import { cents } from '@signalway/shared/money'
import { type EquipmentRates, hireDays, type PricedQuote, quoteLines } from '@signalway/shared/rates'
import type { Executor } from '../../db/database.ts'
import type { DepotRow, EquipmentTypeRow } from '../../db/schema.ts'
import { ValidationError } from '../../lib/errors.ts'
import { availabilityOf, freeUnits, type Period } from '../fleet/availability.ts'
import { listDepots } from '../fleet/repository.ts'
import {
  findEquipmentTypes,
  findServingDepot,
  findSitePostcode,
  type ServingDepot,
} from './pricing-repository.ts'

/*
 * The booking form's price and availability (ADR 048, requirements §19): the depot serving the site's postcode,
 * each line's free units at that depot over the period (and when short, the first day the quantity is free and
 * another depot that has it), and the price from the one rate engine (rates.ts) with the zone's delivery and
 * collection fees and GST once on the subtotal.
 */

/** How late a start may be sent: the form's "now" is a little older than the server's by the time it arrives. */
export const START_GRACE_MS = 10 * 60 * 1000
const DAY_MS = 86_400_000

export interface PricingInput {
  lines: readonly BookingLineInput[]
  startsAt: string
  endsAt: string
  delivery: boolean
  siteId?: number | undefined
  postcode?: string | undefined
}

/** The price and what it was made from, for the booking request that follows it. */
export interface BookingQuote {
  price: BookingPrice
  depot: DepotRow
  period: Period
  types: Map<number, EquipmentTypeRow>
  quote: PricedQuote
}

const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] }, message)

export const depotRef = (depot: DepotRow): DepotRef => ({
  id: depot.id,
  code: depot.code,
  name: depot.name,
  timeZone: depot.time_zone,
})

export const ratesOf = (type: {
  day_rate_cents: number
  week_rate_cents: number
  minimum_days: number
}): EquipmentRates => ({
  dayRate: cents(type.day_rate_cents),
  weekRate: cents(type.week_rate_cents),
  minimumDays: type.minimum_days,
})

/** 400 on startsAt when the hire starts in the past or further ahead than BOOKING_LIMITS.maxDaysAhead. */
export function checkStart(startsAt: Date, now: Date): void {
  if (startsAt.getTime() < now.getTime() - START_GRACE_MS) throw invalid('startsAt', MESSAGES.startInPast)
  if (startsAt.getTime() > now.getTime() + BOOKING_LIMITS.maxDaysAhead * DAY_MS)
    throw invalid('startsAt', MESSAGES.startTooFar)
}

async function servingDepotOf(db: Executor, accountId: number, input: PricingInput): Promise<ServingDepot> {
  let postcode = input.postcode
  const field = input.siteId === undefined ? 'postcode' : 'siteId'
  if (input.siteId !== undefined) {
    const sitePostcode = await findSitePostcode(db, accountId, input.siteId)
    if (sitePostcode === undefined) throw invalid('siteId', MESSAGES.siteNotFound)
    if (!sitePostcode) throw invalid('siteId', MESSAGES.siteHasNoPostcode)
    postcode = sitePostcode
  }
  if (postcode === undefined) throw invalid('postcode', BOOKING_MESSAGES.postcodeRequired)
  const serving = await findServingDepot(db, postcode.trim())
  if (!serving) throw invalid(field, MESSAGES.postcodeNotServed)
  return serving
}

async function typesOf(db: Executor, lines: readonly BookingLineInput[]) {
  const ids = lines.map((line) => line.typeId)
  if (new Set(ids).size !== ids.length) throw invalid('lines', MESSAGES.duplicateType)
  const types = new Map((await findEquipmentTypes(db, ids)).map((type) => [type.id, type]))
  if (ids.some((id) => !types.has(id))) throw invalid('lines', MESSAGES.typeNotFound)
  return types
}

/** The depot's calendar days the period touches, as availabilityOf's [from, to). */
function depotDays(period: Period, timeZone: string) {
  const first = wallTimeIn(period.startsAt, timeZone)
  const last = wallTimeIn(new Date(period.endsAt.getTime() - 1), timeZone)
  const from = { year: first.year, month: first.month, day: first.day }
  const length =
    Math.round(
      (Date.UTC(last.year, last.month - 1, last.day) - Date.UTC(from.year, from.month - 1, from.day)) /
        DAY_MS,
    ) + 1
  return { from: formatIsoDay(from), to: formatIsoDay(addDays(from, Math.max(length, 1))) }
}

interface LineAvailability {
  free: number
  firstFreeDay: string | null
  otherDepot: BookingPriceLine['otherDepot']
}

/** Free units of a line at the depot; when short, the first day the quantity is free and another depot with it. */
async function lineAvailability(
  db: Executor,
  typeId: number,
  quantity: number,
  depot: DepotRow,
  period: Period,
): Promise<LineAvailability> {
  const { free } = await freeUnits(db, typeId, depot.id, period)
  if (free.length >= quantity) return { free: free.length, firstFreeDay: null, otherDepot: null }
  const days = depotDays(period, depot.time_zone)
  const [ahead, others] = await Promise.all([
    availabilityOf(db, { typeId, depotId: depot.id, ...days, quantity }),
    listDepots(db),
  ])
  let otherDepot: LineAvailability['otherDepot'] = null
  for (const other of others.filter((candidate) => candidate.id !== depot.id)) {
    const there = await freeUnits(db, typeId, other.id, period)
    if (there.free.length >= quantity) {
      otherDepot = { ...depotRef(other), free: there.free.length }
      break
    }
  }
  return { free: free.length, firstFreeDay: ahead.firstAvailableDay, otherDepot }
}

/** The price and availability of a booking, with what it was made from (see the head of this file). */
export async function quoteBooking(
  db: Executor,
  accountId: number,
  input: PricingInput,
  now: Date,
): Promise<BookingQuote> {
  const period = { startsAt: new Date(input.startsAt), endsAt: new Date(input.endsAt) }
  checkStart(period.startsAt, now)
  // Bounded as the start is: a hire for centuries would hold its units for ever and overflow integer cents.
  if (period.endsAt.getTime() > period.startsAt.getTime() + BOOKING_LIMITS.maxHireDays * DAY_MS)
    throw invalid('endsAt', MESSAGES.endTooFar)
  const [serving, types] = await Promise.all([servingDepotOf(db, accountId, input), typesOf(db, input.lines)])
  const { depot } = serving
  const typeOf = (id: number) => types.get(id) as EquipmentTypeRow
  const availability = await Promise.all(
    input.lines.map((line) => lineAvailability(db, line.typeId, line.quantity, depot, period)),
  )
  const hirePeriod = { onHire: period.startsAt, offHire: period.endsAt }
  const fees = input.delivery
    ? [
        { description: 'Delivery', amount: cents(serving.deliveryFeeCents) },
        { description: 'Collection', amount: cents(serving.collectionFeeCents) },
      ]
    : []
  const quote = quoteLines(
    input.lines.map((line) => ({
      description: typeOf(line.typeId).name,
      rates: ratesOf(typeOf(line.typeId)),
      period: hirePeriod,
      quantity: line.quantity,
    })),
    fees,
  )
  const lines: BookingPriceLine[] = input.lines.map((line, index) => {
    const type = typeOf(line.typeId)
    const found = availability[index] as LineAvailability
    const priced = quote.lines[index] as PricedQuote['lines'][number]
    return {
      typeId: type.id,
      typeSlug: type.slug,
      description: type.name,
      quantity: line.quantity,
      free: found.free,
      available: found.free >= line.quantity,
      firstFreeDay: found.firstFreeDay,
      otherDepot: found.otherDepot,
      subtotalCents: priced.subtotalExGst,
      breakdown: priced.breakdown,
    }
  })
  const price: BookingPrice = {
    depot: depotRef(depot),
    days: hireDays(hirePeriod).days,
    lines,
    deliveryFeeCents: input.delivery ? serving.deliveryFeeCents : 0,
    collectionFeeCents: input.delivery ? serving.collectionFeeCents : 0,
    subtotalCents: quote.subtotalExGst,
    gstCents: quote.gst,
    totalCents: quote.total,
    available: lines.every((line) => line.available),
  }
  return { price, depot, period, types, quote }
}

/** POST …/bookings/price: the booking form's live price and availability. */
export async function priceBooking(
  db: Executor,
  accountId: number,
  request: BookingPriceRequest,
  now: Date,
): Promise<BookingPrice> {
  return (await quoteBooking(db, accountId, request, now)).price
}
