import { loginTokenRequestSchema, tokenErrorSchema, tokenResponseSchema } from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createAuthService } from './service.ts'
import { InvalidGrantError } from './tokens.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    clientId: app.accessTokens.audience,
    tokens: app.tokens,
    throttle: app.throttle,
  })

  app.post(
    '/v1/core/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (GrantType password) or renew the tokens (GrantType refresh_token).',
        description:
          'Public. A failed sign-in or refresh answers 400 with error invalid_grant (a failed refresh says ' +
          "'Invalid refresh token.'); an unknown ClientId 400 invalid_client; a locked account or address 429.",
        body: loginTokenRequestSchema,
        response: { 200: tokenResponseSchema, 400: tokenErrorSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      // Token responses are never cached (RFC 6749 section 5.1).
      reply.header('cache-control', 'no-store')
      try {
        const body = request.body
        return body.GrantType === 'password'
          ? await service.signIn(body, request.ip)
          : await service.refresh(body)
      } catch (error) {
        if (!(error instanceof InvalidGrantError)) throw error
        request.log.info({ reason: error.message }, 'token request refused')
        return reply
          .code(400)
          .send({ Message: error.message, error: error.oauthError, requestId: request.id })
      }
    },
  )
}
