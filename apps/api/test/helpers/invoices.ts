import type { FastifyInstance } from 'fastify'

/*
 * Invoices and adjustment notes written straight into the tables, for the receivables' tests (the billing run
 * issues them in the app): a number, an account, issue and due dates, lines and totals with GST at 10%.
 */

export interface InvoiceFixture {
  accountId: number
  number?: string
  issueDate?: string
  dueDate?: string
  /** How it reaches the buyer: email unless given. */
  deliveryMethod?: 'email' | 'fax' | 'post'
  /** Ex GST, one line each; [100_000] by default. */
  lines?: readonly { amountCents: number; description?: string; bookingId?: number | null }[]
}

let sequence = 0
const gst = (cents: number) => Math.round(cents / 10)

async function accountOf(app: FastifyInstance, accountId: number) {
  return app.db
    .selectFrom('customer_accounts')
    .select(['account_number', 'legal_name', 'abn'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow()
}

export async function insertInvoice(app: FastifyInstance, fixture: InvoiceFixture) {
  sequence += 1
  const number = fixture.number ?? `INV-${String(900_000 + sequence).padStart(6, '0')}`
  const lines = fixture.lines ?? [{ amountCents: 100_000 }]
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const account = await accountOf(app, fixture.accountId)
  const issueDate = fixture.issueDate ?? '2026-11-02'
  const invoice = await app.db
    .insertInto('invoices')
    .values({
      number,
      work_key: null,
      account_id: fixture.accountId,
      kind: 'manual',
      period_start: null,
      period_end: `${issueDate}T13:00:00.000Z`,
      off_hire_id: null,
      issue_date: issueDate,
      due_date: fixture.dueDate ?? '2026-11-30',
      buyer_name: account.legal_name,
      buyer_abn: account.abn,
      buyer_account_number: account.account_number,
      buyer_address: '12 Ferntree Gully Road, Oakleigh VIC 3166',
      po_numbers: 'PO-1',
      subtotal_cents: subtotal,
      gst_cents: gst(subtotal),
      total_cents: subtotal + gst(subtotal),
      payment_reference: `${number} ${account.account_number}`,
      delivery_method: fixture.deliveryMethod ?? 'email',
      issued_at: `${issueDate}T00:00:00.000Z`,
      issued_by: null,
    })
    .returning(['id', 'number', 'total_cents'])
    .executeTakeFirstOrThrow()
  await app.db
    .insertInto('invoice_lines')
    .values(
      lines.map((line, index) => ({
        invoice_id: invoice.id,
        position: index + 1,
        kind: 'manual' as const,
        booking_id: line.bookingId ?? null,
        booking_line_id: null,
        fleet_number: null,
        first_day: null,
        last_day: null,
        description: line.description ?? `Hire, line ${index + 1}`,
        quantity: 1,
        unit_price_cents: line.amountCents,
        amount_cents: line.amountCents,
        invoiced_to: null,
      })),
    )
    .execute()
  return { id: invoice.id, number: invoice.number, totalCents: invoice.total_cents }
}

/** An adjustment note taking `subtotalCents` (ex GST) plus GST off the invoice. */
export async function insertAdjustmentNote(
  app: FastifyInstance,
  fixture: { invoiceId: number; subtotalCents: number; issueDate?: string; number?: string },
) {
  sequence += 1
  const invoice = await app.db
    .selectFrom('invoices')
    .select(['account_id'])
    .where('id', '=', fixture.invoiceId)
    .executeTakeFirstOrThrow()
  const account = await accountOf(app, invoice.account_id)
  const issueDate = fixture.issueDate ?? '2026-11-10'
  const note = await app.db
    .insertInto('adjustment_notes')
    .values({
      number: fixture.number ?? `AN-${String(900_000 + sequence).padStart(6, '0')}`,
      work_key: null,
      account_id: invoice.account_id,
      invoice_id: fixture.invoiceId,
      reason: 'Unit collected early',
      issue_date: issueDate,
      buyer_name: account.legal_name,
      buyer_abn: account.abn,
      buyer_account_number: account.account_number,
      subtotal_cents: fixture.subtotalCents,
      gst_cents: gst(fixture.subtotalCents),
      total_cents: fixture.subtotalCents + gst(fixture.subtotalCents),
      delivery_method: 'email',
      issued_at: `${issueDate}T00:00:00.000Z`,
      issued_by: null,
    })
    .returning(['id', 'number', 'total_cents'])
    .executeTakeFirstOrThrow()
  await app.db
    .insertInto('adjustment_note_lines')
    .values({
      note_id: note.id,
      position: 1,
      booking_line_id: null,
      description: 'Hire credit',
      amount_cents: fixture.subtotalCents,
    })
    .execute()
  return { id: note.id, number: note.number, totalCents: note.total_cents }
}
