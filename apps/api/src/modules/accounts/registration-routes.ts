import { registerSchema, tokenResponseSchema } from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, sessionClientOf } from '../auth/plugin.ts'
import type { AccountsRoutesOptions } from './service.ts'

/**
 * Registration always makes a member of type 1: whatever memberType the payload carries (3 included)
 * is dropped before validation rather than refused.
 */
const registerBodySchema = z.preprocess(
  (value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...value, memberType: undefined }
      : value,
  registerSchema,
)

/** Registration: anyone may make an account, always a regular member, and is signed in. */
export const registrationRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
  app.post(
    '/v1/core/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Register. The member type is always 1; answers tokens (the user is signed in).',
        description:
          'Public. 409 when the email address is taken; 429 after too many registrations from one address.',
        body: registerBodySchema,
        response: { 200: tokenResponseSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId, tokens } = await service.register(request.body, sessionClientOf(request))
      logAuthEvent(request, 'registered', { userId })
      return tokens
    },
  )
}
