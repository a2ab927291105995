import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Hiring online (ADR 048, requirements §19): a booking of a customer account for one of its job sites, the types
 * and quantities it asks for with the rates it was priced at, the units that hold them (the fleet's booking lines,
 * now tied to the booking and carrying each unit's on-hire, off-hire and collection instants), and the off-hires
 * that stop a unit's charges. References ('BK-2026-000123', 'OH-2026-000123') come from rows of
 * `customer_account_counters` named by prefix and year, advanced in the transaction that writes them: no gaps,
 * no duplicates; the unique indexes are the last guard.
 *
 * Money is integer cents ex GST; instants are ISO 8601 UTC text; flags are 0/1 integers, as everywhere else.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (name: string) => (table: ReturnType<AnyDb['schema']['createTable']>) =>
    table.addColumn(name, 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )

  await id('id')(db.schema.createTable('bookings'))
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    .addColumn('site_id', 'integer', (col) => col.notNull().references('customer_account_sites.id'))
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    .addColumn('ordered_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    /** The orderer's name as it was when they booked. */
    .addColumn('ordered_by_name', 'text', (col) => col.notNull())
    /**
     * awaiting_approval (an Account admin's, over the orderer's limit) | requested (with the business) | confirmed |
     * on_hire | off_hire_requested | off_hired | closed | declined | cancelled.
     */
    .addColumn('status', 'text', (col) => col.notNull())
    /** Why a request waits for staff: 'over_credit' | 'on_hold'; null when it does not. */
    .addColumn('staff_check', 'text')
    .addColumn('starts_at', 'text', (col) => col.notNull())
    /** The expected end (the hire runs until each unit's off-hire). */
    .addColumn('ends_at', 'text', (col) => col.notNull())
    /** 1 delivered to the site and collected from it; 0 picked up at and returned to the depot. */
    .addColumn('delivery', 'integer', (col) => col.notNull())
    .addColumn('night_works', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('site_contact_name', 'text', (col) => col.notNull())
    .addColumn('site_contact_phone', 'text', (col) => col.notNull())
    .addColumn('po_number', 'text')
    .addColumn('job_reference', 'text')
    /** The indicative price when requested (the rate engine's; invoices price what happened). */
    .addColumn('delivery_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('collection_fee_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('gst_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    /** Acceptance of the Terms and Conditions of Hire: the version and SHA-256 of the text shown, who, when, where. */
    .addColumn('terms_version', 'text', (col) => col.notNull())
    .addColumn('terms_sha256', 'text', (col) => col.notNull())
    .addColumn('accepted_name', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'text', (col) => col.notNull())
    .addColumn('accepted_ip', 'text', (col) => col.notNull())
    .addColumn('accepted_user_agent', 'text', (col) => col.notNull().defaultTo(''))
    /** The sealed hire agreement PDF (files.id). */
    .addColumn('agreement_file_id', 'text')
    /** The Account admin who approved a booking over the orderer's limit. */
    .addColumn('approved_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text')
    /** The staff member who confirmed or declined it, and a decline's reason. */
    .addColumn('decided_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // The staff inbox: by status, newest first.
  await db.schema
    .createIndex('bookings_status_idx')
    .on('bookings')
    .columns(['status', 'created_at'])
    .execute()
  // The portal: an account's bookings.
  await db.schema
    .createIndex('bookings_account_idx')
    .on('bookings')
    .columns(['account_id', 'created_at'])
    .execute()

  await id('id')(db.schema.createTable('booking_items'))
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('equipment_type_id', 'integer', (col) => col.notNull().references('equipment_types.id'))
    /** The type's name as it was. */
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    /** The rates it was priced at (the type's rates may change later). */
    .addColumn('day_rate_cents', 'integer', (col) => col.notNull())
    .addColumn('week_rate_cents', 'integer', (col) => col.notNull())
    .addColumn('minimum_days', 'integer', (col) => col.notNull())
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('booking_items_booking_idx').on('booking_items').column('booking_id').execute()

  await id('id')(db.schema.createTable('off_hires'))
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    /** When the units are ready to collect: their charges stop then (ADR 048). */
    .addColumn('pickup_at', 'text', (col) => col.notNull())
    .addColumn('access_notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('requested_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('requested_by_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('off_hires_account_idx')
    .on('off_hires')
    .columns(['account_id', 'created_at'])
    .execute()
  await db.schema.createIndex('off_hires_pickup_idx').on('off_hires').column('pickup_at').execute()

  await db.schema
    .alterTable('booking_lines')
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id'))
    .execute()
  await db.schema
    .alterTable('booking_lines')
    .addColumn('booking_item_id', 'integer', (col) => col.references('booking_items.id'))
    .execute()
  /** When the unit went on hire (the delivery or pick-up): its charges start then. */
  await db.schema.alterTable('booking_lines').addColumn('on_hire_at', 'text').execute()
  await db.schema
    .alterTable('booking_lines')
    .addColumn('off_hire_id', 'integer', (col) => col.references('off_hires.id'))
    .execute()
  /** When its charges stop: the off-hire's pick-up time. */
  await db.schema.alterTable('booking_lines').addColumn('off_hire_at', 'text').execute()
  /** When the business collected it (or it was returned to the depot). */
  await db.schema.alterTable('booking_lines').addColumn('collected_at', 'text').execute()
  await db.schema.createIndex('booking_lines_booking_idx').on('booking_lines').column('booking_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('booking_lines_booking_idx').execute()
  for (const column of [
    'collected_at',
    'off_hire_at',
    'off_hire_id',
    'on_hire_at',
    'booking_item_id',
    'booking_id',
  ]) {
    await db.schema.alterTable('booking_lines').dropColumn(column).execute()
  }
  for (const table of ['off_hires', 'booking_items', 'bookings']) {
    await db.schema.dropTable(table).execute()
  }
}
