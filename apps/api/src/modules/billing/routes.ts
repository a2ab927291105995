import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createPdfSealer } from '../credit/pdf/seal.ts'
import { billingAdminRoutes } from './admin-routes.ts'
import type { BillingDeps } from './deps.ts'
import { retryDocumentPdfs, storeDocumentPdfs } from './document-file.ts'
import { billingPortalRoutes } from './portal-routes.ts'
import { runBillingAsAt } from './run.ts'

/** How often the billing run looks for work (one instance at a time, under its lease). */
export const BILLING_RUN_MS = 5 * 60_000
/** How often each instance looks for invoices and adjustment notes whose PDF failed. */
export const DOCUMENT_PDF_SWEEP_MS = 60_000

/**
 * Billing (ADR 051, requirements §22): the billing run as a scheduled exclusive job (and on demand in the admin
 * area), an invoice's detail and adjustment notes for staff, and the sealed PDFs for staff and in My Account.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: BillingDeps = {
    db: app.db,
    clock: app.clock,
    seal: createPdfSealer(app.config.pdfSeal),
    log: app.log,
    bank: app.config.bank,
  }
  await app.register(billingAdminRoutes, { deps })
  await app.register(billingPortalRoutes, { deps })

  app.jobs.add({
    name: 'billing-run',
    everyMs: BILLING_RUN_MS,
    exclusive: { leaseMs: 20 * 60_000 },
    failureMessage: 'billing run failed',
    failureLevel: 'error',
    run: async () => {
      const outcome = await runBillingAsAt(deps, deps.clock())
      if (outcome.invoices + outcome.adjustmentNotes > 0 || outcome.failed > 0)
        app.log.info({ ...outcome, invoiceIds: undefined, noteIds: undefined }, 'billing run')
      await storeDocumentPdfs(deps, outcome)
    },
  })
  app.jobs.add({
    name: 'invoice-pdf-retry',
    everyMs: DOCUMENT_PDF_SWEEP_MS,
    exclusive: { leaseMs: 5 * 60_000 },
    failureMessage: 'invoice PDF retry failed',
    failureLevel: 'error',
    run: async () => {
      const made = await retryDocumentPdfs(deps)
      if (made > 0) app.log.warn({ made }, 'invoice and adjustment note PDFs made on retry')
    },
  })
}
