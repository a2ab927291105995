import {
  loginTokenRequestSchema,
  revokeTokenSchema,
  type TokenResponse,
  tokenErrorSchema,
  tokenResponseSchema,
} from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, sessionClientOf } from './plugin.ts'
import { mfaRequiredBody, SecondFactorRequiredError } from './second-factor.ts'
import { createAuthService } from './service.ts'
import { InvalidGrantError } from './tokens.ts'

/** Signing in (a password, a second step, a passkey), renewing the tokens, and logging out. */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAuthService({
    db: app.db,
    clientId: app.accessTokens.audience,
    tokens: app.tokens,
    throttle: app.throttle,
    secondFactors: app.secondFactors,
    passkeys: app.passkeys,
  })

  app.post(
    '/v1/core/auth/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (GrantType password) or renew the tokens (GrantType refresh_token).',
        description:
          'Public. A failed sign-in or refresh answers 400 with error invalid_grant (a failed refresh says ' +
          "'Invalid refresh token.'); an unknown ClientId 400 invalid_client; a locked account or address 429. " +
          'For an account with a second factor the right password answers 403 mfa_required with an mfa_token, and ' +
          'GrantType mfa_otp (otp), mfa_recovery (recovery_code) or mfa_passkey with that token completes it. A ' +
          'wrong second step counts towards the same lock-outs as a wrong password (429 once locked).',
        body: loginTokenRequestSchema,
        response: {
          200: tokenResponseSchema,
          400: tokenErrorSchema,
          403: tokenErrorSchema,
          ...errorResponses(429),
        },
      },
    },
    async (request, reply) => {
      // Token responses are never cached (RFC 6749 section 5.1).
      reply.header('cache-control', 'no-store')
      const body = request.body
      try {
        if (body.GrantType === 'refresh_token') return await service.refresh(body, sessionClientOf(request))
        let signedIn: { userId: number; email: string; tokens: TokenResponse }
        if (body.GrantType === 'password') {
          const device = app.deviceCookies.read(request, body.UserName)
          signedIn = await service.signIn(body, sessionClientOf(request), device)
          logAuthEvent(request, 'sign-in', {
            userId: signedIn.userId,
            ...(device ? { reason: 'known-device' } : {}),
          })
        } else if (body.GrantType === 'passkey') {
          signedIn = await service.signInWithPasskey(body, sessionClientOf(request))
          logAuthEvent(request, 'sign-in', { userId: signedIn.userId, reason: 'passkey' })
        } else {
          signedIn = await service.completeSignIn(body, sessionClientOf(request), (email) =>
            app.deviceCookies.read(request, email),
          )
          logAuthEvent(request, 'second-factor-used', { userId: signedIn.userId, reason: body.GrantType })
        }
        // A new device cookie on each sign-in: this browser keeps its own budget next time (ADR 017).
        app.deviceCookies.issue(reply, signedIn.email)
        return signedIn.tokens
      } catch (error) {
        if (error instanceof SecondFactorRequiredError) {
          logAuthEvent(request, 'second-factor-required')
          return reply.code(403).send(mfaRequiredBody(error, request.id))
        }
        if (!(error instanceof InvalidGrantError)) {
          if (body.GrantType !== 'refresh_token' && (error as { statusCode?: number }).statusCode === 429)
            logAuthEvent(request, 'sign-in-locked', { reason: body.GrantType })
          throw error
        }
        if (body.GrantType === 'refresh_token')
          request.log.info({ reason: error.message }, 'token request refused')
        else logAuthEvent(request, 'sign-in-failed', { userId: error.userId, reason: body.GrantType })
        return reply
          .code(400)
          .send({ Message: error.message, error: error.oauthError, requestId: request.id })
      }
    },
  )

  app.post(
    '/v1/core/auth/revoke',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: ends the session of a refresh token (RFC 7009).',
        description:
          'Public: the refresh token is the credential. Its whole session ends (its refresh tokens and the ' +
          'access tokens issued to it). Answers 200 whether or not the token was live (RFC 7009 section 2.2); ' +
          'an unknown ClientId 400 invalid_client.',
        body: revokeTokenSchema,
        response: { 200: z.object({}), 400: tokenErrorSchema, ...errorResponses(429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        const ended = await service.revoke(request.body)
        if (ended) logAuthEvent(request, 'logout', ended)
        return {}
      } catch (error) {
        if (!(error instanceof InvalidGrantError)) throw error
        return reply
          .code(400)
          .send({ Message: error.message, error: error.oauthError, requestId: request.id })
      }
    },
  )
}
