import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  accountAuditPageSchema,
  accountAuditQuerySchema,
  memberDeleteQuerySchema,
  memberUpdateInputSchema,
  portalMemberSchema,
  portalMembersSchema,
} from '@signalway/shared/customer-account-members'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { accountAudit, listPortalMembers, type MembersDeps, removeMember, updateMember } from './members.ts'
import { accountIdParams } from './route-options.ts'

const recordId = z.coerce.number().int().min(1).max(MAX_RECORD_ID)
const memberParams = accountIdParams.extend({ memberId: recordId })

/**
 * A customer account's members and own audit in My Account (requirements §18, ADR 045): the Account admins' (403
 * for other members, 404 outside the account). The invitations are in invitation-routes.ts.
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
}
