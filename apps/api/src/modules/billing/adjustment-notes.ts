import { type AdjustmentNote, type AdjustmentNoteInput, INVOICE_MESSAGES } from '@signalway/shared/invoices'
import { addCents, cents, formatMoney, gstOf } from '@signalway/shared/money'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { BillingDeps } from './deps.ts'
import { storeDocumentPdf } from './document-file.ts'
import {
  creditedTotal,
  findAdjustmentNote,
  findBuyerAccount,
  findInvoice,
  insertAdjustmentNote,
  insertAdjustmentNoteLines,
} from './documents-repository.ts'
import { buyerColumns, buyerOf, nextNoteNumber } from './issue.ts'
import { noteViews } from './views.ts'

/*
 * An adjustment note staff issue against an invoice (ADR 051): lines ex GST with the reason, GST 10% of their sum
 * rounded once, numbered from the 'AN' counter in the inserting transaction. Taking the number first queues
 * concurrent notes behind one another (PostgreSQL's row lock; SQLite has one writer), so the amount already
 * credited is read after any other note committed: a note may take off at most what the invoice still has, GST
 * included. The PDF is made after the commit, and emailed as the invoice was.
 */

export async function issueStaffNote(
  deps: BillingDeps,
  invoiceId: number,
  input: AdjustmentNoteInput,
  who: { actor: AuthUser; context: AuditContext },
): Promise<AdjustmentNote> {
  const now = deps.clock()
  const subtotal = addCents(...input.lines.map((line) => cents(line.amountCents)))
  const gst = gstOf(subtotal)
  const total = addCents(subtotal, gst)
  const { noteId, invoiceNumber } = await deps.db.transaction().execute(async (trx) => {
    const invoice = await findInvoice(trx, invoiceId)
    if (!invoice) throw new NotFoundError(INVOICE_MESSAGES.notFound)
    const number = await nextNoteNumber(trx)
    const remaining = invoice.total_cents - (await creditedTotal(trx, invoiceId))
    if (total > remaining) {
      const message = INVOICE_MESSAGES.overCredited(formatMoney(cents(remaining)))
      throw new ValidationError({ lines: [message] }, message)
    }
    const noteId = await insertAdjustmentNote(trx, {
      ...buyerColumns(buyerOf(await findBuyerAccount(trx, invoice.account_id)), now),
      number,
      work_key: null,
      invoice_id: invoiceId,
      reason: input.reason,
      subtotal_cents: subtotal,
      gst_cents: gst,
      total_cents: total,
      issued_by: Number(who.actor.id),
    })
    await insertAdjustmentNoteLines(
      trx,
      input.lines.map((line, index) => ({
        note_id: noteId,
        position: index + 1,
        booking_line_id: null,
        description: line.description,
        amount_cents: line.amountCents,
      })),
    )
    await writeAudit(trx, {
      actor: who.actor,
      action: 'adjustment-note.issue',
      targetType: 'adjustment-note',
      targetId: String(noteId),
      before: null,
      after: { number, invoice: invoice.number, reason: input.reason, totalCents: total },
      ...who.context,
      at: now,
    })
    return { noteId, invoiceNumber: invoice.number }
  })
  await storeDocumentPdf(deps, 'adjustment_notes', noteId)
  const row = await findAdjustmentNote(deps.db, noteId)
  if (!row) throw new NotFoundError(INVOICE_MESSAGES.noteNotFound)
  const [view] = await noteViews(deps.db, [row], invoiceNumber)
  return view as AdjustmentNote
}
