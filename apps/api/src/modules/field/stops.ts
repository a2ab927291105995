import type { DepotRef } from '@signalway/shared/bookings'
import { addDays, formatIsoDay, parseIsoDay, startOfDayIn, wallTimeIn } from '@signalway/shared/business-time'
import { type Stop, type StopKind, stopKey } from '@signalway/shared/field-operations'
import type { Executor } from '../../db/database.ts'
import { ValidationError } from '../../lib/errors.ts'
import {
  type DepotRow,
  findStopBookings,
  findStopLines,
  findStopOffHires,
  type StopBookingRow,
  type StopLineRow,
  type StopOffHireRow,
  type StopRow,
} from './repository.ts'

/*
 * A stop as the board and the driver see it (ADR 050): a booking's delivery or an off-hire's collection, with
 * the booking's site, contact and units, and (once the dispatcher saved it) its driver, position and version.
 */

export const toDepotRef = (row: DepotRow): DepotRef => ({
  id: row.id,
  code: row.code,
  name: row.name,
  timeZone: row.time_zone,
})

/** The depot's calendar day at `now`, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now: Date): string {
  const { year, month, day } = wallTimeIn(now, timeZone)
  return formatIsoDay({ year, month, day })
}

/** The instants a depot's day runs over: [from, to). */
export function dayRange(date: string, timeZone: string): { from: string; to: string } {
  const day = parseIsoDay(date)
  if (!day) throw new ValidationError({ date: ['Choose a day.'] }, 'Choose a day.')
  return {
    from: startOfDayIn(day, timeZone).toISOString(),
    to: startOfDayIn(addDays(day, 1), timeZone).toISOString(),
  }
}

/** What a stop's key names. */
export function parseStopKey(key: string): { kind: StopKind; id: number } | undefined {
  const match = /^(delivery|collection):(\d{1,12})$/u.exec(key)
  if (!match) return undefined
  return { kind: match[1] as StopKind, id: Number(match[2]) }
}

/** What stops show, read at once: their bookings, off-hires and units. */
export interface StopFacts {
  bookings: Map<number, StopBookingRow>
  offHires: Map<number, StopOffHireRow>
  lines: Map<number, StopLineRow[]>
}

/** The facts of stops by key (`delivery:<bookingId>`, `collection:<offHireId>`). */
export async function loadStopFacts(db: Executor, keys: Iterable<string>): Promise<StopFacts> {
  const bookingIds = new Set<number>()
  const offHireIds = new Set<number>()
  for (const key of keys) {
    const parsed = parseStopKey(key)
    if (parsed?.kind === 'delivery') bookingIds.add(parsed.id)
    if (parsed?.kind === 'collection') offHireIds.add(parsed.id)
  }
  const offHires = await findStopOffHires(db, [...offHireIds])
  for (const offHire of offHires) bookingIds.add(offHire.booking_id)
  const [bookings, lines] = await Promise.all([
    findStopBookings(db, [...bookingIds]),
    findStopLines(db, [...bookingIds]),
  ])
  const byBooking = new Map<number, StopLineRow[]>()
  for (const line of lines) {
    if (line.booking_id === null) continue
    byBooking.set(line.booking_id, [...(byBooking.get(line.booking_id) ?? []), line])
  }
  return {
    bookings: new Map(bookings.map((row) => [row.id, row])),
    offHires: new Map(offHires.map((row) => [row.id, row])),
    lines: byBooking,
  }
}

/** A stop's units: a delivery's every unit of the booking, a collection's those of its off-hire. */
export function unitsOf(kind: StopKind, id: number, bookingId: number, facts: StopFacts): StopLineRow[] {
  const lines = facts.lines.get(bookingId) ?? []
  return kind === 'delivery' ? lines : lines.filter((line) => line.off_hire_id === id)
}

export const isDone = (kind: StopKind, line: StopLineRow): boolean =>
  kind === 'delivery' ? line.on_hire_at !== null : line.collected_at !== null

function deliveryNotes(booking: StopBookingRow): string {
  return [
    booking.job_reference ? `Job reference ${booking.job_reference}` : '',
    booking.po_number ? `PO ${booking.po_number}` : '',
  ]
    .filter(Boolean)
    .join('; ')
}

/**
 * The stop of `key` from its facts and its saved row (when the board saved it): undefined when its booking or
 * off-hire is gone. A stop whose units are all done is done, whoever marked them.
 */
export function buildStop(
  key: string,
  facts: StopFacts,
  row: StopRow | undefined,
  overdue: boolean,
): Stop | undefined {
  const parsed = parseStopKey(key)
  if (!parsed) return undefined
  const offHire = parsed.kind === 'collection' ? facts.offHires.get(parsed.id) : undefined
  const bookingId = parsed.kind === 'delivery' ? parsed.id : offHire?.booking_id
  const booking = bookingId === undefined ? undefined : facts.bookings.get(bookingId)
  if (!booking || (parsed.kind === 'collection' && !offHire)) return undefined
  const lines = unitsOf(parsed.kind, parsed.id, booking.id, facts)
  const units = lines.map((line) => ({
    lineId: line.id,
    fleetNumber: line.fleet_number,
    typeName: line.type_name,
    done: isDone(parsed.kind, line),
  }))
  const allDone = units.length > 0 && units.every((unit) => unit.done)
  return {
    key,
    stopId: row?.id ?? null,
    kind: parsed.kind,
    bookingId: booking.id,
    bookingReference: booking.reference,
    offHireNumber: offHire?.number ?? null,
    accountName: booking.account_name,
    siteName: booking.site_name,
    siteAddress: booking.site_address,
    at: offHire ? offHire.pickup_at : booking.starts_at,
    nightWorks: booking.night_works === 1,
    contactName: booking.site_contact_name,
    contactPhone: booking.site_contact_phone,
    notes: offHire ? offHire.access_notes : deliveryNotes(booking),
    units,
    driverUserId: row?.driver_user_id ?? null,
    position: row?.position ?? 0,
    status: row?.status === 'done' || allDone ? 'done' : 'planned',
    overdue: overdue && !allDone,
    version: row?.version ?? null,
  }
}

/** Stops by driver (those without one first), position, time and key. */
export function compareStops(a: Stop, b: Stop): number {
  const driver = (stop: Stop) => stop.driverUserId ?? 0
  return (
    driver(a) - driver(b) || a.position - b.position || a.at.localeCompare(b.at) || a.key.localeCompare(b.key)
  )
}

export { stopKey }
