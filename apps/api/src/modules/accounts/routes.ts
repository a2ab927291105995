import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { emailChangeRoutes } from './email-change-routes.ts'
import { invitationRoutes } from './invitation-routes.ts'
import { passwordRoutes } from './password-routes.ts'
import { profileRoutes } from './profile-routes.ts'
import { registrationRoutes } from './registration-routes.ts'
import { createAccountsService } from './service.ts'

/**
 * The accounts module: registration, profiles, passwords, invitations and email changes, each group a plugin of
 * its own that shares the one service.
 */
export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAccountsService({
    db: app.db,
    clock: app.clock,
    siteUrl: app.accessTokens.issuer,
    clientId: app.accessTokens.audience,
    tokens: app.tokens,
    throttle: app.throttle,
    secondFactors: app.secondFactors,
    passkeys: app.passkeys,
  })
  const options = { service }
  await app.register(registrationRoutes, options)
  await app.register(profileRoutes, options)
  await app.register(passwordRoutes, options)
  await app.register(invitationRoutes, options)
  await app.register(emailChangeRoutes, options)
}
