import {
  recoveryCodesSchema,
  removeSecondFactorSchema,
  renewRecoveryCodesSchema,
  secondFactorStatusSchema,
  startTotpSchema,
  totpConfirmSchema,
  totpSetupSchema,
} from '@signalway/shared/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { requireCurrentPassword } from './current-password.ts'
import { logAuthEvent, userOf } from './plugin.ts'

/** The signed-in user's authenticator app and recovery codes: status, set-up, renewal, removal. */
export const secondFactorRoutes: FastifyPluginAsyncZod = async (app) => {
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
}
