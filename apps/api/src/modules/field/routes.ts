import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { createPdfSealer } from '../credit/pdf/seal.ts'
import { fieldAdminRoutes } from './admin-routes.ts'
import type { FieldDeps } from './deps.ts'
import { retryDocketPdfs } from './docket-file.ts'
import { driverRoutes } from './driver-routes.ts'
import { fieldPortalRoutes } from './portal-routes.ts'

/** How often each instance looks for dockets whose PDF failed (the lease makes it one at a time). */
export const DOCKET_PDF_SWEEP_MS = 60_000

/**
 * Field operations (ADR 050, requirements §21): drivers and the dispatch board in the admin area, the
 * driver's runs and dockets, and a booking's dockets in My Account. A scheduled job makes the PDFs that failed.
 */
export const fieldRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FieldDeps = {
    db: app.db,
    clock: app.clock,
    seal: createPdfSealer(app.config.pdfSeal),
    log: app.log,
  }
  await app.register(fieldAdminRoutes, { deps })
  await app.register(driverRoutes, { deps })
  await app.register(fieldPortalRoutes, { deps })

  app.jobs.add({
    name: 'docket-pdf-retry',
    everyMs: DOCKET_PDF_SWEEP_MS,
    exclusive: { leaseMs: 5 * 60_000 },
    failureMessage: 'docket PDF retry failed',
    failureLevel: 'error',
    run: async () => {
      const made = await retryDocketPdfs(deps)
      if (made > 0) app.log.warn({ made }, 'docket PDFs made on retry')
    },
  })
}
