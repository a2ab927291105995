import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userChangeRoutes } from './change-routes.ts'
import { userReadRoutes } from './read-routes.ts'
import { createUsersService } from './service.ts'

/**
 * Admin user management (requirements §2 Manage Users, §7 /v1/users/* and /v1/core/accounts/admin).
 * Every route is for administrators only, and every change is written to the audit log.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createUsersService({
    db: app.db,
    clock: app.clock,
    tokens: app.tokens,
    secondFactors: app.secondFactors,
    siteUrl: app.accessTokens.issuer,
  })
  await app.register(userReadRoutes, { service })
  await app.register(userChangeRoutes, { service })
}
