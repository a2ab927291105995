import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  allocateInputSchema,
  exportQuerySchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  ledgerSchema,
  paymentInputSchema,
  paymentSchema,
  reverseInputSchema,
  statementMonthSchema,
  statementSchema,
} from '@signalway/shared/receivables'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { accountIdParams, adminSchema } from '../customer-accounts/route-options.ts'
import { adjustmentNotesCsv, type CsvFile, invoicesCsv, PAYMENT_CSV_COLUMNS, paymentsCsv } from './exports.ts'
import { accountLedger, listInvoices } from './lists.ts'
import {
  allocatePayment,
  type ReceivablesDeps,
  recordPayment,
  reverseAllocation,
  reversePayment,
} from './payments.ts'
import { type PdfDeps, statementPdfReply } from './pdf-reply.ts'
import { accountStatement } from './statements.ts'

const recordId = z.coerce.number().int().min(1).max(MAX_RECORD_ID)
const paymentParams = accountIdParams.extend({ paymentId: recordId })
const monthParams = accountIdParams.extend({ month: statementMonthSchema })

export const statementPdfResponse = {
  description: 'The statement as PDF (statement-SW-NNNNN-YYYY-MM.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

const who = (request: FastifyRequest) => ({ actor: userOf(request), context: auditContextOf(request) })

/**
 * Receivables in the admin area (requirements §22, ADR 051), administrators only: every invoice with its status,
 * an account's ledger and statements, payments with their allocations and reversals, and the exports for the
 * accounting package.
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
        summary: 'Every invoice, newest first, with its status and amount owing; by account, status, days, number.',
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
        summary: 'The account’s invoices, adjustment notes and payments, its balance, ageing and available credit.',
        params: accountIdParams,
        response: { 200: ledgerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => accountLedger(deps, request.params.id),
  )

  app.post(
    `${account}/payments`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Records a payment (EFT, card receipt, cheque) and its allocations: none may exceed what is owing, nor ' +
          'all of them the payment; what is not allocated stays as the account’s credit.',
        params: accountIdParams,
        body: paymentInputSchema,
        response: { 201: paymentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await recordPayment(deps, request.params.id, request.body, who(request))),
  )

  app.post(
    `${account}/payments/:paymentId/allocations`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Allocates more of a payment to invoices (409 for a reversal or a reversed payment).',
        params: paymentParams,
        body: allocateInputSchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      allocatePayment(
        deps,
        { accountId: request.params.id, paymentId: request.params.paymentId },
        request.body.allocations,
        who(request),
      ),
  )

  app.post(
    `${account}/payments/:paymentId/reverse`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Reverses a payment by an opposite entry dated today, which reverses its allocations; once only (409).',
        params: paymentParams,
        body: reverseInputSchema,
        response: { 201: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await reversePayment(
            deps,
            { accountId: request.params.id, paymentId: request.params.paymentId },
            request.body.reason,
            who(request),
          ),
        ),
  )

  app.post(
    `${account}/payments/:paymentId/allocations/:allocationId/reverse`,
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Reverses one allocation of a payment by a negative one: the amount is the payment’s to allocate again.',
        params: paymentParams.extend({ allocationId: recordId }),
        body: reverseInputSchema,
        response: { 200: paymentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      reverseAllocation(
        deps,
        {
          accountId: request.params.id,
          paymentId: request.params.paymentId,
          allocationId: request.params.allocationId,
        },
        request.body.reason,
        who(request),
      ),
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

  const exports: [string, string, (deps: ReceivablesDeps, from: string, to: string) => Promise<CsvFile>][] = [
    ['invoices', 'Xero’s sales invoice import, a row per line', invoicesCsv],
    ['adjustment-notes', 'Xero’s credit note import, a row per line', adjustmentNotesCsv],
    ['payments', `a row per allocation: ${PAYMENT_CSV_COLUMNS.join(', ')}`, paymentsCsv],
  ]
  for (const [name, layout, make] of exports)
    app.get(
      `/admin/exports/${name}.csv`,
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: `The ${name.replace('-', ' ')} of a range of days as CSV for the accounting package.`,
          description: `${layout}; dates dd/mm/yyyy, amounts in dollars (docs/accounting-exports.md).`,
          querystring: exportQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.string(), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const csv = await make(deps, request.query.from, request.query.to)
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${csv.filename}"`)
          .header('cache-control', 'no-store')
          .send(csv.body)
      },
    )
}
