import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  customerFaultsSchema,
  FAULT_BODY_LIMIT,
  faultReportedSchema,
  memberFaultReportSchema,
} from '@signalway/shared/faults'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { userOf } from '../auth/plugin.ts'
import { listCustomerFaults, reportMemberFault } from './customer.ts'
import type { FaultDeps } from './service.ts'

const accountParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/**
 * The faults of a customer account's units on hire in My Account (ADR 049): every member reads them (a Site
 * supervisor only their sites') and reports one on a unit on hire (a Site supervisor only at their sites). 404
 * outside the account or for a line the member may not see.
 */
export const customerFaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: FaultDeps = {
    db: app.db,
    clock: app.clock,
    oncallEmail: app.config.oncallEmail,
    oncallEscalationEmail: app.config.oncallEscalationEmail,
    siteUrl: app.config.siteUrl,
  }
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const base = '/my-account/customer-accounts/:id/faults'

  app.get(
    base,
    {
      onRequest: [app.authenticate],
      schema: {
        ...docs,
        summary:
          "The faults reported on the account's units on hire, newest first, without a public reporter's details.",
        params: accountParams,
        response: { 200: customerFaultsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listCustomerFaults(deps, userOf(request), request.params.id),
  )

  app.post(
    base,
    {
      onRequest: [app.authenticate],
      bodyLimit: FAULT_BODY_LIMIT,
      schema: {
        ...docs,
        summary: 'Report a fault on a unit on hire (its booking line) as the signed-in member.',
        params: accountParams,
        body: memberFaultReportSchema,
        response: { 201: faultReportedSchema, ...errorResponses(400, 401, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const reported = await reportMemberFault(
        deps,
        userOf(request),
        request.params.id,
        request.body,
        request.ip || null,
      )
      return reply.code(201).send(reported)
    },
  )
}
