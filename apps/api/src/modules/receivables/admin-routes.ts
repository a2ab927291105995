import {
  invoiceListQuerySchema,
  invoiceListSchema,
  ledgerSchema,
  statementMonthSchema,
  statementSchema,
} from '@signalway/shared/receivables'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { accountIdParams, adminSchema } from '../customer-accounts/route-options.ts'
import { accountLedger, listInvoices } from './lists.ts'
import type { ReceivablesDeps } from './payments.ts'
import { type PdfDeps, statementPdfReply } from './pdf-reply.ts'
import { accountStatement } from './statements.ts'

const monthParams = accountIdParams.extend({ month: statementMonthSchema })

export const statementPdfResponse = {
  description: 'The statement as PDF (statement-SW-NNNNN-YYYY-MM.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

/**
 * Receivables in the admin area (requirements §22, ADR 051), administrators only: every invoice with its status
 * and amount owing, and an account's ledger and monthly statements (payments: payment-routes.ts; the exports:
 * export-routes.ts).
 */
export const receivablesAdminRoutes: FastifyPluginAsyncZod<{ deps: ReceivablesDeps & PdfDeps }> = async (
  app,
  { deps },
) => {
  const admin = { onRequest: [app.requireAdmin] }
  const account = '/admin/customer-accounts/:id'

  app.get(
    '/admin/invoices',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Every invoice, newest first, with its status and amount owing; by account, status, days, number.',
        querystring: invoiceListQuerySchema,
        response: { 200: invoiceListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listInvoices(deps, request.query),
  )

  app.get(
    `${account}/ledger`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'The account’s invoices, adjustment notes and payments, its balance, ageing and available credit.',
        params: accountIdParams,
        response: { 200: ledgerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => accountLedger(deps, request.params.id),
  )

  app.get(
    `${account}/statements/:month`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The account’s statement for a Melbourne month (YYYY-MM).',
        params: monthParams,
        response: { 200: statementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => accountStatement(deps, request.params.id, request.params.month),
  )

  app.get(
    `${account}/statements/:month/pdf`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The account’s statement for a month as PDF.',
        params: monthParams,
        response: { 200: statementPdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => statementPdfReply(deps, reply, request.params.id, request.params.month),
  )
}
