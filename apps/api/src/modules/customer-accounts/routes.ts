import type { FastifyPluginAsync } from 'fastify'
import { customerAccountsAdminRoutes } from './admin-routes.ts'
import { customerAccountsMyRoutes } from './my-routes.ts'

/**
 * The customer accounts module's routes (ADR 045): what staff keep under /admin/customer-accounts, and what a
 * member reads under /my-account/customer-accounts. Accounts are opened by a credit approval (opening.ts), not
 * by a route.
 */
export const customerAccountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(customerAccountsAdminRoutes)
  await app.register(customerAccountsMyRoutes)
}
