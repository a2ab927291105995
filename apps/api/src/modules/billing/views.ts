import { type AdjustmentNote, INVOICE_MESSAGES, type InvoiceDetail } from '@signalway/shared/invoices'
import type { Executor } from '../../db/database.ts'
import type { AdjustmentNoteRow } from '../../db/schema.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { findInvoice, listInvoiceLines, listNoteLines, listNotesOfInvoice } from './documents-repository.ts'

/** The invoice and adjustment notes as the admin area shows them (ADR 051). */

export async function noteViews(
  db: Executor,
  notes: readonly AdjustmentNoteRow[],
  invoiceNumber: string,
): Promise<AdjustmentNote[]> {
  const lines = await listNoteLines(
    db,
    notes.map((note) => note.id),
  )
  return notes.map((note) => ({
    id: note.id,
    number: note.number,
    invoiceId: note.invoice_id,
    invoiceNumber,
    reason: note.reason,
    issueDate: note.issue_date,
    subtotalCents: note.subtotal_cents,
    gstCents: note.gst_cents,
    totalCents: note.total_cents,
    pdfReady: note.pdf_file_id !== null,
    issuedAt: note.issued_at,
    lines: lines
      .filter((line) => line.note_id === note.id)
      .map((line) => ({ id: line.id, description: line.description, amountCents: line.amount_cents })),
  }))
}

export async function invoiceDetail(db: Executor, id: number): Promise<InvoiceDetail> {
  const row = await findInvoice(db, id)
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.notFound)
  const [lines, notes] = [await listInvoiceLines(db, id), await listNotesOfInvoice(db, id)]
  const credited = notes.reduce((sum, note) => sum + note.total_cents, 0)
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    accountId: row.account_id,
    buyerName: row.buyer_name,
    buyerAbn: row.buyer_abn,
    buyerAccountNumber: row.buyer_account_number,
    buyerAddress: row.buyer_address,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    poNumbers: row.po_numbers,
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    totalCents: row.total_cents,
    creditedCents: credited,
    uncreditedCents: row.total_cents - credited,
    paymentReference: row.payment_reference,
    deliveryMethod: row.delivery_method,
    pdfReady: row.pdf_file_id !== null,
    issuedAt: row.issued_at,
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      bookingReference: line.booking_reference,
      fleetNumber: line.fleet_number,
      firstDay: line.first_day,
      lastDay: line.last_day,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      amountCents: line.amount_cents,
    })),
    adjustmentNotes: await noteViews(db, notes, row.number),
  }
}
