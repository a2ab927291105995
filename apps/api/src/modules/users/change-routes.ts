import { inviteUserSchema } from '@signalway/shared/invitations'
import { createUserSchema, updateUserSchema, userDetailSchema } from '@signalway/shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { logAuthEvent, userOf } from '../auth/plugin.ts'
import { ADMIN_ONLY, type UsersService } from './service.ts'

const idParams = z.object({ id: z.string().max(64) })

/** Creating, inviting, updating and archiving users, and resetting a user's two-step sign-in; each in the audit log. */
export const userChangeRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  const guard = { onRequest: [app.requireAdmin] }
  const security = [{ bearer: [] }]

  app.post(
    '/v1/core/accounts/admin',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: 'Create a user of any member type, with a password; answers the new user.',
        description: `${ADMIN_ONLY} The password rules of registration apply; 409 when the email is taken.`,
        body: createUserSchema,
        response: { 201: userDetailSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await service.create(userOf(request), request.body, auditContextOf(request))
      return reply.code(201).send(user)
    },
  )

  app.post(
    '/v1/core/accounts/admin/invite',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: 'Create a user and email them a link to set their own password; answers the new user.',
        description:
          `${ADMIN_ONLY} The link works once, for 72 hours; its token is stored only as a hash. The email holds ` +
          'no name and nothing staff typed (ADR 032). 409 when the email is taken; 429 once the mailbox has ' +
          'been sent 3 invitations in 24 hours. Setting the password confirms the address (ADR 035).',
        body: inviteUserSchema,
        response: { 201: userDetailSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const user = await service.invite(userOf(request), request.body, auditContextOf(request))
      return reply.code(201).send(user)
    },
  )

  app.put(
    '/v1/users/admin/update-user',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: "Update a user's names, email, mobile and member type; answers the user.",
        description:
          `${ADMIN_ONLY} 404 for an unknown or archived user; 409 when the email is another user's, ` +
          'or when an admin changes their own member type. A new email is unconfirmed until its owner ' +
          "confirms it from their account, and the user's open email changes and reset links end.",
        body: updateUserSchema,
        response: { 200: userDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.update(userOf(request), request.body, auditContextOf(request)),
  )

  app.patch(
    '/v1/users/:id/archive',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: 'Delete (archive) a user: they leave the list, cannot sign in, and their sessions end.',
        description: `${ADMIN_ONLY} 404 for an unknown or archived user; 409 for one's own account.`,
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.archive(userOf(request), request.params.id, auditContextOf(request))
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/v1/users/:id/second-factor/reset',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: "Reset a user's two-step sign-in (they lost their authenticator app and recovery codes).",
        description:
          `${ADMIN_ONLY} Removes the authenticator app and the recovery codes, ends the user's sessions, ` +
          "emails them and writes the audit log. 404 for an unknown or archived user; 409 for one's own " +
          'account or a user without two-step sign-in.',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = userOf(request)
      await service.resetSecondFactor(actor, request.params.id, auditContextOf(request))
      logAuthEvent(request, 'second-factor-reset', { userId: request.params.id, reason: `by ${actor.id}` })
      return reply.code(204).send(null)
    },
  )
}
