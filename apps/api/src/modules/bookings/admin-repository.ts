import type { BookingStatus } from '@signalway/shared/bookings'
import { INBOX_STATUS_ORDER } from '@signalway/shared/bookings-admin'
import { type ExpressionBuilder, sql, type Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { BookingLinesTable, DB } from '../../db/schema.ts'
import { type BookingListRow, bookingsQuery } from './repository.ts'

/* What the staff side of bookings reads and writes (ADR 048): the inbox, one booking, its lines and collections. */

/** Escapes LIKE's wildcards so that a search for '100%' matches the text '100%'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (char) => `\\${char}`)
}

export interface BookingFilter {
  status?: BookingStatus | undefined
  /** Part of the reference, the account's number or legal name, or the PO number (case ignored). */
  search: string
}

function listCondition(filter: BookingFilter) {
  const text = filter.search.trim().toLowerCase()
  return (eb: ExpressionBuilder<DB, 'bookings' | 'customer_accounts'>) => {
    const parts = []
    if (filter.status !== undefined) parts.push(eb('bookings.status', '=', filter.status))
    if (text !== '') {
      const like = `%${escapeLike(text)}%`
      parts.push(
        eb.or([
          sql<boolean>`lower(${eb.ref('bookings.reference')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('bookings.po_number')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('customer_accounts.account_number')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('customer_accounts.legal_name')}) like ${like} escape '\\'`,
          sql<boolean>`lower(${eb.ref('customer_accounts.trading_name')}) like ${like} escape '\\'`,
        ]),
      )
    }
    return parts.length === 0 ? eb.lit(true) : eb.and(parts)
  }
}

/** The inbox: new requests first, then those awaiting the customer, then the rest; newest first within each. */
export async function findBookings(
  db: Executor,
  filter: BookingFilter,
  page: { limit: number; offset: number },
) {
  const rank = sql<number>`case ${sql.join(
    INBOX_STATUS_ORDER.map((status, index) => sql`when bookings.status = ${status} then ${index}`),
    sql` `,
  )} else ${INBOX_STATUS_ORDER.length} end`
  return bookingsQuery(db)
    .where(listCondition(filter))
    .orderBy(rank)
    .orderBy('bookings.created_at', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countBookings(db: Executor, filter: BookingFilter): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'bookings.account_id')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(listCondition(filter))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function findBooking(db: Executor, id: number): Promise<BookingListRow | undefined> {
  return bookingsQuery(db).where('bookings.id', '=', id).executeTakeFirst()
}

/** A unit's type and depot, and whether it is retired. */
export async function findUnit(db: Executor, unitId: number) {
  return db
    .selectFrom('units')
    .select(['id', 'fleet_number', 'type_id', 'depot_id'])
    .where('id', '=', unitId)
    .executeTakeFirst()
}

export async function updateLine(
  db: Executor,
  lineId: number,
  values: Omit<Updateable<BookingLinesTable>, 'id' | 'booking_id'>,
): Promise<void> {
  await db.updateTable('booking_lines').set(values).where('id', '=', lineId).execute()
}

/** How many off-hires have units not collected yet (the collections to schedule). */
export async function countCollections(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('off_hires')
    .select((eb) => eb.fn.count<number | string>('off_hires.id').distinct().as('count'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_lines')
          .select('booking_lines.id')
          .whereRef('booking_lines.off_hire_id', '=', 'off_hires.id')
          .where('booking_lines.collected_at', 'is', null),
      ),
    )
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The off-hires with units not collected yet, by pick-up time, with their booking, account, site and depot. */
export async function findCollections(db: Executor) {
  return db
    .selectFrom('off_hires')
    .innerJoin('booking_lines', 'booking_lines.off_hire_id', 'off_hires.id')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('equipment_types', 'equipment_types.id', 'units.type_id')
    .innerJoin('bookings', 'bookings.id', 'off_hires.booking_id')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'off_hires.account_id')
    .innerJoin('customer_account_sites', 'customer_account_sites.id', 'bookings.site_id')
    .innerJoin('depots', 'depots.id', 'bookings.depot_id')
    .select([
      'off_hires.id as off_hire_id',
      'off_hires.number',
      'off_hires.pickup_at',
      'off_hires.access_notes',
      'bookings.id as booking_id',
      'bookings.reference',
      'customer_accounts.id as account_id',
      'customer_accounts.account_number',
      'customer_accounts.legal_name as account_name',
      'customer_account_sites.name as site_name',
      'customer_account_sites.full_address as site_address',
      'depots.id as depot_id',
      'depots.code as depot_code',
      'depots.name as depot_name',
      'depots.time_zone as depot_time_zone',
      'booking_lines.id as line_id',
      'units.fleet_number',
      'equipment_types.name as type_name',
    ])
    .where('booking_lines.collected_at', 'is', null)
    .orderBy('off_hires.pickup_at')
    .orderBy('off_hires.id')
    .orderBy('units.fleet_number')
    .execute()
}
