import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import type { BookingLinesTable, UnitStatus } from '../../db/schema.ts'

/* What availability reads (ADR 042): a type's units at a depot, and the booking lines that hold them. */

export interface CandidateUnit {
  id: number
  fleet_number: string
  status: UnitStatus
  next_service_due: string | null
}

/**
 * The units of a type at a depot that are not retired, by fleet number. With `lock`, on PostgreSQL, their rows
 * stay locked (FOR UPDATE) until the transaction ends: two reservations of the same type at the same depot then
 * take turns, and the second sees the first's booking lines. SQLite has one writer at a time, so it needs none.
 */
export async function candidateUnits(
  db: Executor,
  typeId: number,
  depotId: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<CandidateUnit[]> {
  let select = db
    .selectFrom('units')
    .select(['id', 'fleet_number', 'status', 'next_service_due'])
    .where('type_id', '=', typeId)
    .where('depot_id', '=', depotId)
    .where('status', '!=', 'retired')
    .orderBy('fleet_number')
  if (lock && dialectOf(db) === 'postgres') select = select.forUpdate()
  return select.execute()
}

export interface HeldPeriod {
  unit_id: number
  starts_at: string
  ends_at: string
}

/**
 * The booking lines of a type's units at a depot that overlap the half-open period [startsAt, endsAt): a line
 * overlaps when it starts before the period ends and ends after it starts, so one ending exactly when another
 * starts does not. With `availableOnly`, only the lines of units that are Available now (the only ones that can
 * be free): the first-available-day search reads a year of lines, and skips those it would not look at. With
 * `exceptBookingId`, that booking's own lines are left out (an extension of it is free of them).
 */
export async function overlappingLines(
  db: Executor,
  typeId: number,
  depotId: number,
  startsAt: string,
  endsAt: string,
  { availableOnly = false, exceptBookingId }: { availableOnly?: boolean; exceptBookingId?: number } = {},
): Promise<HeldPeriod[]> {
  let select = db
    .selectFrom('booking_lines')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .select(['booking_lines.unit_id', 'booking_lines.starts_at', 'booking_lines.ends_at'])
    .where('units.type_id', '=', typeId)
    .where('units.depot_id', '=', depotId)
    .where('booking_lines.starts_at', '<', endsAt)
    .where('booking_lines.ends_at', '>', startsAt)
  if (availableOnly) select = select.where('units.status', '=', 'available')
  if (exceptBookingId !== undefined)
    select = select.where((eb) =>
      eb.or([
        eb('booking_lines.booking_id', 'is', null),
        eb('booking_lines.booking_id', '!=', exceptBookingId),
      ]),
    )
  return select.execute()
}

export async function insertBookingLines(
  db: Executor,
  rows: Insertable<BookingLinesTable>[],
): Promise<number[]> {
  if (rows.length === 0) return []
  const inserted = await db.insertInto('booking_lines').values(rows).returning('id').execute()
  return inserted.map((row) => row.id)
}

/* What the depot's month calendar reads: all of a depot at once, one query for its units and one for its lines. */

export interface DepotUnit extends CandidateUnit {
  type_id: number
  type_slug: string
  type_name: string
}

/**
 * Every unit of a depot that is not retired, with its type, in catalogue order (the types list's: service, name)
 * and by fleet number within a type.
 */
export async function depotUnits(db: Executor, depotId: number): Promise<DepotUnit[]> {
  return db
    .selectFrom('units')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .select([
      'units.id',
      'units.fleet_number',
      'units.status',
      'units.next_service_due',
      'units.type_id',
      'equipment_types.slug as type_slug',
      'equipment_types.name as type_name',
    ])
    .where('units.depot_id', '=', depotId)
    .where('units.status', '!=', 'retired')
    .orderBy('equipment_types.service_slug')
    .orderBy('equipment_types.name')
    .orderBy('equipment_types.id')
    .orderBy('units.fleet_number')
    .execute()
}

/**
 * The booking lines of a depot's units that are not retired overlapping [startsAt, endsAt), whatever their type:
 * the units' (depot_id, status) index finds the units, the lines' (unit_id, starts_at, ends_at) index their lines.
 */
export async function depotLinesOverlapping(
  db: Executor,
  depotId: number,
  startsAt: string,
  endsAt: string,
): Promise<HeldPeriod[]> {
  return db
    .selectFrom('booking_lines')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .select(['booking_lines.unit_id', 'booking_lines.starts_at', 'booking_lines.ends_at'])
    .where('units.depot_id', '=', depotId)
    .where('units.status', '!=', 'retired')
    .where('booking_lines.starts_at', '<', endsAt)
    .where('booking_lines.ends_at', '>', startsAt)
    .execute()
}
