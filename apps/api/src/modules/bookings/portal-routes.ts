import {
  bookingDetailSchema,
  bookingPriceRequestSchema,
  bookingPriceSchema,
  bookingRequestSchema,
  portalBookingListSchema,
  portalBookingsQuerySchema,
} from '@signalway/shared/bookings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { createPdfSealer } from '../credit/pdf/seal.ts'
import { bookerOf } from './access.ts'
import { listPortalBookings, portalAgreement, portalBookingDetail } from './portal.ts'
import { priceBooking } from './pricing.ts'
import { createBooking } from './requests.ts'
import {
  accountIdParams,
  BOOKING_RATE_LIMIT,
  bookingParams,
  depsOf,
  PRICE_RATE_LIMIT,
  perUser,
} from './route-options.ts'

const pdfResponse = {
  description: 'The sealed hire agreement (BK-YYYY-NNNNNN-hire-agreement.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

/**
 * Hiring online in My Account (requirements §19, ADR 048): the booking form's price and availability, the booking
 * request, the account's bookings and their hire agreements (an Account admin's approval: approval-routes.ts).
 * 404 outside the account, 403 for a member without the role.
 */
export const bookingsPortalRoutes: FastifyPluginAsyncZod = async (app) => {
  const seal = createPdfSealer(app.config.pdfSeal)
  const deps = depsOf(app, seal)
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id/bookings'

  app.post(
    `${base}/price`,
    {
      ...signedIn,
      config: perUser(PRICE_RATE_LIMIT),
      schema: {
        ...docs,
        summary: 'Price a booking and check its availability (Orderers and Account admins).',
        params: accountIdParams,
        body: bookingPriceRequestSchema,
        response: { 200: bookingPriceSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      await bookerOf(deps.db, userOf(request), request.params.id)
      return priceBooking(deps.db, request.params.id, request.body, deps.clock())
    },
  )

  app.post(
    base,
    {
      ...signedIn,
      config: perUser(BOOKING_RATE_LIMIT),
      schema: {
        ...docs,
        summary:
          'Request a booking (Orderers and Account admins), accepting the current Terms and Conditions of Hire.',
        params: accountIdParams,
        body: bookingRequestSchema,
        response: { 201: bookingDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const booking = await createBooking(deps, userOf(request), request.params.id, request.body, {
        audit: auditContextOf(request),
        userAgent: request.headers['user-agent'] ?? '',
      })
      return reply.code(201).send(booking)
    },
  )

  app.get(
    base,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The account's bookings the member may see, newest first.",
        params: accountIdParams,
        querystring: portalBookingsQuerySchema,
        response: { 200: portalBookingListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      items: await listPortalBookings(deps.db, userOf(request), request.params.id, request.query.status),
    }),
  )

  app.get(
    `${base}/:bookingId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'One booking, with its items and units.',
        params: bookingParams,
        response: { 200: bookingDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      portalBookingDetail(deps.db, userOf(request), {
        accountId: request.params.id,
        bookingId: request.params.bookingId,
      }),
  )

  app.get(
    `${base}/:bookingId/agreement.pdf`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The booking's sealed hire agreement.",
        params: bookingParams,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await portalAgreement(deps.db, userOf(request), {
        accountId: request.params.id,
        bookingId: request.params.bookingId,
      })
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.reference}-hire-agreement.pdf"`)
        .header('cache-control', 'no-store')
        .send(file.data as never)
    },
  )
}
