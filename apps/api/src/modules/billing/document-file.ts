import { createHash } from 'node:crypto'
import { formatBillingDays } from '@signalway/shared/billing'
import { businessDay } from '@signalway/shared/business-time'
import { INVOICE_MESSAGES } from '@signalway/shared/invoices'
import { cents, formatMoney } from '@signalway/shared/money'
import { SITE } from '@signalway/shared/site'
import type { Executor } from '../../db/database.ts'
import type { AdjustmentNoteRow, InvoiceRow } from '../../db/schema.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { findFileRow } from '../field/repository.ts'
import { insertFile } from '../files/repository.ts'
import { enqueueMail, type OutgoingMail } from '../outbox/service.ts'
import { greeting, MAIL_SIGNATURE } from '../outbox/signature.ts'
import type { BillingDeps } from './deps.ts'
import { generateAdjustmentNotePdf, generateInvoicePdf, printedDay } from './document-pdf.ts'
import {
  countDocumentPdfFailure,
  type DocumentTable,
  findAdjustmentNote,
  findBillingEmail,
  findDocumentsWithoutPdf,
  findInvoice,
  listInvoiceLines,
  listNoteLines,
  setDocumentPdf,
} from './documents-repository.ts'

/*
 * The sealed PDFs of invoices and adjustment notes (ADR 051), as for the dockets (ADR 050): made after the
 * document's transaction commits, stored in the files table and named once by pdf_file_id in the transaction that
 * queues the email to the account's billing address with the PDF attached (when the account takes its invoices by
 * email; post and fax are for staff, who see the method on the invoice). A second attempt names nothing and sends
 * nothing; a failure is counted and left to the sweep, which tries again until PDF_MAX_ATTEMPTS.
 */

export const PDF_MAX_ATTEMPTS = 10
/** The sweep leaves a document this long to the attempt made as it was issued. */
export const PDF_SWEEP_GRACE_MS = 30_000

export const documentPdfName = (number: string) => `${number}.pdf`

const buyerOf = (row: InvoiceRow | AdjustmentNoteRow) => ({
  name: row.buyer_name,
  abn: row.buyer_abn,
  accountNumber: row.buyer_account_number,
  address: row.buyer_address,
})

/** A cycle invoice's period as Melbourne days: '15/11/2026 to 14/12/2026'. */
function periodOf(row: InvoiceRow): string | null {
  if (row.kind !== 'cycle' || row.period_start === null) return null
  const last = businessDay(new Date(Date.parse(row.period_end) - 1))
  return formatBillingDays(businessDay(new Date(row.period_start)), last)
}

async function invoicePdf(deps: BillingDeps, row: InvoiceRow, now: Date): Promise<Uint8Array> {
  const lines = await listInvoiceLines(deps.db, row.id)
  return generateInvoicePdf({
    number: row.number,
    issueDate: row.issue_date,
    dueDate: row.due_date,
    buyer: buyerOf(row),
    poNumbers: row.po_numbers,
    period: periodOf(row),
    lines: lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      amountCents: line.amount_cents,
    })),
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    totalCents: row.total_cents,
    paymentReference: row.payment_reference,
    bank: deps.bank,
    createdAt: now,
    seal: deps.seal,
  })
}

async function notePdf(deps: BillingDeps, row: AdjustmentNoteRow, now: Date): Promise<Uint8Array> {
  const [lines, invoice] = [
    await listNoteLines(deps.db, [row.id]),
    await findInvoice(deps.db, row.invoice_id),
  ]
  if (!invoice) throw new Error(`invoice ${row.invoice_id} of adjustment note ${row.id} is missing`)
  return generateAdjustmentNotePdf({
    number: row.number,
    issueDate: row.issue_date,
    invoiceNumber: invoice.number,
    invoiceIssueDate: invoice.issue_date,
    buyer: buyerOf(row),
    reason: row.reason,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: 1,
      unitPriceCents: line.amount_cents,
      amountCents: line.amount_cents,
    })),
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    totalCents: row.total_cents,
    createdAt: now,
    seal: deps.seal,
  })
}

const money = (amount: number) => formatMoney(cents(amount))

export function invoiceMail(to: string, row: InvoiceRow, fileId: string): OutgoingMail {
  return {
    to,
    subject: `Tax invoice ${row.number} from ${SITE.name}: ${money(row.total_cents)} due ${printedDay(row.due_date)}`,
    text: [
      greeting(null),
      '',
      `Tax invoice ${row.number} for account ${row.buyer_account_number} (${row.buyer_name}) is attached: ${money(row.total_cents)} including GST, due on ${printedDay(row.due_date)}.`,
      '',
      `Please pay by EFT quoting the payment reference ${row.payment_reference}; the bank details are on the invoice. Your invoices are also in My Account.`,
      '',
      `Questions about this invoice: ${SITE.accountsEmail} or ${SITE.phone.display}.`,
      '',
      MAIL_SIGNATURE,
      '',
    ].join('\n'),
    attachments: [{ fileId, filename: documentPdfName(row.number), contentType: 'application/pdf' }],
  }
}

export function noteMail(
  to: string,
  row: AdjustmentNoteRow,
  invoiceNumber: string,
  fileId: string,
): OutgoingMail {
  return {
    to,
    subject: `Adjustment note ${row.number} from ${SITE.name}: ${money(row.total_cents)} off invoice ${invoiceNumber}`,
    text: [
      greeting(null),
      '',
      `Adjustment note ${row.number} for account ${row.buyer_account_number} (${row.buyer_name}) is attached. It takes ${money(row.total_cents)} including GST off invoice ${invoiceNumber}.`,
      '',
      `Reason: ${row.reason}`,
      '',
      `Questions: ${SITE.accountsEmail} or ${SITE.phone.display}.`,
      '',
      MAIL_SIGNATURE,
      '',
    ].join('\n'),
    attachments: [{ fileId, filename: documentPdfName(row.number), contentType: 'application/pdf' }],
  }
}

/** The document was named by another attempt first: this one's transaction is rolled back. */
class NamedAlready extends Error {}

interface Made {
  row: InvoiceRow | AdjustmentNoteRow
  pdf: Uint8Array
  mail: (to: string, fileId: string) => OutgoingMail
}

async function makeDocument(
  deps: BillingDeps,
  table: DocumentTable,
  id: number,
  now: Date,
): Promise<Made | null> {
  if (table === 'invoices') {
    const row = await findInvoice(deps.db, id)
    if (!row || row.pdf_file_id !== null) return null
    return { row, pdf: await invoicePdf(deps, row, now), mail: (to, fileId) => invoiceMail(to, row, fileId) }
  }
  const row = await findAdjustmentNote(deps.db, id)
  if (!row || row.pdf_file_id !== null) return null
  const invoice = await findInvoice(deps.db, row.invoice_id)
  const mail = (to: string, fileId: string) => noteMail(to, row, invoice?.number ?? '', fileId)
  return { row, pdf: await notePdf(deps, row, now), mail }
}

/** Makes, stores and emails a document's PDF; true when this call named it. Failures are counted and logged. */
export async function storeDocumentPdf(
  deps: BillingDeps,
  table: DocumentTable,
  id: number,
): Promise<boolean> {
  try {
    const now = deps.clock()
    const made = await makeDocument(deps, table, id, now)
    if (made === null) return false
    const pdf = Buffer.from(made.pdf)
    const sha256 = createHash('sha256').update(pdf).digest('hex')
    await deps.db.transaction().execute(async (trx) => {
      const name = documentPdfName(made.row.number)
      const fileId = await insertFile(trx, { name, contentType: 'application/pdf', data: pdf }, now)
      if (!(await setDocumentPdf(trx, table, id, { fileId, sha256 }))) throw new NamedAlready()
      if (made.row.delivery_method !== 'email') return
      const to = await findBillingEmail(trx, made.row.account_id)
      if (to) await enqueueMail(trx, made.mail(to, fileId), now)
    })
    return true
  } catch (error) {
    if (error instanceof NamedAlready) return false
    deps.log.error({ err: error, table, id }, 'the PDF of an invoice or adjustment note could not be made')
    await countDocumentPdfFailure(deps.db, table, id).catch(() => undefined)
    return false
  }
}

/** Makes the PDFs of documents just issued, one after another; how many it made. */
export async function storeDocumentPdfs(
  deps: BillingDeps,
  issued: { invoiceIds: readonly number[]; noteIds: readonly number[] },
): Promise<number> {
  let made = 0
  for (const id of issued.invoiceIds) if (await storeDocumentPdf(deps, 'invoices', id)) made += 1
  for (const id of issued.noteIds) if (await storeDocumentPdf(deps, 'adjustment_notes', id)) made += 1
  return made
}

/** The retry: documents still without their PDF a while after they were issued, a batch at a time. */
export async function retryDocumentPdfs(deps: BillingDeps, limit = 50): Promise<number> {
  const before = toTimestamp(new Date(deps.clock().getTime() - PDF_SWEEP_GRACE_MS))
  const query = { before, maxAttempts: PDF_MAX_ATTEMPTS, limit }
  return storeDocumentPdfs(deps, {
    invoiceIds: await findDocumentsWithoutPdf(deps.db, 'invoices', query),
    noteIds: await findDocumentsWithoutPdf(deps.db, 'adjustment_notes', query),
  })
}

/** A document's stored PDF: 404 while it is not made yet. */
export async function documentPdfOf(db: Executor, row: InvoiceRow | AdjustmentNoteRow) {
  const file = row.pdf_file_id === null ? undefined : await findFileRow(db, row.pdf_file_id)
  if (!file) throw new NotFoundError(INVOICE_MESSAGES.pdfNotReady)
  return { data: file.data, filename: documentPdfName(row.number) }
}
