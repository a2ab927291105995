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

/** The units of a type at a depot free over a period (the total counts every unit that is not retired). */
export async function freeUnits(
  db: Executor,
  typeId: number,
  depotId: number,
  period: Period,
): Promise<{ total: number; free: CandidateUnit[] }> {
  checkPeriod(period)
  const depot = await depotOf(db, depotId)
  const units = await candidateUnits(db, typeId, depotId)
  const lines = await overlappingLines(
    db,
    typeId,
    depotId,
    period.startsAt.toISOString(),
    period.endsAt.toISOString(),
  )
  return { total: units.length, free: freeUnitsOf(units, lines, period, depot.time_zone) }
}

/** The days [from, to) at a depot as instants of its zone. */
function daysPeriod(from: CalendarDay, to: CalendarDay, timeZone: string): Period {
  return { startsAt: startOfDayIn(from, timeZone), endsAt: startOfDayIn(to, timeZone) }
}

/**
 * The first day from `from` on which a hire of `length` days can have `quantity` units, within SEARCH_DAYS, read
 * from one query of the lines over the whole search.
 */
function firstAvailableDay(
  units: CandidateUnit[],
  lines: HeldPeriod[],
  from: CalendarDay,
  length: number,
  quantity: number,
  timeZone: string,
): string | null {
  if (units.length < quantity) return null
  for (let offset = 0; offset < SEARCH_DAYS; offset += 1) {
    const start = addDays(from, offset)
    const period = daysPeriod(start, addDays(start, length), timeZone)
    if (freeUnitsOf(units, lines, period, timeZone).length >= quantity) return formatDay(start)
  }
  return null
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
  if (!(await findEquipmentType(db, query.typeId))) throw new NotFoundError(MESSAGES.typeNotFound)
  const depot = await depotOf(db, query.depotId)
  const timeZone = depot.time_zone
  const period = daysPeriod(from, to, timeZone)
  const units = await candidateUnits(db, query.typeId, query.depotId)
  const searchEnd = startOfDayIn(addDays(to, SEARCH_DAYS), timeZone)
  const lines = await overlappingLines(
    db,
    query.typeId,
    query.depotId,
    period.startsAt.toISOString(),
    searchEnd.toISOString(),
  )
  const free = freeUnitsOf(units, lines, period, timeZone)
  return {
    startsAt: period.startsAt.toISOString(),
    endsAt: period.endsAt.toISOString(),
    total: units.length,
    free: free.length,
    freeUnits: free.map((unit) => ({ id: unit.id, fleetNumber: unit.fleet_number })),
    quantity: query.quantity,
    firstAvailableDay: firstAvailableDay(units, lines, from, length, query.quantity, timeZone),
  }
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
