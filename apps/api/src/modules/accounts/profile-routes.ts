import { profileSettingsSchema, updateOwnProfileSchema } from '@signalway/shared/profile'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ForbiddenError, SecondFactorSetupRequiredError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { logAuthEvent, userOf } from '../auth/plugin.ts'
import type { AccountsRoutesOptions } from './service.ts'

/** One's profile settings (anyone's, for an admin) and the update of one's own. */
export const profileRoutes: FastifyPluginAsyncZod<AccountsRoutesOptions> = async (app, { service }) => {
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
