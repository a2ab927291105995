import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  accountInvitationPreviewSchema,
  accountInvitationTokenSchema,
  inviteMemberInputSchema,
  portalInvitationSchema,
  portalInvitationsSchema,
} from '@signalway/shared/customer-account-members'
import { myCustomerAccountSchema } from '@signalway/shared/customer-accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { LINK_TOKEN_RATE_LIMIT } from '../accounts/link-rate-limit.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import {
  acceptInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.ts'
import type { MembersDeps } from './members.ts'
import { accountIdParams } from './route-options.ts'

const invitationParams = accountIdParams.extend({
  invitationId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
})

/**
 * Invitations to join a customer account (requirements §18, ADR 045): an Account admin sends, lists and withdraws
 * them (403 for other members, 404 outside the account); the link is checked (public: the token is the credential)
 * and accepted signed in with the invited address.
 */
export const customerAccountInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MembersDeps = { db: app.db, clock: app.clock, siteUrl: app.config.siteUrl }
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id'

  app.get(
    `${base}/invitations`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The account's open invitations (Account admins).",
        params: accountIdParams,
        response: { 200: portalInvitationsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ items: await listInvitations(deps, userOf(request), request.params.id) }),
  )

  app.post(
    `${base}/invitations`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Invite someone by email with a role (Account admins): a single-use link for 7 days.',
        description:
          '409 when the address is a member already; 429 past the daily limits of the address or of the account.',
        params: accountIdParams,
        body: inviteMemberInputSchema,
        response: { 201: portalInvitationSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const invitation = await inviteMember(
        deps,
        userOf(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      )
      return reply.code(201).send(invitation)
    },
  )

  app.delete(
    `${base}/invitations/:invitationId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Withdraw an open invitation (Account admins): its link stops working.',
        params: invitationParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(
        deps,
        userOf(request),
        { accountId: request.params.id, invitationId: request.params.invitationId },
        auditContextOf(request),
      )
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/customer-account-invitations/check',
    {
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        tags: ['my-account'],
        summary: "Check an account invitation's link: the account, the role and the invited address.",
        description:
          'Public: the token is the credential. 400 with words that say whether the link is unknown, used or expired.',
        body: accountInvitationTokenSchema,
        response: { 200: accountInvitationPreviewSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return previewInvitation(deps, request.body.token)
    },
  )

  app.post(
    '/my-account/customer-account-invitations/accept',
    {
      // An array of its own: the rate limit adds its hook to this route's array, which must not be the others'.
      onRequest: [app.authenticate],
      config: { rateLimit: LINK_TOKEN_RATE_LIMIT },
      schema: {
        ...docs,
        summary: 'Join the account an invitation is for, signed in with the invited address.',
        description:
          '400 for an unknown, used or expired link; 403 when signed in with another address; 409 when a member.',
        body: accountInvitationTokenSchema,
        response: { 200: myCustomerAccountSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return acceptInvitation(deps, userOf(request), request.body.token, auditContextOf(request))
    },
  )
}
