import {
  addDays,
  type CalendarDay,
  parseIsoDay,
  startOfDayIn,
  wallTimeIn,
} from '@signalway/shared/business-time'
import {
  type Availability,
  type AvailabilityQuery,
  FLEET_MESSAGES as MESSAGES,
} from '@signalway/shared/fleet'
import type { Executor } from '../../db/database.ts'
import type { DepotRow } from '../../db/schema.ts'
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts'
import {
  type CandidateUnit,
  candidateUnits,
  type HeldPeriod,
  insertBookingLines,
  overlappingLines,
} from './availability-repository.ts'
import { findDepot, findEquipmentType } from './repository.ts'

/*
 * Availability (ADR 042): for a type at a depot over a half-open period [startsAt, endsAt), which units are free.
 * A unit is free when it is not retired, is Available now (In service and Out of service hold it for as long as
 * they last, which nobody knows in advance), its next service is not due before the period ends (a unit whose
 * service is overdue cannot be booked), and none of its booking lines overlaps the period.
 */

/** A half-open period of instants: it holds `startsAt` and not `endsAt`. */
export interface Period {
  startsAt: Date
  endsAt: Date
}

/** How far ahead the first day enough units are free is looked for. */
export const SEARCH_DAYS = 366

/** Fewer free units than asked for: the reservation made nothing. */
export class UnitsNotAvailableError extends ConflictError {
  readonly free: number

  constructor(free: number) {
    super(MESSAGES.notAvailable)
    this.free = free
  }
}

export interface ReserveRequest {
  typeId: number
  depotId: number
  period: Period
  quantity: number
  bookingRef: string | null
}

export interface ReservedLine {
  lineId: number
  unitId: number
  fleetNumber: string
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

export function formatDay(day: CalendarDay): string {
  return `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`
}

/**
 * The first day whose start is not before `endsAt` in the depot's zone: a unit whose next service is due before
 * it would be overdue during the period (due on the day a hire ends at midnight is fine).
 */
export function serviceDueLimit(endsAt: Date, timeZone: string): string {
  const { year, month, day } = wallTimeIn(endsAt, timeZone)
  const sameDay = { year, month, day }
  return formatDay(startOfDayIn(sameDay, timeZone) < endsAt ? addDays(sameDay, 1) : sameDay)
}

function overlaps(line: HeldPeriod, startsAt: string, endsAt: string): boolean {
  return line.starts_at < endsAt && line.ends_at > startsAt
}

/** The units free over the period, in fleet-number order. */
export function freeUnitsOf(
  units: CandidateUnit[],
  lines: HeldPeriod[],
  period: Period,
  timeZone: string,
): CandidateUnit[] {
  const startsAt = period.startsAt.toISOString()
  const endsAt = period.endsAt.toISOString()
  const dueLimit = serviceDueLimit(period.endsAt, timeZone)
  const held = new Set(lines.filter((line) => overlaps(line, startsAt, endsAt)).map((line) => line.unit_id))
  return units.filter(
    (unit) =>
      unit.status === 'available' &&
      (unit.next_service_due === null || unit.next_service_due >= dueLimit) &&
      !held.has(unit.id),
  )
}

function checkPeriod(period: Period): void {
  if (!(period.endsAt.getTime() > period.startsAt.getTime()))
    throw new BadRequestError(MESSAGES.periodInvalid)
}

async function depotOf(db: Executor, depotId: number): Promise<DepotRow> {
  const depot = await findDepot(db, depotId)
  if (!depot) throw new NotFoundError(MESSAGES.depotNotFound)
  return depot
}

/**
 * The units of a type at a depot free over a period (the total counts every unit that is not retired). With
 * `lock`, the units stay locked as reserveUnits locks them (inside the caller's transaction); with
 * `exceptBookingId`, that booking's own lines do not hold its units.
 */
export async function freeUnits(
  db: Executor,
  typeId: number,
  depotId: number,
  period: Period,
  options: { lock?: boolean; exceptBookingId?: number } = {},
): Promise<{ total: number; free: CandidateUnit[] }> {
  checkPeriod(period)
  const depot = await depotOf(db, depotId)
  const units = await candidateUnits(db, typeId, depotId, { lock: options.lock ?? false })
  const lines = await overlappingLines(
    db,
    typeId,
    depotId,
    period.startsAt.toISOString(),
    period.endsAt.toISOString(),
    { exceptBookingId: options.exceptBookingId },
  )
  return { total: units.length, free: freeUnitsOf(units, lines, period, depot.time_zone) }
}

/** The days [from, to) at a depot as instants of its zone. */
function daysPeriod(from: CalendarDay, to: CalendarDay, timeZone: string): Period {
  return { startsAt: startOfDayIn(from, timeZone), endsAt: startOfDayIn(to, timeZone) }
}

/** A unit's held time as disjoint spans in start order, and the lines that end before they start. */
export interface BusySpans {
  spans: HeldPeriod[]
  /**
   * Lines ending before they start: none are ever written (a reservation's period is checked), but overlaps()
   * holds a unit by them over some periods, so they are kept and tested one by one rather than merged.
   */
  inverted: HeldPeriod[]
}

/**
 * Each unit's booking lines merged into disjoint spans sorted by start. Lines that overlap or touch merge into one
 * span: a non-empty period overlaps the span exactly when it overlaps one of the lines.
 */
export function busySpans(lines: HeldPeriod[]): Map<number, BusySpans> {
  const byUnit = new Map<number, HeldPeriod[]>()
  for (const line of lines) {
    const list = byUnit.get(line.unit_id)
    if (list) list.push(line)
    else byUnit.set(line.unit_id, [line])
  }
  const busy = new Map<number, BusySpans>()
  for (const [unitId, unitLines] of byUnit) {
    const spans: HeldPeriod[] = []
    const inverted: HeldPeriod[] = []
    const ordered: HeldPeriod[] = []
    for (const line of unitLines) (line.ends_at < line.starts_at ? inverted : ordered).push(line)
    ordered.sort((a, b) => (a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0))
    for (const line of ordered) {
      const last = spans.at(-1)
      if (last && line.starts_at <= last.ends_at) {
        if (line.ends_at > last.ends_at) last.ends_at = line.ends_at
      } else {
        spans.push({ unit_id: unitId, starts_at: line.starts_at, ends_at: line.ends_at })
      }
    }
    busy.set(unitId, { spans, inverted })
  }
  return busy
}

/** A unit followed through the search: its busy spans, and the first that has not ended before the period. */
interface Cursor {
  due: string | null
  busy: BusySpans
  next: number
}

function heldOver(cursor: Cursor, startsAt: string, endsAt: string): boolean {
  const { spans, inverted } = cursor.busy
  // Periods only move later, so a span that ended before one period ends before every later one.
  while (cursor.next < spans.length && (spans[cursor.next] as HeldPeriod).ends_at <= startsAt)
    cursor.next += 1
  const span = spans[cursor.next]
  if (span !== undefined && span.starts_at < endsAt) return true
  return inverted.length > 0 && inverted.some((line) => overlaps(line, startsAt, endsAt))
}

/**
 * The first day from `from` on which a hire of `length` days can have `quantity` units, within SEARCH_DAYS, from
 * `lines` (every line overlapping the whole search). The same answer as trying freeUnitsOf on each start day in
 * turn, in one sweep (ADR 044): each unit's lines are merged into sorted spans once, and a cursor per unit steps
 * past the spans that ended, so a day costs a look at each unit rather than at every line.
 */
export function firstAvailableDay(
  units: CandidateUnit[],
  lines: HeldPeriod[],
  from: CalendarDay,
  length: number,
  quantity: number,
  timeZone: string,
): string | null {
  if (units.length < quantity) return null
  const busy = busySpans(lines)
  const none: BusySpans = { spans: [], inverted: [] }
  const cursors: Cursor[] = units
    .filter((unit) => unit.status === 'available')
    .map((unit) => ({ due: unit.next_service_due, busy: busy.get(unit.id) ?? none, next: 0 }))
  // Each day's start is needed twice: as a period's start, then `length` days later as another's end.
  const starts: string[] = []
  const startOf = (offset: number): string => {
    while (starts.length <= offset)
      starts.push(startOfDayIn(addDays(from, starts.length), timeZone).toISOString())
    return starts[offset] as string
  }
  for (let offset = 0; offset < SEARCH_DAYS; offset += 1) {
    const startsAt = startOf(offset)
    const endsAt = startOf(offset + length)
    // serviceDueLimit of a period ending at a day's start is that very day (its tests show it), with no zone work.
    const dueLimit = formatDay(addDays(from, offset + length))
    let serviceable = 0
    let free = 0
    for (const cursor of cursors) {
      if (cursor.due !== null && cursor.due < dueLimit) continue
      serviceable += 1
      if (heldOver(cursor, startsAt, endsAt)) continue
      free += 1
      if (free >= quantity) return formatDay(addDays(from, offset))
    }
    // A later period ends later, so its limit is later too: a unit due too soon now stays so on every later day.
    if (serviceable < quantity) return null
  }
  return null
}

/** Midnight UTC `days` after a day, as stored instants are written. */
function utcMidnight(day: CalendarDay, days: number): string {
  return new Date(Date.UTC(day.year, day.month - 1, day.day + days)).toISOString()
}

function daysBetween(from: CalendarDay, to: CalendarDay): number {
  return Math.round(
    (Date.UTC(to.year, to.month - 1, to.day) - Date.UTC(from.year, from.month - 1, from.day)) / 86_400_000,
  )
}

/** Availability of a type at a depot over the days [from, to) in the depot's zone, and when a quantity can be met. */
export async function availabilityOf(db: Executor, query: AvailabilityQuery): Promise<Availability> {
  const from = parseIsoDay(query.from)
  const to = parseIsoDay(query.to)
  if (!from || !to) throw new BadRequestError(MESSAGES.dateInvalid)
  const length = daysBetween(from, to)
  if (length < 1) throw new BadRequestError(MESSAGES.periodInvalid)
  // One round of reads (PostgreSQL's pool answers them at once), checked after in the order a person fixes them.
  // The period's instants depend on the depot's zone, read in the same round: its lines are read from the day
  // before to the day after in UTC, which holds the midnights of every zone, and freeUnitsOf keeps those that
  // overlap the period itself.
  const [type, depot, units, lines] = await Promise.all([
    findEquipmentType(db, query.typeId),
    findDepot(db, query.depotId),
    candidateUnits(db, query.typeId, query.depotId),
    overlappingLines(db, query.typeId, query.depotId, utcMidnight(from, -1), utcMidnight(to, 1)),
  ])
  if (!type) throw new NotFoundError(MESSAGES.typeNotFound)
  if (!depot) throw new NotFoundError(MESSAGES.depotNotFound)
  const timeZone = depot.time_zone
  const period = daysPeriod(from, to, timeZone)
  const startsAt = period.startsAt.toISOString()
  const free = freeUnitsOf(units, lines, period, timeZone)
  return {
    startsAt,
    endsAt: period.endsAt.toISOString(),
    total: units.length,
    free: free.length,
    freeUnits: free.map((unit) => ({ id: unit.id, fleetNumber: unit.fleet_number })),
    quantity: query.quantity,
    // The search's first day is the period itself: when it has enough units, nothing further is read.
    firstAvailableDay:
      free.length >= query.quantity
        ? formatDay(from)
        : await searchAhead(db, query, units, from, length, timeZone),
  }
}

/** The first available day after the asked period failed, from the lines over the whole search. */
async function searchAhead(
  db: Executor,
  query: AvailabilityQuery,
  units: CandidateUnit[],
  from: CalendarDay,
  length: number,
  timeZone: string,
): Promise<string | null> {
  const available = units.filter((unit) => unit.status === 'available').length
  if (available < query.quantity) return null
  const lines = await overlappingLines(
    db,
    query.typeId,
    query.depotId,
    startOfDayIn(from, timeZone).toISOString(),
    startOfDayIn(addDays(from, SEARCH_DAYS - 1 + length), timeZone).toISOString(),
    { availableOnly: true },
  )
  return firstAvailableDay(units, lines, from, length, query.quantity, timeZone)
}

/**
 * Holds `quantity` free units of a type at a depot over a period, atomically: the booking lines of the first free
 * units (by fleet number) are written, or nothing is and UnitsNotAvailableError says so. The candidate units are
 * locked first (PostgreSQL: FOR UPDATE, in fleet-number order, so two reservations never deadlock; SQLite has one
 * writer), so two reservations of the last free unit at once: one gets it, the other is refused. Runs in the
 * caller's transaction when given one.
 */
export async function reserveUnits(
  db: Executor,
  request: ReserveRequest,
  now: Date,
): Promise<ReservedLine[]> {
  checkPeriod(request.period)
  if (!Number.isInteger(request.quantity) || request.quantity < 1) throw new BadRequestError()
  const reserve = async (trx: Executor) => {
    const depot = await depotOf(trx, request.depotId)
    const units = await candidateUnits(trx, request.typeId, request.depotId, { lock: true })
    const startsAt = request.period.startsAt.toISOString()
    const endsAt = request.period.endsAt.toISOString()
    const lines = await overlappingLines(trx, request.typeId, request.depotId, startsAt, endsAt)
    const free = freeUnitsOf(units, lines, request.period, depot.time_zone)
    if (free.length < request.quantity) throw new UnitsNotAvailableError(free.length)
    const chosen = free.slice(0, request.quantity)
    const ids = await insertBookingLines(
      trx,
      chosen.map((unit) => ({
        unit_id: unit.id,
        starts_at: startsAt,
        ends_at: endsAt,
        booking_ref: request.bookingRef,
        created_at: now.toISOString(),
      })),
    )
    return chosen.map((unit, index) => ({
      lineId: ids[index] as number,
      unitId: unit.id,
      fleetNumber: unit.fleet_number,
    }))
  }
  return db.isTransaction ? reserve(db) : db.transaction().execute(reserve)
}
