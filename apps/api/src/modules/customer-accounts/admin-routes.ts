import {
  creditLimitInputSchema,
  customerAccountDetailSchema,
  customerAccountDetailsInputSchema,
  customerAccountListQuerySchema,
  customerAccountListSchema,
  holdInputSchema,
  releaseInputSchema,
} from '@signalway/shared/customer-accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { changeCreditLimit, getAccount, listAccounts, putOnHold, release, updateDetails } from './accounts.ts'
import { resendOwnerInvitation } from './owner-invitation.ts'
import { accountIdParams, adminSchema, depsOf } from './route-options.ts'

/**
 * The customer accounts as staff keep them (ADR 045): list, detail, details, limit, hold and release, and the
 * owner's invitation sent again.
 */
export const customerAccountsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...depsOf(app), siteUrl: app.config.siteUrl }
  const admin = { onRequest: [app.requireAdmin] }
  const changed = {
    params: accountIdParams,
    response: { 200: customerAccountDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }

  app.get(
    '/admin/customer-accounts',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The customer accounts by number: search by number, name or ABN; filter held or not.',
        querystring: customerAccountListQuerySchema,
        response: { 200: customerAccountListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAccounts(deps, request.query),
  )

  app.get(
    '/admin/customer-accounts/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One customer account with its members, open invitations, sites and limit changes.',
        params: accountIdParams,
        response: { 200: customerAccountDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getAccount(deps, request.params.id),
  )

  app.put(
    '/admin/customer-accounts/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        ...changed,
        summary: "Save the account's details. Send the version you saw: 409 when someone else saved since.",
        body: customerAccountDetailsInputSchema,
      },
    },
    async (request) =>
      updateDetails(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/customer-accounts/:id/credit-limit',
    {
      ...admin,
      schema: {
        ...adminSchema,
        ...changed,
        summary: 'Change the credit limit (integer cents) with the reason; both are in the audit log.',
        body: creditLimitInputSchema,
      },
    },
    async (request) =>
      changeCreditLimit(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/customer-accounts/:id/hold',
    {
      ...admin,
      schema: {
        ...adminSchema,
        ...changed,
        summary: 'Put the account on hold, with the reason: a held account cannot book.',
        body: holdInputSchema,
      },
    },
    async (request) =>
      putOnHold(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/customer-accounts/:id/release',
    {
      ...admin,
      schema: {
        ...adminSchema,
        ...changed,
        summary: 'Release the account from its hold.',
        body: releaseInputSchema,
      },
    },
    async (request) =>
      release(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/customer-accounts/:id/owner-invitation',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Send the owner invitation again, to the address the last one went to (else the billing email), while ' +
          'the account has no Account admin.',
        description:
          'Replaces any open owner invitation: only the newest link works. 409 when the account has an Account ' +
          "admin; 429 past the address's daily limit of invitations.",
        params: accountIdParams,
        response: { 200: customerAccountDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) =>
      resendOwnerInvitation(deps, request.params.id, userOf(request), auditContextOf(request)),
  )
}
