import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  bookingAdminDetailSchema,
  bookingAdminListQuerySchema,
  bookingAdminListSchema,
  bookingDeclineInputSchema,
  bookingLinesAtInputSchema,
  bookingSwapsInputSchema,
  bookingVersionInputSchema,
  collectionListSchema,
} from '@signalway/shared/bookings-admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import {
  closeBooking,
  confirmBooking,
  declineBooking,
  markCollected,
  markOnHire,
  swapUnits,
  type Who,
} from './admin.ts'
import { getBooking, listBookings } from './admin-detail.ts'
import { listCollections } from './collections.ts'

const adminSchema = { tags: ['admin'], description: ADMIN_ONLY, security: [{ bearer: [] }] }
const bookingIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/**
 * The bookings as staff handle them (ADR 048): the inbox, one booking, the changes staff make to it, and the
 * collections to schedule. Every change sends the version seen (409 when someone changed the booking since, or
 * when its status does not allow the change).
 */
export const bookingsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock }
  const admin = { onRequest: [app.requireAdmin] }
  const changed = {
    ...adminSchema,
    params: bookingIdParams,
    response: { 200: bookingAdminDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }

  app.get(
    '/admin/bookings',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'The bookings inbox: new requests first, then those awaiting the customer’s approval, then the rest.',
        description: `${ADMIN_ONLY} Filter by status; search by reference, account number or name, or PO number.`,
        querystring: bookingAdminListQuerySchema,
        response: { 200: bookingAdminListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBookings(deps, request.query),
  )

  app.get(
    '/admin/bookings/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'One booking with the account’s credit and hold, the orderer’s email and the units free to swap to.',
        params: bookingIdParams,
        response: { 200: bookingAdminDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBooking(deps, request.params.id),
  )

  const who = (request: Parameters<typeof userOf>[0]): Who => ({
    actor: userOf(request),
    context: auditContextOf(request),
  })

  app.post(
    '/admin/bookings/:id/confirm',
    {
      ...admin,
      schema: { ...changed, summary: 'Confirm a requested booking.', body: bookingVersionInputSchema },
    },
    async (request) => confirmBooking(deps, request.params.id, request.body, who(request)),
  )

  app.post(
    '/admin/bookings/:id/decline',
    {
      ...admin,
      schema: {
        ...changed,
        summary: 'Decline a requested or confirmed booking with the reason; its units are released.',
        body: bookingDeclineInputSchema,
      },
    },
    async (request) => declineBooking(deps, request.params.id, request.body, who(request)),
  )

  app.put(
    '/admin/bookings/:id/units',
    {
      ...admin,
      schema: {
        ...changed,
        summary: 'Change units not on hire yet for free units of the same type at the depot.',
        body: bookingSwapsInputSchema,
      },
    },
    async (request) => swapUnits(deps, request.params.id, request.body, who(request)),
  )

  app.post(
    '/admin/bookings/:id/on-hire',
    {
      ...admin,
      schema: {
        ...changed,
        summary: 'Mark units delivered (on hire) at a time not in the future; now when not given.',
        body: bookingLinesAtInputSchema,
      },
    },
    async (request) => markOnHire(deps, request.params.id, request.body, who(request)),
  )

  app.post(
    '/admin/bookings/:id/collect',
    {
      ...admin,
      schema: {
        ...changed,
        summary: 'Mark units collected at a time not in the future; now when not given.',
        body: bookingLinesAtInputSchema,
      },
    },
    async (request) => markCollected(deps, request.params.id, request.body, who(request)),
  )

  app.post(
    '/admin/bookings/:id/close',
    {
      ...admin,
      schema: { ...changed, summary: 'Close an off-hired booking.', body: bookingVersionInputSchema },
    },
    async (request) => closeBooking(deps, request.params.id, request.body, who(request)),
  )

  app.get(
    '/admin/collections',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'The off-hires with units not collected yet, by pick-up time: the collections to schedule.',
        response: { 200: collectionListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listCollections(deps),
  )
}
