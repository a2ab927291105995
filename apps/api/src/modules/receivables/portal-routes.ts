import {
  myInvoicesSchema,
  RECEIVABLES_MESSAGES,
  statementMonthSchema,
  statementSchema,
} from '@signalway/shared/receivables'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Executor } from '../../db/database.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { type AuthUser, userOf } from '../auth/plugin.ts'
import { memberWithRole } from '../bookings/access.ts'
import { accountIdParams } from '../customer-accounts/route-options.ts'
import { statementPdfResponse } from './admin-routes.ts'
import { myInvoices } from './lists.ts'
import type { ReceivablesDeps } from './payments.ts'
import { type PdfDeps, statementPdfReply } from './pdf-reply.ts'
import { accountStatement } from './statements.ts'

/** Account admins and Accounts members read the account's invoices and statements. */
const READERS = ['account_admin', 'accounts'] as const

/** 404 outside the account; 403 for an Orderer or a Site supervisor. */
const readerOf = (db: Executor, user: AuthUser, accountId: number) =>
  memberWithRole(db, user, accountId, READERS, RECEIVABLES_MESSAGES.rolesOnly)

/**
 * My Account → Invoices (requirements §22): every invoice and adjustment note of the account with its status, the
 * balance, credit limit, available credit and ageing, and the monthly statements, for the account's Account admins
 * and Accounts members.
 */
export const receivablesPortalRoutes: FastifyPluginAsyncZod<{ deps: ReceivablesDeps & PdfDeps }> = async (
  app,
  { deps },
) => {
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id'
  const monthParams = accountIdParams.extend({ month: statementMonthSchema })

  app.get(
    `${base}/invoices`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          'The account’s invoices and adjustment notes with their status, its balance, credit and ageing.',
        params: accountIdParams,
        response: { 200: myInvoicesSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await readerOf(deps.db, userOf(request), request.params.id)
      return myInvoices(deps, request.params.id)
    },
  )

  app.get(
    `${base}/statements/:month`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'The account’s statement for a Melbourne month (YYYY-MM).',
        params: monthParams,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await readerOf(deps.db, userOf(request), request.params.id)
      return accountStatement(deps, request.params.id, request.params.month)
    },
  )

  app.get(
    `${base}/statements/:month/pdf`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'The account’s statement for a month as PDF.',
        params: monthParams,
        response: { 200: statementPdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await readerOf(deps.db, userOf(request), request.params.id)
      return statementPdfReply(deps, reply, request.params.id, request.params.month)
    },
  )
}
