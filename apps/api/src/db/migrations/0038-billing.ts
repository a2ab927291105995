import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Billing (ADR 051, requirements §22).
 *
 * - Each account's billing cycle: every 28 days from an anchor day (its opening day unless set), or monthly on a
 *   day from 1 to 28.
 * - Each booking line's invoicing state (`invoiced_to`, `invoiced_cents`) and each booking's fees
 *   (`delivery_invoice_id`, `collection_invoice_id`), written in the transaction that issues the document.
 * - Invoices and adjustment notes with their lines: insert-only. `number` comes from the counters 'INV' and 'AN'
 *   (customer_account_counters) advanced in the inserting transaction, so there is no gap and no repeat; `work_key`
 *   names the piece of the billing run that issued it ('cycle:<accountId>:<periodEnd>', 'off-hire:<offHireId>',
 *   'credit:<invoiceId>:<lineId>'), unique, so a second attempt rolls back instead of charging twice. Documents staff
 *   issue by hand have no work key. The buyer's name, ABN and address are copied as they were at issue.
 * - Payments (EFT, card, cheque) and their allocations to invoices: insert-only; a reversal is an opposite entry
 *   naming the one it reverses (unique: once).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (table: ReturnType<AnyDb['schema']['createTable']>) =>
    table.addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )

  await db.schema
    .alterTable('customer_accounts')
    .addColumn('billing_cycle', 'text', (col) => col.notNull().defaultTo('every_28_days'))
    .execute()
  // 'YYYY-MM-DD': the first day of a period of an every-28-days cycle; null: the account's opening day.
  await db.schema.alterTable('customer_accounts').addColumn('billing_anchor_day', 'text').execute()
  // 1 to 28 for a monthly cycle.
  await db.schema.alterTable('customer_accounts').addColumn('billing_day_of_month', 'integer').execute()
  // The start of the first period the billing run invoices for the account (ISO instant); null: from any on-hire.
  await db.schema.alterTable('customer_accounts').addColumn('billed_from', 'text').execute()

  await db.schema.alterTable('booking_lines').addColumn('invoiced_to', 'text').execute()
  await db.schema
    .alterTable('booking_lines')
    .addColumn('invoiced_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('bookings').addColumn('delivery_invoice_id', 'integer').execute()
  await db.schema.alterTable('bookings').addColumn('collection_invoice_id', 'integer').execute()

  await id(db.schema.createTable('invoices'))
    /** 'INV-000001': one sequence for the business. */
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('work_key', 'text', (col) => col.unique())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    /** cycle | off_hire | manual. */
    .addColumn('kind', 'text', (col) => col.notNull())
    /** The charges' span: instants of Melbourne midnight (or the off-hire's pick-up time), end excluded. */
    .addColumn('period_start', 'text')
    .addColumn('period_end', 'text', (col) => col.notNull())
    .addColumn('off_hire_id', 'integer', (col) => col.references('off_hires.id'))
    /** Melbourne 'YYYY-MM-DD'. */
    .addColumn('issue_date', 'text', (col) => col.notNull())
    .addColumn('due_date', 'text', (col) => col.notNull())
    /** The buyer as at issue. */
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_abn', 'text', (col) => col.notNull())
    .addColumn('buyer_account_number', 'text', (col) => col.notNull())
    .addColumn('buyer_address', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('po_numbers', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('gst_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    /** What the customer quotes with a payment: the invoice number and account number. */
    .addColumn('payment_reference', 'text', (col) => col.notNull())
    /** email | post | fax: as the account chose at issue. */
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('pdf_file_id', 'text', (col) => col.references('files.id'))
    .addColumn('pdf_sha256', 'text')
    .addColumn('pdf_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('invoices_account_idx')
    .on('invoices')
    .columns(['account_id', 'issue_date'])
    .execute()
  await db.schema.createIndex('invoices_issue_idx').on('invoices').column('issue_date').execute()
  await db.schema
    .createIndex('invoices_pdf_idx')
    .on('invoices')
    .columns(['pdf_file_id', 'issued_at'])
    .execute()

  await id(db.schema.createTable('invoice_lines'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    /** hire | delivery | collection | manual. */
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('booking_id', 'integer', (col) => col.references('bookings.id'))
    .addColumn('booking_reference', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('booking_line_id', 'integer', (col) => col.references('booking_lines.id').onDelete('set null'))
    .addColumn('fleet_number', 'text')
    /** Melbourne 'YYYY-MM-DD': the days a hire line charges. */
    .addColumn('first_day', 'text')
    .addColumn('last_day', 'text')
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('quantity', 'integer', (col) => col.notNull())
    .addColumn('unit_price_cents', 'integer', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    /** The line's invoicing state after it (for a hire line): what a credit starts from. */
    .addColumn('invoiced_to', 'text')
    .execute()
  await db.schema.createIndex('invoice_lines_invoice_idx').on('invoice_lines').column('invoice_id').execute()
  await db.schema
    .createIndex('invoice_lines_booking_line_idx')
    .on('invoice_lines')
    .column('booking_line_id')
    .execute()

  await id(db.schema.createTable('adjustment_notes'))
    /** 'AN-000001': its own sequence. */
    .addColumn('number', 'text', (col) => col.notNull().unique())
    .addColumn('work_key', 'text', (col) => col.unique())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id'))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('issue_date', 'text', (col) => col.notNull())
    .addColumn('buyer_name', 'text', (col) => col.notNull())
    .addColumn('buyer_abn', 'text', (col) => col.notNull())
    .addColumn('buyer_account_number', 'text', (col) => col.notNull())
    .addColumn('buyer_address', 'text', (col) => col.notNull().defaultTo(''))
    /** What the note takes off the invoice: 1 or more, ex GST, its GST and the total. */
    .addColumn('subtotal_cents', 'integer', (col) => col.notNull())
    .addColumn('gst_cents', 'integer', (col) => col.notNull())
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    .addColumn('delivery_method', 'text', (col) => col.notNull())
    .addColumn('pdf_file_id', 'text', (col) => col.references('files.id'))
    .addColumn('pdf_sha256', 'text')
    .addColumn('pdf_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('issued_at', 'text', (col) => col.notNull())
    .addColumn('issued_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('adjustment_notes_account_idx')
    .on('adjustment_notes')
    .columns(['account_id', 'issue_date'])
    .execute()
  await db.schema
    .createIndex('adjustment_notes_invoice_idx')
    .on('adjustment_notes')
    .column('invoice_id')
    .execute()

  await id(db.schema.createTable('adjustment_note_lines'))
    .addColumn('note_id', 'integer', (col) =>
      col.notNull().references('adjustment_notes.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('booking_line_id', 'integer', (col) => col.references('booking_lines.id').onDelete('set null'))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('adjustment_note_lines_note_idx')
    .on('adjustment_note_lines')
    .column('note_id')
    .execute()

  await id(db.schema.createTable('payments'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    /** eft | card | cheque. */
    .addColumn('method', 'text', (col) => col.notNull())
    /** Melbourne 'YYYY-MM-DD' the money arrived. */
    .addColumn('received_on', 'text', (col) => col.notNull())
    /** Cents: positive for a payment, negative for its reversal. */
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    /** The bank's or the customer's reference, the cheque number, the card receipt. */
    .addColumn('reference', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reverses_payment_id', 'integer', (col) => col.unique().references('payments.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('payments_account_idx')
    .on('payments')
    .columns(['account_id', 'received_on'])
    .execute()

  await id(db.schema.createTable('payment_allocations'))
    .addColumn('payment_id', 'integer', (col) => col.notNull().references('payments.id'))
    .addColumn('invoice_id', 'integer', (col) => col.notNull().references('invoices.id'))
    /** Cents: positive, or negative for the reversal of an allocation. */
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('reverses_allocation_id', 'integer', (col) =>
      col.unique().references('payment_allocations.id'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .createIndex('payment_allocations_payment_idx')
    .on('payment_allocations')
    .column('payment_id')
    .execute()
  await db.schema
    .createIndex('payment_allocations_invoice_idx')
    .on('payment_allocations')
    .column('invoice_id')
    .execute()

  await db
    .insertInto('customer_account_counters')
    .values([
      { name: 'INV', last_number: 0 },
      { name: 'AN', last_number: 0 },
    ])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.deleteFrom('customer_account_counters').where('name', 'in', ['INV', 'AN']).execute()
  for (const table of [
    'payment_allocations',
    'payments',
    'adjustment_note_lines',
    'adjustment_notes',
    'invoice_lines',
    'invoices',
  ])
    await db.schema.dropTable(table).execute()
  const columns: [string, string][] = [
    ['bookings', 'collection_invoice_id'],
    ['bookings', 'delivery_invoice_id'],
    ['booking_lines', 'invoiced_cents'],
    ['booking_lines', 'invoiced_to'],
    ['customer_accounts', 'billed_from'],
    ['customer_accounts', 'billing_day_of_month'],
    ['customer_accounts', 'billing_anchor_day'],
    ['customer_accounts', 'billing_cycle'],
  ]
  for (const [table, column] of columns) await db.schema.alterTable(table).dropColumn(column).execute()
}
