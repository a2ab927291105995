import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type {
  AdjustmentNoteLinesTable,
  AdjustmentNotesTable,
  InvoiceLinesTable,
  InvoicesTable,
} from '../../db/schema.ts'

/*
 * Invoices and adjustment notes (ADR 051): written once, in the transaction that numbers them, and never updated
 * but for the sealed PDF they gain after the commit (and the count of failed attempts at it).
 */

export type DocumentTable = 'invoices' | 'adjustment_notes'

export async function insertInvoice(trx: Executor, values: Insertable<InvoicesTable>): Promise<number> {
  const row = await trx.insertInto('invoices').values(values).returning('id').executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function insertInvoiceLines(
  trx: Executor,
  lines: readonly Insertable<InvoiceLinesTable>[],
): Promise<void> {
  if (lines.length > 0)
    await trx
      .insertInto('invoice_lines')
      .values([...lines])
      .execute()
}

export async function insertAdjustmentNote(
  trx: Executor,
  values: Insertable<AdjustmentNotesTable>,
): Promise<number> {
  const row = await trx
    .insertInto('adjustment_notes')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

export async function insertAdjustmentNoteLines(
  trx: Executor,
  lines: readonly Insertable<AdjustmentNoteLinesTable>[],
): Promise<void> {
  if (lines.length > 0)
    await trx
      .insertInto('adjustment_note_lines')
      .values([...lines])
      .execute()
}

export const findInvoice = (db: Executor, id: number) =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst()

export const listInvoiceLines = (db: Executor, invoiceId: number) =>
  db.selectFrom('invoice_lines').selectAll().where('invoice_id', '=', invoiceId).orderBy('position').execute()

export const findAdjustmentNote = (db: Executor, id: number) =>
  db.selectFrom('adjustment_notes').selectAll().where('id', '=', id).executeTakeFirst()

export const listNotesOfInvoice = (db: Executor, invoiceId: number) =>
  db.selectFrom('adjustment_notes').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute()

export async function listNoteLines(db: Executor, noteIds: readonly number[]) {
  if (noteIds.length === 0) return []
  return db
    .selectFrom('adjustment_note_lines')
    .selectAll()
    .where('note_id', 'in', [...noteIds])
    .orderBy('note_id')
    .orderBy('position')
    .execute()
}

/** What the invoice's adjustment notes took off so far, including GST. */
export async function creditedTotal(db: Executor, invoiceId: number): Promise<number> {
  const row = await db
    .selectFrom('adjustment_notes')
    .select((eb) => eb.fn.sum<number | string | null>('total_cents').as('total'))
    .where('invoice_id', '=', invoiceId)
    .executeTakeFirst()
  return Number(row?.total ?? 0)
}

/** Names the document's PDF once: false when another attempt named it first. */
export async function setDocumentPdf(
  trx: Executor,
  table: DocumentTable,
  id: number,
  pdf: { fileId: string; sha256: string },
): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set({ pdf_file_id: pdf.fileId, pdf_sha256: pdf.sha256 })
    .where('id', '=', id)
    .where('pdf_file_id', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countDocumentPdfFailure(db: Executor, table: DocumentTable, id: number): Promise<void> {
  await db
    .updateTable(table)
    .set((eb) => ({ pdf_attempts: eb('pdf_attempts', '+', 1) }))
    .where('id', '=', id)
    .execute()
}

/** Documents issued before `before` still without their PDF, fewer than `maxAttempts` tries, oldest first. */
export async function findDocumentsWithoutPdf(
  db: Executor,
  table: DocumentTable,
  query: { before: string; maxAttempts: number; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('pdf_file_id', 'is', null)
    .where('issued_at', '<', query.before)
    .where('pdf_attempts', '<', query.maxAttempts)
    .orderBy('id')
    .limit(query.limit)
    .execute()
  return rows.map((row) => Number(row.id))
}

/** The buyer an adjustment note copies: the account and its credit application (for the address). */
export async function findBuyerAccount(trx: Executor, accountId: number) {
  return trx
    .selectFrom('customer_accounts')
    .leftJoin('credit_applications', 'credit_applications.id', 'customer_accounts.credit_application_id')
    .select([
      'customer_accounts.id',
      'customer_accounts.account_number',
      'customer_accounts.legal_name',
      'customer_accounts.abn',
      'customer_accounts.payment_terms_days',
      'customer_accounts.invoice_delivery',
      'credit_applications.payload',
    ])
    .where('customer_accounts.id', '=', accountId)
    .executeTakeFirstOrThrow()
}

/** Where the account's documents are emailed; undefined when it has no billing email. */
export async function findBillingEmail(db: Executor, accountId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('customer_accounts')
    .select('billing_email')
    .where('id', '=', accountId)
    .executeTakeFirst()
  return row?.billing_email || undefined
}
