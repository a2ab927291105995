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
 * be free): the first-available-day search reads a year of lines, and skips those it would not look at.
 */
export async function overlappingLines(
  db: Executor,
  typeId: number,
  depotId: number,
  startsAt: string,
  endsAt: string,
  { availableOnly = false }: { availableOnly?: boolean } = {},
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
