import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'

/*
 * What the billing run reads, in bulk (ADR 051): the bookings with a unit that has something to invoice as at the
 * run's time, every unit of those bookings (a booking's collection fee waits for its last unit), and their accounts
 * with the address of their credit application. Three queries whatever the number of accounts.
 */

type LineBuilder = ExpressionBuilder<DB, 'booking_lines'>

/**
 * A unit with work as at `asAt`: on hire before it, and either not invoiced up to its off-hire (or up to `asAt`
 * while it runs on), or invoiced past an off-hire recorded since (its over-charge is to credit).
 */
function hasWork(eb: LineBuilder, asAt: string): Expression<SqlBool> {
  const invoicedTo = eb.ref('booking_lines.invoiced_to')
  const offHireAt = eb.ref('booking_lines.off_hire_at')
  return eb.and([
    eb('booking_lines.booking_id', 'is not', null),
    eb('booking_lines.on_hire_at', 'is not', null),
    eb('booking_lines.on_hire_at', '<', asAt),
    eb.or([
      eb('booking_lines.invoiced_to', 'is', null),
      eb.and([
        eb('booking_lines.invoiced_to', '<', asAt),
        eb.or([eb('booking_lines.off_hire_at', 'is', null), eb(invoicedTo, '<', offHireAt)]),
      ]),
      eb(invoicedTo, '>', offHireAt),
    ]),
  ])
}

const bookingsWithWork = (db: Executor, asAt: string) =>
  db
    .selectFrom('booking_lines')
    .select('booking_lines.booking_id')
    .where((eb) => hasWork(eb, asAt))

export interface RunLineRow {
  id: number
  booking_id: number
  on_hire_at: string | null
  off_hire_at: string | null
  off_hire_id: number | null
  invoiced_to: string | null
  invoiced_cents: number
  fleet_number: string
  type_name: string
  day_rate_cents: number
  week_rate_cents: number
  minimum_days: number
}

/** Every unit of the bookings with work, in booking then line order. */
export async function listRunLines(db: Executor, asAt: string): Promise<RunLineRow[]> {
  const rows = await db
    .selectFrom('booking_lines')
    .innerJoin('units', 'units.id', 'booking_lines.unit_id')
    .innerJoin('booking_items', 'booking_items.id', 'booking_lines.booking_item_id')
    .select([
      'booking_lines.id',
      'booking_lines.booking_id',
      'booking_lines.on_hire_at',
      'booking_lines.off_hire_at',
      'booking_lines.off_hire_id',
      'booking_lines.invoiced_to',
      'booking_lines.invoiced_cents',
      'units.fleet_number',
      'booking_items.description as type_name',
      'booking_items.day_rate_cents',
      'booking_items.week_rate_cents',
      'booking_items.minimum_days',
    ])
    .where('booking_lines.booking_id', 'in', bookingsWithWork(db, asAt))
    .orderBy('booking_lines.booking_id')
    .orderBy('booking_lines.id')
    .execute()
  return rows as RunLineRow[]
}

export interface RunBookingRow {
  id: number
  account_id: number
  reference: string
  po_number: string | null
  delivery_fee_cents: number
  collection_fee_cents: number
  delivery_invoice_id: number | null
  collection_invoice_id: number | null
}

export function listRunBookings(db: Executor, asAt: string): Promise<RunBookingRow[]> {
  return db
    .selectFrom('bookings')
    .select([
      'id',
      'account_id',
      'reference',
      'po_number',
      'delivery_fee_cents',
      'collection_fee_cents',
      'delivery_invoice_id',
      'collection_invoice_id',
    ])
    .where('id', 'in', bookingsWithWork(db, asAt))
    .orderBy('id')
    .execute()
}

export interface RunAccountRow {
  id: number
  account_number: string
  legal_name: string
  abn: string
  payment_terms_days: number
  invoice_delivery: number
  billing_cycle: 'every_28_days' | 'monthly'
  billing_anchor_day: string | null
  billing_day_of_month: number | null
  billed_from: string | null
  created_at: string
  /** The credit application's stored payload: the buyer's address is in it. */
  payload: string | null
}

export function listRunAccounts(db: Executor, asAt: string): Promise<RunAccountRow[]> {
  return db
    .selectFrom('customer_accounts')
    .leftJoin('credit_applications', 'credit_applications.id', 'customer_accounts.credit_application_id')
    .select([
      'customer_accounts.id',
      'customer_accounts.account_number',
      'customer_accounts.legal_name',
      'customer_accounts.abn',
      'customer_accounts.payment_terms_days',
      'customer_accounts.invoice_delivery',
      'customer_accounts.billing_cycle',
      'customer_accounts.billing_anchor_day',
      'customer_accounts.billing_day_of_month',
      'customer_accounts.billed_from',
      'customer_accounts.created_at',
      'credit_applications.payload',
    ])
    .where(
      'customer_accounts.id',
      'in',
      db.selectFrom('bookings').select('account_id').where('id', 'in', bookingsWithWork(db, asAt)),
    )
    .orderBy('customer_accounts.id')
    .execute()
}

/**
 * Moves units' invoicing state on from what the run read (the same state for all of them, as the units of one
 * booking usually are): false when another writer moved one of them first (the run's view is stale, and the piece
 * is rolled back rather than charge from it). One statement for the lot.
 */
export async function advanceLinesState(
  trx: Executor,
  lineIds: readonly number[],
  from: { invoicedTo: string | null; invoicedCents: number },
  to: { invoicedTo: string; invoicedCents: number },
): Promise<boolean> {
  const result = await trx
    .updateTable('booking_lines')
    .set({ invoiced_to: to.invoicedTo, invoiced_cents: to.invoicedCents })
    .where('id', 'in', [...lineIds])
    .where('invoiced_cents', '=', from.invoicedCents)
    .where((eb) =>
      from.invoicedTo === null ? eb('invoiced_to', 'is', null) : eb('invoiced_to', '=', from.invoicedTo),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === lineIds.length
}

/** Names the invoice that carried a booking's fee; false when one already did. */
export async function setFeeInvoice(
  trx: Executor,
  bookingId: number,
  fee: 'delivery' | 'collection',
  invoiceId: number,
): Promise<boolean> {
  const column = fee === 'delivery' ? 'delivery_invoice_id' : 'collection_invoice_id'
  const result = await trx
    .updateTable('bookings')
    .set({ [column]: invoiceId })
    .where('id', '=', bookingId)
    .where(column, 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The latest invoice that charged the unit something: the one its credit names. */
export async function findLastChargingInvoice(trx: Executor, lineId: number): Promise<number | undefined> {
  const row = await trx
    .selectFrom('invoice_lines')
    .select(sql<number>`max(invoice_id)`.as('invoice_id'))
    .where('booking_line_id', '=', lineId)
    .where('amount_cents', '>', 0)
    .executeTakeFirst()
  return row?.invoice_id === null || row?.invoice_id === undefined ? undefined : Number(row.invoice_id)
}
