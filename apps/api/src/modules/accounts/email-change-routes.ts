import { emailChangedSchema, emailChangeTokenSchema } from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, userOf } from '../auth/plugin.ts'
import { LINK_TOKEN_RATE_LIMIT } from './link-rate-limit.ts'
import type { AccountsRoutesOptions } from './service.ts'

/** The links of an email change: the new address's confirms it, the old address's cancels it. */
export const emailChangeRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
  app.post(
    '/v1/core/accounts/email/confirm',
    {
      // Signed in to the account the link was sent for (ADR 040): the mailbox alone does not confirm.
      onRequest: [app.authenticate],
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        summary:
          "Confirm an email address with the token of the link sent to it, signed in to the link's account; " +
          'the old address is told of a change.',
        description:
          'The token (24 hours, single use) proves the mailbox; the session must be the account the link was sent ' +
          'for. 401 signed out and 403 signed in to another account, both leaving the link usable; 400 when it is ' +
          'unknown, used, cancelled, replaced or expired; 409 when another account took the address meanwhile.',
        body: emailChangeTokenSchema,
        response: { 200: emailChangedSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId, email, changed } = await service.confirmEmailChange(userOf(request), request.body.token)
      logAuthEvent(request, changed ? 'email-changed' : 'email-confirmed', { userId })
      return { email, changed }
    },
  )

  app.post(
    '/v1/core/accounts/email/cancel',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'Cancel a pending email change with the token of the link sent to the old address.',
        description: 'Public: the token is the credential. 400 when the change is not pending any more.',
        body: emailChangeTokenSchema,
        response: { 200: z.object({}), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId } = await service.cancelEmailChange(request.body.token)
      logAuthEvent(request, 'email-change-cancelled', { userId })
      return {}
    },
  )
}
