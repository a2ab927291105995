import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  allocateInputSchema,
  paymentInputSchema,
  paymentSchema,
  reverseInputSchema,
} from '@signalway/shared/receivables'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { accountIdParams, adminSchema } from '../customer-accounts/route-options.ts'
import {
  allocatePayment,
  type ReceivablesDeps,
  recordPayment,
  reverseAllocation,
  reversePayment,
} from './payments.ts'

const recordId = z.coerce.number().int().min(1).max(MAX_RECORD_ID)
const paymentParams = accountIdParams.extend({ paymentId: recordId })

const who = (request: FastifyRequest) => ({ actor: userOf(request), context: auditContextOf(request) })

/**
 * Payments in the admin area (requirements §22), administrators only: recording one with its allocations,
 * allocating the rest later, and reversing a payment or one allocation by an opposite entry.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ deps: ReceivablesDeps }> = async (app, { deps }) => {
  const admin = { onRequest: [app.requireAdmin] }
  const account = '/admin/customer-accounts/:id'

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
        summary:
          'Reverses one allocation of a payment by a negative one: the amount is the payment’s to allocate again.',
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
}
