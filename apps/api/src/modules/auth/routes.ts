import {
  loginTokenRequestSchema,
  passkeyListSchema,
  passkeyNameSchema,
  passkeyOptionsSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeySchema,
  passkeySignInOptionsRequestSchema,
  recoveryCodesSchema,
  registerPasskeySchema,
  removeSecondFactorSchema,
  renewRecoveryCodesSchema,
  revokedSessionsSchema,
  revokeTokenSchema,
  secondFactorStatusSchema,
  sessionListSchema,
  startTotpSchema,
  type TokenResponse,
  tokenErrorSchema,
  tokenResponseSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from '@signalway/shared/auth'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { describeUserAgent } from '../../lib/user-agent.ts'
import { requireCurrentPassword } from './current-password.ts'
import { PASSKEY_MESSAGES } from './passkeys.ts'
import { logAuthEvent, sessionClientOf, userOf } from './plugin.ts'
import { mfaRequiredBody, SECOND_FACTOR_MESSAGES, SecondFactorRequiredError } from './second-factor.ts'
import { createAuthService } from './service.ts'
import { InvalidGrantError } from './tokens.ts'

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.get(
    '/v1/core/auth/sessions',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "The signed-in user's live sessions, the most recently used first.",
        response: { 200: sessionListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const rows = await app.tokens.listSessions(Number(me.id))
      return {
        items: rows.map((row) => ({
          id: row.id,
          ...describeUserAgent(row.user_agent),
          ip: row.ip,
          startedAt: row.created_at,
          lastUsedAt: row.last_used_at ?? row.created_at,
          current: row.id === me.sessionId,
        })),
      }
    },
  )

  app.delete(
    '/v1/core/auth/sessions/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Signs out one of the signed-in user's sessions (this one too, when named).",
        description: "404 when the user has no such live session (another user's sessions are not theirs).",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: z.object({}), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const me = userOf(request)
      if (!(await app.tokens.revokeSession(Number(me.id), request.params.id, 'signed-out-by-owner')))
        throw new NotFoundError('Session not found.')
      logAuthEvent(request, 'session-revoked', { userId: me.id, sessionId: request.params.id })
      return {}
    },
  )

  app.post(
    '/v1/core/auth/sessions/revoke-others',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Sign out everywhere else: ends every session of the signed-in user but this one.',
        response: { 200: revokedSessionsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const revoked = await app.tokens.revokeAllSessions(
        app.db,
        Number(me.id),
        'signed-out-by-owner',
        me.sessionId,
      )
      logAuthEvent(request, 'sessions-revoked', { userId: me.id })
      return { revoked }
    },
  )

  app.get(
    '/v1/core/auth/second-factor',
    {
      onRequest: [app.authenticate],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "The signed-in user's second factors: whether TOTP is set up, and unused recovery codes.",
        description:
          'setupRequired: an administrator without a second factor, who must set one up before anything else.',
        response: { 200: secondFactorStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const me = userOf(request)
      return { ...(await app.secondFactors.status(Number(me.id))), setupRequired: me.secondFactorPending }
    },
  )

  app.post(
    '/v1/core/auth/second-factor/totp',
    {
      onRequest: [app.authenticate],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Start setting up an authenticator app: a new secret, its otpauth URI and QR code.',
        description:
          'Needs the current password: a wrong one answers 400 on currentPassword and counts towards the ' +
          'sign-in lock-out (429 once locked). 409 when one is set up already. Nothing changes at sign-in ' +
          'until a first code confirms it.',
        body: startTotpSchema,
        response: { 200: totpSetupSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      await requireCurrentPassword(app.throttle, me.record, request.body.currentPassword)
      return app.secondFactors.startTotp(me.record)
    },
  )

  app.post(
    '/v1/core/auth/second-factor/totp/confirm',
    {
      onRequest: [app.authenticate],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Confirm the authenticator app with a first code; answers ten recovery codes, shown once.',
        body: totpConfirmSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const me = userOf(request)
      const answer = await app.secondFactors.confirmTotp(me.record, request.body.code)
      logAuthEvent(request, 'second-factor-enrolled', { userId: me.id })
      return answer
    },
  )

  app.post(
    '/v1/core/auth/second-factor/recovery-codes',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Ten new recovery codes, shown once; the old ones stop working. Needs the current password.',
        description:
          '409 without an authenticator app. A wrong password answers 400 on currentPassword and counts towards ' +
          'the sign-in lock-out.',
        body: renewRecoveryCodesSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      await requireCurrentPassword(app.throttle, me.record, request.body.currentPassword)
      const answer = await app.secondFactors.renewRecoveryCodes(Number(me.id))
      logAuthEvent(request, 'recovery-codes-renewed', { userId: me.id })
      return answer
    },
  )

  app.post(
    '/v1/core/auth/second-factor/remove',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: 'Remove the authenticator app and the recovery codes; needs the current password.',
        description:
          'A wrong password answers 400 on currentPassword and counts towards the sign-in lock-out.',
        body: removeSecondFactorSchema,
        response: { 200: z.object({}), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      await requireCurrentPassword(app.throttle, me.record, request.body.currentPassword)
      await app.secondFactors.remove(Number(me.id))
      logAuthEvent(request, 'second-factor-removed', { userId: me.id })
      return {}
    },
  )

  const passkeyOf = (row: { id: string; name: string; created_at: string; last_used_at: string | null }) => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  })
  const passkeyParams = z.object({ id: z.string().max(1024) })
  /** SimpleWebAuthn's options go to the browser as they are. */
  const asOptions = (options: { challenge: string }) =>
    options as { challenge: string; [key: string]: unknown }

  app.get(
    '/v1/core/auth/passkeys',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "The signed-in user's passkeys, oldest first.",
        response: { 200: passkeyListSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ items: (await app.passkeys.list(Number(userOf(request).id))).map(passkeyOf) }),
  )

  app.post(
    '/v1/core/auth/passkeys/options',
    {
      onRequest: [app.authenticate],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary:
          'Options for adding a passkey (navigator.credentials.create); their challenge lasts 5 minutes.',
        description:
          'Needs the current password (a passkey signs in without one): a wrong one answers 400 on ' +
          'currentPassword and counts towards the sign-in lock-out (429 once locked). Only a challenge made ' +
          'here can add a passkey.',
        body: passkeyRegistrationOptionsRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      await requireCurrentPassword(app.throttle, me.record, request.body.currentPassword)
      return asOptions(await app.passkeys.registrationOptions(me.record))
    },
  )

  app.post(
    '/v1/core/auth/passkeys',
    {
      onRequest: [app.authenticate],
      config: { beforeSecondFactor: true },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Add a passkey: the browser's answer to the options, and a name for it.",
        description:
          '400 on response when the answer does not check out (another challenge, another site, a used or ' +
          'expired challenge); 409 when the passkey is registered already.',
        body: registerPasskeySchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request, reply) => {
      const me = userOf(request)
      const row = await app.passkeys.register(
        me.record,
        request.body.name,
        request.body.response as unknown as RegistrationResponseJSON,
      )
      logAuthEvent(request, 'second-factor-enrolled', { userId: me.id, reason: 'passkey' })
      return reply.code(201).send(passkeyOf(row))
    },
  )

  app.patch(
    '/v1/core/auth/passkeys/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Rename one of the signed-in user's passkeys.",
        params: passkeyParams,
        body: passkeyNameSchema,
        response: { 200: passkeySchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const userId = Number(userOf(request).id)
      if (!(await app.passkeys.rename(userId, request.params.id, request.body.name)))
        throw new NotFoundError(PASSKEY_MESSAGES.notFound)
      const row = (await app.passkeys.list(userId)).find((item) => item.id === request.params.id)
      if (!row) throw new NotFoundError(PASSKEY_MESSAGES.notFound)
      return passkeyOf(row)
    },
  )

  app.post(
    '/v1/core/auth/passkeys/:id/remove',
    {
      onRequest: [app.authenticate],
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Remove one of the signed-in user's passkeys; needs the current password.",
        description:
          'A wrong password answers 400 on currentPassword and counts towards the sign-in lock-out.',
        params: passkeyParams,
        body: removeSecondFactorSchema,
        response: { 200: z.object({}), ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const me = userOf(request)
      await requireCurrentPassword(app.throttle, me.record, request.body.currentPassword)
      if (!(await app.passkeys.remove(Number(me.id), request.params.id)))
        throw new NotFoundError(PASSKEY_MESSAGES.notFound)
      logAuthEvent(request, 'second-factor-removed', { userId: me.id, reason: 'passkey' })
      return {}
    },
  )

  app.post(
    '/v1/core/auth/passkeys/sign-in/options',
    {
      schema: {
        tags: ['auth'],
        summary: 'Options for signing in with a passkey (navigator.credentials.get).',
        description:
          'Public. Without a body value: for a passkey alone (any of this site, with user verification; then ' +
          "GrantType passkey). With the password step's mfa_token: for that account's passkeys (then GrantType " +
          'mfa_passkey). 400 when the mfa_token is not live.',
        body: passkeySignInOptionsRequestSchema,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const challenge = request.body.mfa_token
      if (challenge === undefined) return asOptions(await app.passkeys.signInOptions(null))
      const owner = await app.secondFactors.challengeOwner(app.accessTokens.audience, challenge)
      if (owner === undefined)
        throw new ValidationError({ mfa_token: [SECOND_FACTOR_MESSAGES.challengeInvalid] })
      return asOptions(await app.passkeys.signInOptions(owner))
    },
  )
}
