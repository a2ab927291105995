import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { BookingItemsTable, BookingStatusValue, BookingsTable } from '../../db/schema.ts'

/* The bookings' reads and writes of the booking request, the Account admin's decision and the portal (ADR 048). */

/** A member of the account as booking needs them: role, approval limit, sites, name and email. */
export async function findBookingMember(db: Executor, userId: number, accountId: number) {
  const member = await db
    .selectFrom('customer_account_members')
    .innerJoin('users', 'users.id', 'customer_account_members.user_id')
    .select([
      'customer_account_members.id',
      'customer_account_members.role',
      'customer_account_members.approval_limit_cents',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('customer_account_members.user_id', '=', userId)
    .where('customer_account_members.account_id', '=', accountId)
    .executeTakeFirst()
  if (!member) return undefined
  const sites = await db
    .selectFrom('customer_account_member_sites')
    .select('site_id')
    .where('member_id', '=', member.id)
    .execute()
  return { ...member, siteIds: sites.map((site) => site.site_id) }
}
export type BookingMember = NonNullable<Awaited<ReturnType<typeof findBookingMember>>>

export async function findAccountForBooking(db: Executor, accountId: number) {
  return db
    .selectFrom('customer_accounts')
    .select(['id', 'account_number', 'legal_name', 'credit_limit_cents', 'po_required', 'on_hold'])
    .where('id', '=', accountId)
    .executeTakeFirst()
}
export type BookingAccount = NonNullable<Awaited<ReturnType<typeof findAccountForBooking>>>

/** The totals inc GST of the account's open bookings, leaving one out (the booking being decided). */
export async function insertBookingRow(db: Executor, values: Insertable<BookingsTable>): Promise<number> {
  const row = await db.insertInto('bookings').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

export async function insertBookingItem(
  db: Executor,
  values: Insertable<BookingItemsTable>,
): Promise<number> {
  const row = await db.insertInto('booking_items').values(values).returning('id').executeTakeFirstOrThrow()
  return row.id
}

/** Ties reserved booking lines to their booking and item. */
export async function linkBookingLines(
  db: Executor,
  lineIds: readonly number[],
  bookingId: number,
  itemId: number,
): Promise<void> {
  if (lineIds.length === 0) return
  await db
    .updateTable('booking_lines')
    .set({ booking_id: bookingId, booking_item_id: itemId })
    .where('id', 'in', [...lineIds])
    .execute()
}

export async function deleteBookingLines(db: Executor, bookingId: number): Promise<number> {
  const result = await db.deleteFrom('booking_lines').where('booking_id', '=', bookingId).executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function setAgreementFile(db: Executor, bookingId: number, fileId: string): Promise<void> {
  await db.updateTable('bookings').set({ agreement_file_id: fileId }).where('id', '=', bookingId).execute()
}

/**
 * Saves a booking changed from `version` (moving it on by one): false when it has another version now (the caller
 * answers 409). On PostgreSQL the row stays locked until the transaction ends, so two changes of one booking take
 * turns.
 */
/** The columns a change of a booking sets (its version moves on by itself). */
export type BookingColumns = Omit<Updateable<BookingsTable>, 'version' | 'id'>

export async function updateBookingAtVersion(
  db: Executor,
  bookingId: number,
  version: number,
  values: BookingColumns,
): Promise<boolean> {
  const result = await db
    .updateTable('bookings')
    .set({ ...values, version: version + 1 })
    .where('id', '=', bookingId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Bookings with their account, site and depot: what the portal's and the staff's views of a booking show. */
export function bookingsQuery(db: Executor) {
  return db
    .selectFrom('bookings')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'bookings.account_id')
    .innerJoin('customer_account_sites', 'customer_account_sites.id', 'bookings.site_id')
    .innerJoin('depots', 'depots.id', 'bookings.depot_id')
    .selectAll('bookings')
    .select([
      'customer_accounts.account_number',
      'customer_accounts.legal_name as account_name',
      'customer_accounts.on_hold as account_on_hold',
      'customer_accounts.hold_reason as account_hold_reason',
      'customer_accounts.credit_limit_cents as account_credit_limit_cents',
      'customer_account_sites.name as site_name',
      'customer_account_sites.full_address as site_address',
      'depots.code as depot_code',
      'depots.name as depot_name',
      'depots.time_zone as depot_time_zone',
    ])
}
export type BookingListRow = Awaited<ReturnType<ReturnType<typeof bookingsQuery>['executeTakeFirstOrThrow']>>

/** An account's bookings, newest first; only those of `siteIds` when given (a Site supervisor's). */
export async function listAccountBookings(
  db: Executor,
  accountId: number,
  filter: { status?: BookingStatusValue | undefined; siteIds?: readonly number[] | undefined },
): Promise<BookingListRow[]> {
  let query = bookingsQuery(db).where('bookings.account_id', '=', accountId)
  if (filter.status) query = query.where('bookings.status', '=', filter.status)
  if (filter.siteIds) {
    if (filter.siteIds.length === 0) return []
    query = query.where('bookings.site_id', 'in', [...filter.siteIds])
  }
  return query.orderBy('bookings.created_at', 'desc').orderBy('bookings.id', 'desc').limit(500).execute()
}

export async function findAccountBooking(
  db: Executor,
  accountId: number,
  bookingId: number,
): Promise<BookingListRow | undefined> {
  return bookingsQuery(db)
    .where('bookings.account_id', '=', accountId)
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst()
}

export async function listBookingItems(db: Executor, bookingId: number) {
  return db
    .selectFrom('booking_items')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}

/**
 * A booking's lines with their units (fleet number, type, depot) and the off-hires they belong to: by fleet number,
 * or with `byLine` in the order they were written (the staff's view).
 */
export async function listBookingLines(db: Executor, bookingId: number, { byLine = false } = {}) {
  const select = db
    .selectFrom('booking_lines')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .leftJoin('off_hires', 'off_hires.id', 'booking_lines.off_hire_id')
    .selectAll('booking_lines')
    .select([
      'units.fleet_number',
      'units.type_id',
      'units.depot_id as unit_depot_id',
      'equipment_types.name as type_name',
      'off_hires.number as off_hire_number',
    ])
    .where('booking_lines.booking_id', '=', bookingId)
  return (byLine ? select : select.orderBy('units.fleet_number')).orderBy('booking_lines.id').execute()
}
export type BookingLine = Awaited<ReturnType<typeof listBookingLines>>[number]

/** The emails of the account's Account admins. */
export async function listAccountAdminEmails(db: Executor, accountId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('customer_account_members')
    .innerJoin('users', 'users.id', 'customer_account_members.user_id')
    .select('users.email')
    .where('customer_account_members.account_id', '=', accountId)
    .where('customer_account_members.role', '=', 'account_admin')
    .orderBy('users.email')
    .execute()
  return rows.map((row) => row.email)
}

/** The email of a user (a booking's orderer): undefined when there is none. */
export async function findUserEmail(db: Executor, userId: number | null): Promise<string | undefined> {
  if (userId === null) return undefined
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email
}

export async function findFile(db: Executor, id: string) {
  return db
    .selectFrom('files')
    .select(['data', 'name', 'content_type'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findSiteName(db: Executor, siteId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customer_account_sites')
    .select('name')
    .where('id', '=', siteId)
    .executeTakeFirst()
  return row?.name
}
