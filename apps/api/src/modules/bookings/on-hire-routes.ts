import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  extendConflictResponseSchema,
  extendRequestSchema,
  extendResultSchema,
  offHireRequestSchema,
  offHireResultSchema,
  onHireQuerySchema,
  onHireSchema,
} from '@signalway/shared/on-hire'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { ExtendConflictError, extendBooking } from './extend.ts'
import { requestOffHire } from './off-hire.ts'
import { listOnHire, ON_HIRE_CSV_COLUMNS, onHireCsv } from './on-hire.ts'
import { CHANGE_RATE_LIMIT, perUser } from './route-options.ts'

const accountParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })
const bookingParams = accountParams.extend({
  bookingId: z.coerce.number().int().min(1).max(MAX_RECORD_ID),
})

/**
 * A customer account's hire under way in My Account (ADR 048): what it has on hire (as JSON and CSV), extending a
 * booking, and off-hiring its units. Every member reads On hire (a Site supervisor only their sites); Orderers and
 * Account admins extend; they and Site supervisors (their sites) off-hire. 404 outside the account or for a
 * booking the member may not see, 403 for a role that may not act, 409 for a stale version.
 */
export const onHireRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock }
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id'

  app.get(
    `${base}/on-hire`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          'The units the account has on hire, by site and PO, with days and running cost to date ex GST.',
        params: accountParams,
        querystring: onHireQuerySchema,
        response: { 200: onHireSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listOnHire(deps, userOf(request), request.params.id, request.query),
  )

  app.get(
    `${base}/on-hire.csv`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'The units on hire as CSV (UTF-8 with a byte order mark).',
        description:
          `The same units and filters as GET …/on-hire. Columns: ${ON_HIRE_CSV_COLUMNS.join(', ')}; times ` +
          "in the depot's zone as YYYY-MM-DD HH:mm; RFC 4180 (every cell quoted, CRLF); a cell a spreadsheet " +
          'would read as a formula starts with a single quote.',
        params: accountParams,
        querystring: onHireQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await onHireCsv(deps, userOf(request), request.params.id, request.query)
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csv.filename}"`)
        .header('cache-control', 'no-store')
        .send(csv.body)
    },
  )

  app.post(
    `${base}/bookings/:bookingId/off-hires`,
    {
      ...signedIn,
      config: perUser(CHANGE_RATE_LIMIT),
      schema: {
        ...docs,
        summary:
          'Off-hire units of a booking: their charges stop at the pick-up time (not in the past). 201 with the ' +
          'off-hire number; 409 for a stale version or units already off-hired (named).',
        params: bookingParams,
        body: offHireRequestSchema,
        response: { 201: offHireResultSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const result = await requestOffHire(
        deps,
        userOf(request),
        { accountId: request.params.id, bookingId: request.params.bookingId },
        request.body,
        auditContextOf(request),
      )
      return reply.code(201).send(result)
    },
  )

  app.post(
    `${base}/bookings/:bookingId/extend`,
    {
      ...signedIn,
      config: perUser(CHANGE_RATE_LIMIT),
      schema: {
        ...docs,
        summary:
          'Extend a booking (Orderers and Account admins). 409 with `conflicts` naming units booked by another ' +
          'hire in the extra time and a free unit of the type to swap to (or null); send again with `swaps`.',
        params: bookingParams,
        body: extendRequestSchema,
        response: {
          200: extendResultSchema,
          409: extendConflictResponseSchema,
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      try {
        return await extendBooking(
          deps,
          userOf(request),
          { accountId: request.params.id, bookingId: request.params.bookingId },
          request.body,
          auditContextOf(request),
        )
      } catch (error) {
        if (!(error instanceof ExtendConflictError)) throw error
        return reply
          .code(409)
          .send({ Message: error.message, conflicts: error.conflicts, requestId: request.id })
      }
    },
  )
}
