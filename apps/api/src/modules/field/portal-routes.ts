import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import { docketListSchema } from '@signalway/shared/field-operations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { userOf } from '../auth/plugin.ts'
import { bookingParams } from '../bookings/route-options.ts'
import { pdfResponse } from './admin-routes.ts'
import { portalBookingDockets, portalDocketPdf } from './booking-dockets.ts'
import type { FieldDeps } from './deps.ts'

/**
 * A booking's dockets in My Account (ADR 050): for the members who may see the booking (a Site supervisor their
 * sites' only); 404 outside the account, as for an unknown booking.
 */
export const fieldPortalRoutes: FastifyPluginAsyncZod<{ deps: FieldDeps }> = async (app, { deps }) => {
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id/bookings/:bookingId/dockets'

  app.get(
    base,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'The booking’s delivery and collection dockets, oldest first.',
        params: bookingParams,
        response: { 200: docketListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      portalBookingDockets(deps, userOf(request), {
        accountId: request.params.id,
        bookingId: request.params.bookingId,
      }),
  )

  app.get(
    `${base}/:docketId/pdf`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'A docket’s sealed PDF (404 until it is made, a few seconds after the docket arrives).',
        params: bookingParams.extend({ docketId: z.coerce.number().int().min(1).max(MAX_RECORD_ID) }),
        response: { 200: pdfResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const file = await portalDocketPdf(deps, userOf(request), {
        accountId: request.params.id,
        bookingId: request.params.bookingId,
        docketId: request.params.docketId,
      })
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.data as never)
    },
  )
}
