import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { BookingLinesTable, BookingStatusValue, OffHiresTable } from '../../db/schema.ts'

/* What On hire, off-hire and extend read and write: an account's units out, lines' ends and off-hires. */

/** Every unit of the account out on hire (on hire and not collected), with what its row and cost need. */
export async function listOnHireLines(
  db: Executor,
  accountId: number,
  siteIds: readonly number[] | undefined,
) {
  let select = db
    .selectFrom('booking_lines')
    .innerJoin('bookings', 'bookings.id', 'booking_lines.booking_id')
    .innerJoin('booking_items', 'booking_items.id', 'booking_lines.booking_item_id')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .innerJoin('customer_account_sites', 'customer_account_sites.id', 'bookings.site_id')
    .innerJoin('depots', 'depots.id', 'bookings.depot_id')
    .leftJoin('off_hires', 'off_hires.id', 'booking_lines.off_hire_id')
    .select([
      'booking_lines.id as line_id',
      'booking_lines.on_hire_at',
      'booking_lines.ends_at',
      'booking_lines.off_hire_at',
      'bookings.id as booking_id',
      'bookings.reference',
      'bookings.status',
      'bookings.version',
      'bookings.ends_at as booking_ends_at',
      'bookings.po_number',
      'bookings.site_id',
      'customer_account_sites.name as site_name',
      'depots.time_zone',
      'units.id as unit_id',
      'units.fleet_number',
      'equipment_types.name as type_name',
      'equipment_types.service_slug',
      'booking_items.day_rate_cents',
      'booking_items.week_rate_cents',
      'booking_items.minimum_days',
      'off_hires.number as off_hire_number',
      'off_hires.pickup_at',
    ])
    .where('bookings.account_id', '=', accountId)
    .where('booking_lines.on_hire_at', 'is not', null)
    .where('booking_lines.collected_at', 'is', null)
  if (siteIds !== undefined) {
    if (siteIds.length === 0) return []
    select = select.where('bookings.site_id', 'in', [...siteIds])
  }
  return select
    .orderBy('customer_account_sites.name')
    .orderBy('bookings.site_id')
    .orderBy('bookings.po_number')
    .orderBy('bookings.reference')
    .orderBy('units.fleet_number')
    .execute()
}
export type OnHireLineRow = Awaited<ReturnType<typeof listOnHireLines>>[number]

export async function findAccountNumber(db: Executor, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customer_accounts')
    .select('account_number')
    .where('id', '=', accountId)
    .executeTakeFirst()
  return row?.account_number
}

export async function setBookingStatus(db: Executor, bookingId: number, status: BookingStatusValue) {
  await db.updateTable('bookings').set({ status }).where('id', '=', bookingId).execute()
}

export async function insertOffHire(db: Executor, values: Insertable<OffHiresTable>): Promise<number> {
  const row = await db.insertInto('off_hires').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** The lines are off-hired: their charges stop, and they end, at the pick-up time. */
export async function markLinesOffHired(
  db: Executor,
  lineIds: readonly number[],
  offHire: { id: number; pickupAt: string },
): Promise<void> {
  await db
    .updateTable('booking_lines')
    .set({ off_hire_id: offHire.id, off_hire_at: offHire.pickupAt, ends_at: offHire.pickupAt })
    .where('id', 'in', lineIds)
    .where('off_hire_id', 'is', null)
    .execute()
}

export async function setLinesEnd(db: Executor, lineIds: readonly number[], endsAt: string): Promise<void> {
  if (lineIds.length === 0) return
  await db.updateTable('booking_lines').set({ ends_at: endsAt }).where('id', 'in', lineIds).execute()
}

/** Units swapped for others at an extension: their charges stop at the old end, where the others take over. */
export async function stopLines(db: Executor, lineIds: readonly number[], at: string): Promise<void> {
  if (lineIds.length === 0) return
  await db.updateTable('booking_lines').set({ off_hire_at: at }).where('id', 'in', lineIds).execute()
}

export async function insertLine(db: Executor, values: Insertable<BookingLinesTable>): Promise<number> {
  const row = await db.insertInto('booking_lines').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** The emails of users by id (the requester and the orderer). */
export async function findUserEmails(db: Executor, userIds: readonly number[]): Promise<string[]> {
  if (userIds.length === 0) return []
  const rows = await db.selectFrom('users').select('email').where('id', 'in', userIds).execute()
  return rows.map((row) => row.email)
}
