import {
  changePasswordSchema,
  forgotPasswordSchema,
  passwordChangedSchema,
  resetPasswordSchema,
  resetRequestedSchema,
  resetTokenValidSchema,
  tokenErrorSchema,
  tokenResponseSchema,
  validateResetTokenSchema,
} from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, sessionClientOf, userOf } from '../auth/plugin.ts'
import { mfaRequiredBody, SecondFactorRequiredError } from '../auth/second-factor.ts'
import { LINK_TOKEN_RATE_LIMIT } from './link-rate-limit.ts'
import { type AccountsRoutesOptions, RESET_REQUESTED } from './service.ts'

/** The forgotten password (request, check and use the emailed link) and the change of a known one. */
export const passwordRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
  app.patch(
    '/v1/core/accounts/:email/password/reset/request',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Start a password reset: emails a one-time link valid for 30 minutes.',
        description:
          'Public. Answers the same, in about the same time, whether or not the account exists; 429 after ' +
          'too many requests for one email address or from one address.',
        params: forgotPasswordSchema,
        response: { 200: resetRequestedSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const knownDevice = app.deviceCookies.read(request, request.params.email) !== undefined
      await service.requestPasswordReset(request.params.email, request.ip, knownDevice)
      // Whether the account exists is not logged either: the log must not become an account oracle.
      logAuthEvent(request, 'reset-requested')
      return { Message: RESET_REQUESTED }
    },
  )

  app.post(
    '/v1/core/accounts/token/validate',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'Check a password reset token: 200 when it can still be used, else 400.',
        body: validateResetTokenSchema,
        response: { 200: resetTokenValidSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await service.validateResetToken(request.body.resetToken)
      return { valid: true as const }
    },
  )

  app.post(
    '/v1/core/accounts/password/reset',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary: 'Finish a password reset: sets the password, ends every other session, answers tokens.',
        description:
          'For an account with a second factor the emailed link alone does not sign in: the password is set, ' +
          'and the answer is 403 mfa_required with an mfa_token, as the password grant answers; the token ' +
          "call's second step then completes the sign-in.",
        body: resetPasswordSchema,
        response: { 200: tokenResponseSchema, 403: tokenErrorSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      try {
        const { userId, tokens } = await service.resetPassword(request.body, sessionClientOf(request))
        logAuthEvent(request, 'reset-done', { userId })
        return tokens
      } catch (error) {
        if (!(error instanceof SecondFactorRequiredError)) throw error
        logAuthEvent(request, 'reset-done', { reason: 'second-factor-required' })
        return reply.code(403).send(mfaRequiredBody(error, request.id))
      }
    },
  )

  app.post(
    '/v1/core/accounts/password/change',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        summary: "Change the signed-in user's password; ends every other session and emails a notice.",
        description:
          'A wrong current password answers 400 on currentPassword and counts towards the sign-in lock-out ' +
          '(429 once locked). The new password follows the registration rules. Answers how many other sessions ended ' +
          'and the passkeys, which still sign in without a password.',
        body: changePasswordSchema,
        response: { 200: passwordChangedSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      try {
        const result = await service.changePassword(me, request.body)
        logAuthEvent(request, 'password-changed', { userId: me.id })
        return result
      } catch (error) {
        logAuthEvent(request, 'password-change-failed', { userId: me.id })
        throw error
      }
    },
  )
}
