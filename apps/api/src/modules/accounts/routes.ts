import {
  changePasswordSchema,
  emailChangedSchema,
  emailChangeTokenSchema,
  forgotPasswordSchema,
  passwordChangedSchema,
  registerSchema,
  resetPasswordSchema,
  resetRequestedSchema,
  resetTokenValidSchema,
  tokenErrorSchema,
  tokenResponseSchema,
  validateResetTokenSchema,
} from '@signalway/shared/auth'
import {
  acceptInvitationSchema,
  invitationSchema,
  invitationTokenSchema,
} from '@signalway/shared/invitations'
import { profileSettingsSchema, updateOwnProfileSchema } from '@signalway/shared/profile'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ForbiddenError, SecondFactorSetupRequiredError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, sessionClientOf, userOf } from '../auth/plugin.ts'
import { mfaRequiredBody, SecondFactorRequiredError } from '../auth/second-factor.ts'
import { createAccountsService, RESET_REQUESTED } from './service.ts'

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

/** Reset-token endpoints: the tokens are unguessable, this only keeps scanners busy elsewhere. */
const RESET_TOKEN_RATE_LIMIT = { max: 30, timeWindow: 15 * 60 * 1000 }

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

  app.get(
    '/v1/core/accounts/:userId/profile/settings',
    {
      onRequest: [app.authenticate],
      // The header and the set-up page show who is signed in, also before an admin's second factor.
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        summary: "A user's profile settings: one's own, or anyone's for an admin.",
        params: z.object({ userId: z.string().max(64) }),
        response: { 200: profileSettingsSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const me = userOf(request)
      if (me.secondFactorPending && request.params.userId !== me.id)
        throw new SecondFactorSetupRequiredError()
      return service.profileSettings(me, request.params.userId)
    },
  )

  app.put(
    '/v1/core/accounts/update/own-profile',
    {
      onRequest: [app.authenticate],
      // The route only ever updates the signed-in user; a body naming another user is refused outright.
      preValidation: [refuseOtherUser],
      schema: {
        tags: ['accounts'],
        security: [{ bearer: [] }],
        summary: "Update the signed-in user's own profile; answers the profile settings.",
        description:
          'Company fields are stored for member type 2 only. The member type in the body is ignored; ' +
          'the email may change only to one no other account has (else 409), needs currentPassword, and takes effect ' +
          'only when the new address opens the link sent to it (pendingEmail in the answer). A body whose id or userId is ' +
          'not the signed-in user gets 403.',
        body: updateOwnProfileSchema,
        response: { 200: profileSettingsSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const settings = await service.updateOwnProfile(me, request.body)
      if (settings.pendingEmail) logAuthEvent(request, 'email-change-requested', { userId: me.id })
      return settings
    },
  )

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
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
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
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
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
    '/v1/core/accounts/invitation/check',
    {
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
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
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
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

  app.post(
    '/v1/core/accounts/email/confirm',
    {
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['accounts'],
        summary:
          'Confirm a new email address with the token of the link sent to it; the old address is told.',
        description:
          'Public: the token is the credential (24 hours, single use). 400 when it is unknown, used, cancelled, ' +
          'replaced or expired; 409 when another account took the address meanwhile.',
        body: emailChangeTokenSchema,
        response: { 200: emailChangedSchema, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const { userId, email, changed } = await service.confirmEmailChange(request.body.token)
      logAuthEvent(request, changed ? 'email-changed' : 'email-confirmed', { userId })
      return { email, changed }
    },
  )

  app.post(
    '/v1/core/accounts/email/cancel',
    {
      config: { rateLimit: RESET_TOKEN_RATE_LIMIT },
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

/** preValidation: 403 when the raw body names a user (id or userId) other than the signed-in one. */
async function refuseOtherUser(request: FastifyRequest): Promise<void> {
  const body: unknown = request.body
  if (typeof body !== 'object' || body === null) return
  const { id, userId } = body as { id?: unknown; userId?: unknown }
  for (const claimed of [id, userId]) {
    if (claimed !== undefined && claimed !== null && String(claimed) !== userOf(request).id) {
      throw new ForbiddenError()
    }
  }
}
