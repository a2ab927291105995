import {
  passkeyListSchema,
  passkeyNameSchema,
  passkeyOptionsSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeySchema,
  passkeySignInOptionsRequestSchema,
  registerPasskeySchema,
  removeSecondFactorSchema,
} from '@signalway/shared/auth'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { requireCurrentPassword } from './current-password.ts'
import { PASSKEY_MESSAGES } from './passkeys.ts'
import { logAuthEvent, userOf } from './plugin.ts'
import { SECOND_FACTOR_MESSAGES } from './second-factor.ts'

/** A passkey as its owner sees it. */
function passkeyOf(row: { id: string; name: string; created_at: string; last_used_at: string | null }) {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }
}

const passkeyParams = z.object({ id: z.string().max(1024) })

/** SimpleWebAuthn's options go to the browser as they are. */
function asOptions(options: { challenge: string }) {
  return options as { challenge: string; [key: string]: unknown }
}

/** The signed-in user's passkeys (list, add, rename, remove), and the options for signing in with one. */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
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
