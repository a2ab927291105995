import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { passkeyRoutes } from './passkey-routes.ts'
import { secondFactorRoutes } from './second-factor-routes.ts'
import { sessionRoutes } from './session-routes.ts'
import { tokenRoutes } from './token-routes.ts'

/** The authentication API (/v1/core/auth/*), one sub-plugin per group of routes, in the order they are documented. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(tokenRoutes)
  await app.register(sessionRoutes)
  await app.register(secondFactorRoutes)
  await app.register(passkeyRoutes)
}
