import type { FastifyInstance } from 'fastify'
import { insertFile } from '../../src/modules/files/repository.ts'
import type { TestUser } from '../helpers/auth.ts'
import { openFuzzAccount } from './account-fixture.ts'

/** For billing's operations (ADR 051): an invoice of the fuzz user's account (they are its Account admin), and a note. */
export interface BillingFixture {
  billing: { invoiceId: number; noteId: number }
}

/** An invoice and an adjustment note written straight into the tables, each with its PDF. */
export async function billingFixture(
  app: FastifyInstance,
  creditId: number,
  user: TestUser,
  path: string,
): Promise<BillingFixture> {
  if (!/\/(invoices|adjustment-notes)\//.test(path)) return { billing: { invoiceId: 1, noteId: 1 } }
  const accountId = await openFuzzAccount(app, creditId, user)
  const now = new Date()
  const pdf = Buffer.from('%PDF-1.7\n%%EOF\n')
  const buyer = {
    account_id: accountId,
    issue_date: '2026-11-21',
    buyer_name: 'Fuzz Civil Pty Ltd',
    buyer_abn: '51 824 753 556',
    buyer_account_number: 'SW-FUZZ',
    delivery_method: 'email' as const,
    issued_at: now.toISOString(),
    issued_by: null,
  }
  const suffix = String(creditId).padStart(6, '0')
  const invoice = await app.db
    .insertInto('invoices')
    .values({
      ...buyer,
      number: `INV-F${suffix}`,
      work_key: null,
      kind: 'manual',
      period_start: null,
      period_end: now.toISOString(),
      off_hire_id: null,
      due_date: '2026-12-21',
      subtotal_cents: 10_000_000,
      gst_cents: 1_000_000,
      total_cents: 11_000_000,
      payment_reference: `INV-F${suffix} SW-FUZZ`,
      pdf_file_id: await insertFile(
        app.db,
        { name: 'INV.pdf', contentType: 'application/pdf', data: pdf },
        now,
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.db
    .insertInto('invoice_lines')
    .values({
      invoice_id: invoice.id,
      position: 1,
      kind: 'manual',
      booking_id: null,
      booking_line_id: null,
      fleet_number: null,
      first_day: null,
      last_day: null,
      description: 'Fuzz hire',
      quantity: 1,
      unit_price_cents: 10_000_000,
      amount_cents: 10_000_000,
      invoiced_to: null,
    })
    .execute()
  const note = await app.db
    .insertInto('adjustment_notes')
    .values({
      ...buyer,
      number: `AN-F${suffix}`,
      work_key: null,
      invoice_id: invoice.id,
      reason: 'Fuzz',
      subtotal_cents: 100,
      gst_cents: 10,
      total_cents: 110,
      pdf_file_id: await insertFile(
        app.db,
        { name: 'AN.pdf', contentType: 'application/pdf', data: pdf },
        now,
      ),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { billing: { invoiceId: invoice.id, noteId: note.id } }
}

/** Valid bodies of billing's operations. */
export const billingBodyExamples = {
  'POST /api/admin/invoices/{id}/adjustment-notes': {
    reason: 'Fuzzed adjustment',
    lines: [{ description: 'One day off', amountCents: 100 }],
  },
}
