import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { receivablesAdminRoutes } from './admin-routes.ts'
import { businessBankDetails } from './business.ts'
import { exportRoutes } from './export-routes.ts'
import { paymentRoutes } from './payment-routes.ts'
import { receivablesPortalRoutes } from './portal-routes.ts'

/**
 * Receivables (requirements §22, ADR 051 "Payments and statements"): payments and their allocations, invoice
 * statuses, ledgers, statements and the accounting exports for staff; invoices and statements in My Account.
 */
export const receivablesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, bank: businessBankDetails(app.config) }
  await app.register(receivablesAdminRoutes, { deps })
  await app.register(paymentRoutes, { deps })
  await app.register(exportRoutes, { deps })
  await app.register(receivablesPortalRoutes, { deps })
}
