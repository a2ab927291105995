import type { InvoiceListQuery, InvoiceStatus } from '@signalway/shared/receivables'
import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import type { DB, DocumentDeliveryMethod, PaymentAllocationsTable, PaymentsTable } from '../../db/schema.ts'

/*
 * The receivables' storage (ADR 051): reads of the insert-only invoices, adjustment notes, payments and
 * allocations, and the inserts of payments and allocations. Nothing here updates or deletes a row.
 */

export type PaymentRow = Selectable<PaymentsTable>

/** The sum of an invoice's allocations (reversals included) and of its adjustment notes, beside the invoice. */
function withFigures(eb: ExpressionBuilder<DB, 'invoices'>) {
  return [
    eb
      .selectFrom('payment_allocations')
      .select((a) => a.fn.coalesce(a.fn.sum<number>('payment_allocations.amount_cents'), a.lit(0)).as('s'))
      .whereRef('payment_allocations.invoice_id', '=', 'invoices.id')
      .as('allocated_cents'),
    eb
      .selectFrom('adjustment_notes')
      .select((a) => a.fn.coalesce(a.fn.sum<number>('adjustment_notes.total_cents'), a.lit(0)).as('s'))
      .whereRef('adjustment_notes.invoice_id', '=', 'invoices.id')
      .as('adjusted_cents'),
  ]
}

const INVOICE_COLUMNS = [
  'invoices.id',
  'invoices.number',
  'invoices.account_id',
  'invoices.buyer_account_number',
  'invoices.buyer_name',
  'invoices.buyer_address',
  'invoices.issue_date',
  'invoices.due_date',
  'invoices.subtotal_cents',
  'invoices.gst_cents',
  'invoices.total_cents',
  'invoices.payment_reference',
  'invoices.delivery_method',
] as const

/** Invoices with their allocated and adjusted sums (as the database counts them now). */
export function invoiceFiguresQuery(db: Executor) {
  return db
    .selectFrom('invoices')
    .select(INVOICE_COLUMNS)
    .select((eb) => withFigures(eb))
}

export interface InvoiceFiguresRow {
  id: number
  number: string
  account_id: number
  buyer_account_number: string
  buyer_name: string
  buyer_address: string
  issue_date: string
  due_date: string
  subtotal_cents: number
  gst_cents: number
  total_cents: number
  payment_reference: string
  delivery_method: DocumentDeliveryMethod
  allocated_cents: number | string | null
  adjusted_cents: number | string | null
}

export async function listAccountInvoices(db: Executor, accountId: number): Promise<InvoiceFiguresRow[]> {
  return invoiceFiguresQuery(db)
    .where('invoices.account_id', '=', accountId)
    .orderBy('invoices.issue_date')
    .orderBy('invoices.id')
    .execute()
}

export async function findAccountInvoices(db: Executor, accountId: number, ids: readonly number[]) {
  if (ids.length === 0) return []
  return invoiceFiguresQuery(db)
    .where('invoices.account_id', '=', accountId)
    .where('invoices.id', 'in', [...ids])
    .execute()
}

export async function listAccountNotes(db: Executor, accountId: number) {
  return db
    .selectFrom('adjustment_notes')
    .innerJoin('invoices', 'invoices.id', 'adjustment_notes.invoice_id')
    .select([
      'adjustment_notes.id',
      'adjustment_notes.number',
      'adjustment_notes.invoice_id',
      'invoices.number as invoice_number',
      'adjustment_notes.issue_date',
      'adjustment_notes.reason',
      'adjustment_notes.subtotal_cents',
      'adjustment_notes.gst_cents',
      'adjustment_notes.total_cents',
    ])
    .where('adjustment_notes.account_id', '=', accountId)
    .orderBy('adjustment_notes.issue_date')
    .orderBy('adjustment_notes.id')
    .execute()
}
export type NoteRow = Awaited<ReturnType<typeof listAccountNotes>>[number]

export async function listAccountPayments(db: Executor, accountId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('received_on')
    .orderBy('id')
    .execute()
}

export async function listAccountAllocations(db: Executor, accountId: number) {
  return db
    .selectFrom('payment_allocations')
    .innerJoin('payments', 'payments.id', 'payment_allocations.payment_id')
    .innerJoin('invoices', 'invoices.id', 'payment_allocations.invoice_id')
    .select([
      'payment_allocations.id',
      'payment_allocations.payment_id',
      'payment_allocations.invoice_id',
      'invoices.number as invoice_number',
      'payment_allocations.amount_cents',
      'payment_allocations.reverses_allocation_id',
      'payment_allocations.created_at',
      'payments.received_on',
      'payments.created_at as payment_created_at',
    ])
    .where('payments.account_id', '=', accountId)
    .orderBy('payment_allocations.id')
    .execute()
}
export type AllocationRow = Awaited<ReturnType<typeof listAccountAllocations>>[number]

/**
 * The account's row, held to the end of the transaction on PostgreSQL (SQLite has one writer), so that two
 * payments of one account are checked against its invoices one after the other.
 */
export async function lockAccount(trx: Executor, accountId: number) {
  const query = trx
    .selectFrom('customer_accounts')
    .select(['id', 'account_number', 'legal_name', 'credit_limit_cents'])
    .where('id', '=', accountId)
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
}

export async function findPayment(db: Executor, accountId: number, paymentId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('id', '=', paymentId)
    .executeTakeFirst()
}

export async function findReversalOf(db: Executor, paymentId: number) {
  return db
    .selectFrom('payments')
    .select('id')
    .where('reverses_payment_id', '=', paymentId)
    .executeTakeFirst()
}

export async function listPaymentAllocations(db: Executor, paymentId: number) {
  return db
    .selectFrom('payment_allocations')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('id')
    .execute()
}

export async function insertPayment(db: Executor, row: Insertable<PaymentsTable>) {
  return db.insertInto('payments').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function insertAllocations(db: Executor, rows: Insertable<PaymentAllocationsTable>[]) {
  if (rows.length === 0) return []
  return db.insertInto('payment_allocations').values(rows).returningAll().execute()
}

function figures(db: Executor) {
  return db.selectFrom(invoiceFiguresQuery(db).as('i')).selectAll()
}
type Figures = ExpressionBuilder<{ i: Record<string, unknown> }, 'i'>

/** The condition of a status on `today`, in SQL: the same rule as invoiceStatus. */
function statusCondition(eb: Figures, status: InvoiceStatus, today: string): Expression<SqlBool> {
  const owing = sql<number>`(${eb.ref('i.total_cents')} - ${eb.ref('i.allocated_cents')} - ${eb.ref('i.adjusted_cents')})`
  if (status === 'Paid') return sql<SqlBool>`${owing} <= 0`
  if (status === 'Overdue') return sql<SqlBool>`${owing} > 0 and ${eb.ref('i.due_date')} < ${today}`
  const paid = status === 'Part paid' ? sql`> 0` : sql`<= 0`
  return sql<SqlBool>`${owing} > 0 and ${eb.ref('i.due_date')} >= ${today} and ${eb.ref('i.allocated_cents')} ${paid}`
}

function listCondition(query: InvoiceListQuery, today: string) {
  return (eb: Figures) => {
    const parts: Expression<SqlBool>[] = []
    if (query.accountId !== undefined) parts.push(eb(eb.ref('i.account_id'), '=', query.accountId))
    if (query.sentBy !== undefined) parts.push(eb(eb.ref('i.delivery_method'), '=', query.sentBy))
    if (query.from !== undefined) parts.push(eb(eb.ref('i.issue_date'), '>=', query.from))
    if (query.to !== undefined) parts.push(eb(eb.ref('i.issue_date'), '<=', query.to))
    if (query.search) {
      const like = `%${query.search.toLowerCase().replace(/[\\%_]/gu, (char) => `\\${char}`)}%`
      parts.push(sql<SqlBool>`lower(${eb.ref('i.number')}) like ${like} escape '\\'`)
    }
    if (query.status !== undefined) parts.push(statusCondition(eb, query.status, today))
    return parts.length === 0 ? eb.lit(true) : eb.and(parts)
  }
}

/** A page of invoices matching the staff list's filters, newest first, and how many match in all. */
export async function findInvoicePage(db: Executor, query: InvoiceListQuery, today: string) {
  const where = listCondition(query, today) as never
  const [rows, count] = await Promise.all([
    figures(db)
      .where(where)
      .orderBy('i.issue_date', 'desc')
      .orderBy('i.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom(invoiceFiguresQuery(db).as('i'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ])
  return { rows: rows as InvoiceFiguresRow[], total: Number(count.n) }
}

/** Invoices issued from `from` to `to` with their lines and the account's billing email, by number. */
export async function listInvoiceLinesIssued(db: Executor, from: string, to: string) {
  return db
    .selectFrom('invoice_lines')
    .innerJoin('invoices', 'invoices.id', 'invoice_lines.invoice_id')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'invoices.account_id')
    .select([
      'invoices.id as invoice_id',
      'invoices.number',
      'invoices.buyer_name',
      'invoices.po_numbers',
      'invoices.issue_date',
      'invoices.due_date',
      'invoices.total_cents',
      'invoices.gst_cents',
      'customer_accounts.billing_email',
      'invoice_lines.description',
      'invoice_lines.quantity',
      'invoice_lines.unit_price_cents',
      'invoice_lines.amount_cents',
    ])
    .where('invoices.issue_date', '>=', from)
    .where('invoices.issue_date', '<=', to)
    .orderBy('invoices.number')
    .orderBy('invoice_lines.position')
    .execute()
}

/** Adjustment notes issued from `from` to `to` with their lines, by number. */
export async function listNoteLinesIssued(db: Executor, from: string, to: string) {
  return db
    .selectFrom('adjustment_note_lines')
    .innerJoin('adjustment_notes', 'adjustment_notes.id', 'adjustment_note_lines.note_id')
    .innerJoin('invoices', 'invoices.id', 'adjustment_notes.invoice_id')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'adjustment_notes.account_id')
    .select([
      'adjustment_notes.id as note_id',
      'adjustment_notes.number',
      'adjustment_notes.buyer_name',
      'adjustment_notes.issue_date',
      'adjustment_notes.gst_cents',
      'invoices.number as invoice_number',
      'customer_accounts.billing_email',
      'adjustment_note_lines.description',
      'adjustment_note_lines.amount_cents',
    ])
    .where('adjustment_notes.issue_date', '>=', from)
    .where('adjustment_notes.issue_date', '<=', to)
    .orderBy('adjustment_notes.number')
    .orderBy('adjustment_note_lines.position')
    .execute()
}

/** Payments received from `from` to `to` (reversals included), with the account and its allocations. */
export async function listPaymentsReceived(db: Executor, from: string, to: string) {
  const payments = await db
    .selectFrom('payments')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'payments.account_id')
    .select([
      'payments.id',
      'payments.received_on',
      'payments.amount_cents',
      'payments.reference',
      'payments.method',
      'customer_accounts.legal_name',
      'customer_accounts.account_number',
    ])
    .where('payments.received_on', '>=', from)
    .where('payments.received_on', '<=', to)
    .orderBy('payments.received_on')
    .orderBy('payments.id')
    .execute()
  const allocations = await db
    .selectFrom('payment_allocations')
    .innerJoin('payments', 'payments.id', 'payment_allocations.payment_id')
    .innerJoin('invoices', 'invoices.id', 'payment_allocations.invoice_id')
    .select(['payment_allocations.payment_id', 'payment_allocations.amount_cents', 'invoices.number'])
    .where('payments.received_on', '>=', from)
    .where('payments.received_on', '<=', to)
    .orderBy('payment_allocations.id')
    .execute()
  return { payments, allocations }
}
