import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  accountAuditPageSchema,
  accountAuditQuerySchema,
  accountInvitationPreviewSchema,
  accountInvitationTokenSchema,
  inviteMemberInputSchema,
  memberDeleteQuerySchema,
  memberUpdateInputSchema,
  portalInvitationSchema,
  portalInvitationsSchema,
  portalMemberSchema,
  portalMembersSchema,
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
import { accountAudit, listPortalMembers, type MembersDeps, removeMember, updateMember } from './members.ts'
import { accountIdParams } from './route-options.ts'

const recordId = z.coerce.number().int().min(1).max(MAX_RECORD_ID)
const memberParams = accountIdParams.extend({ memberId: recordId })
const invitationParams = accountIdParams.extend({ invitationId: recordId })

/**
 * A customer account's members, invitations and own audit in My Account (requirements §18, ADR 045): all the
 * Account admins' (403 for other members, 404 outside the account), and the invitation link's check (public) and
 * acceptance (signed in as the invited address).
 */
export const customerAccountMembersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: MembersDeps = { db: app.db, clock: app.clock, siteUrl: app.config.siteUrl }
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id'

  app.get(
    `${base}/members`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The account's members with their roles, sites and limits (Account admins).",
        params: accountIdParams,
        response: { 200: portalMembersSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ items: await listPortalMembers(deps, userOf(request), request.params.id) }),
  )

  app.put(
    `${base}/members/:memberId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          "Change a member's role, sites and approval limit (Account admins), from the version you saw. The last " +
          'Account admin keeps the role (409).',
        params: memberParams,
        body: memberUpdateInputSchema,
        response: { 200: portalMemberSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateMember(
        deps,
        userOf(request),
        { accountId: request.params.id, memberId: request.params.memberId },
        request.body,
        auditContextOf(request),
      ),
  )

  app.delete(
    `${base}/members/:memberId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          'Remove a member (Account admins), at the version you saw; never the last Account admin (409).',
        params: memberParams,
        querystring: memberDeleteQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(
        deps,
        userOf(request),
        { accountId: request.params.id, memberId: request.params.memberId },
        request.query.version,
        auditContextOf(request),
      )
      return reply.code(204).send(null)
    },
  )

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

  app.get(
    `${base}/audit`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The account's own audit, newest first (Account admins): no staff reasons or notes.",
        params: accountIdParams,
        querystring: accountAuditQuerySchema,
        response: { 200: accountAuditPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => accountAudit(deps, userOf(request), request.params.id, request.query),
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
