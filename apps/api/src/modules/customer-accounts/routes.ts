import type { FastifyPluginAsync } from 'fastify'
import { customerAccountsAdminRoutes } from './admin-routes.ts'
import { customerAccountInvitationRoutes } from './invitation-routes.ts'
import { customerAccountMembersRoutes } from './members-routes.ts'
import { customerAccountsMyRoutes } from './my-routes.ts'
import { customerAccountSitesRoutes } from './sites-routes.ts'

/**
 * The customer accounts module's routes (ADR 045): what staff keep under /admin/customer-accounts, what a
 * member reads under /my-account/customer-accounts, the job sites, members and invitations an Account admin keeps there, and the invitation link's check and acceptance. Accounts are opened by a credit approval (opening.ts), not
 * by a route.
 */
export const customerAccountsRoutes: FastifyPluginAsync = async (app) => {
  await app.register(customerAccountsAdminRoutes)
  await app.register(customerAccountsMyRoutes)
  await app.register(customerAccountSitesRoutes)
  await app.register(customerAccountMembersRoutes)
  await app.register(customerAccountInvitationRoutes)
}
