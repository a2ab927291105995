import { type BillingRunResult, INVOICE_MESSAGES } from '@signalway/shared/invoices'
import type { Executor } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { memberWithRole } from '../bookings/access.ts'
import type { BillingDeps } from './deps.ts'
import { documentPdfOf, storeDocumentPdfs } from './document-file.ts'
import { type DocumentTable, findAdjustmentNote, findInvoice } from './documents-repository.ts'
import { runBillingAsAt } from './run.ts'

/** The PDFs a run asked for by staff makes before it answers; the sweep makes the rest. */
export const RUN_PDFS_AT_ONCE = 25

/** The billing run as at now for an administrator, audited with what it issued. */
export async function runBillingNow(
  deps: BillingDeps,
  who: { actor: AuthUser; context: AuditContext },
): Promise<BillingRunResult> {
  const { invoiceIds, noteIds, ...result } = await runBillingAsAt(deps, deps.clock())
  await writeAudit(deps.db, {
    actor: who.actor,
    action: 'billing.run',
    targetType: 'billing-run',
    targetId: result.asAt,
    before: null,
    after: result,
    ...who.context,
    at: deps.clock(),
  })
  await storeDocumentPdfs(deps, {
    invoiceIds: invoiceIds.slice(0, RUN_PDFS_AT_ONCE),
    noteIds: noteIds.slice(0, Math.max(0, RUN_PDFS_AT_ONCE - invoiceIds.length)),
  })
  return result
}

async function documentRow(db: Executor, table: DocumentTable, id: number) {
  const row = table === 'invoices' ? await findInvoice(db, id) : await findAdjustmentNote(db, id)
  if (!row)
    throw new NotFoundError(table === 'invoices' ? INVOICE_MESSAGES.notFound : INVOICE_MESSAGES.noteNotFound)
  return row
}

export async function adminDocumentPdf(db: Executor, table: DocumentTable, id: number) {
  return documentPdfOf(db, await documentRow(db, table, id))
}

/** Account admins and Accounts of the document's account: 404 to anyone outside it, 403 to its other members. */
export async function portalDocumentPdf(db: Executor, user: AuthUser, table: DocumentTable, id: number) {
  const row = await documentRow(db, table, id).catch(() => null)
  if (row === null) throw new NotFoundError(INVOICE_MESSAGES.notFound)
  await memberWithRole(
    db,
    user,
    row.account_id,
    ['account_admin', 'accounts'],
    INVOICE_MESSAGES.cannotDownload,
  )
  return documentPdfOf(db, row)
}
