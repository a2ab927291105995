import { tokenResponseSchema } from '@signalway/shared/auth'
import {
  acceptInvitationSchema,
  invitationSchema,
  invitationTokenSchema,
} from '@signalway/shared/invitations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, sessionClientOf } from '../auth/plugin.ts'
import { LINK_TOKEN_RATE_LIMIT } from './link-rate-limit.ts'
import type { AccountsRoutesOptions } from './service.ts'

/** An invitation's link (ADR 035): checked, then used to set one's password. */
export const invitationRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
  app.post(
    '/v1/core/accounts/invitation/check',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: "Check an invitation's link: the address of the account it sets a password for.",
        description:
          'Public: the token is the credential (72 hours, single use; ADR 035). 400 with words that say whether ' +
          'the link is unknown, already used, ended by a newer one, or expired.',
        body: invitationTokenSchema,
        response: { 200: invitationSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.checkInvitation(request.body.token)
    },
  )

  app.post(
    '/v1/core/accounts/invitation/accept',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: "Set one's password with an invitation's link; confirms the address and answers tokens.",
        description:
          'Public: the token is the credential. The password rules of registration apply. The link then stops ' +
          'working, the address is confirmed, and the user is signed in. 400 as the check says.',
        body: acceptInvitationSchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId, tokens } = await service.acceptInvitation(request.body, {
        ...sessionClientOf(request),
        requestId: request.id,
      })
      logAuthEvent(request, 'invitation-accepted', { userId })
      return tokens
    },
  )
}
