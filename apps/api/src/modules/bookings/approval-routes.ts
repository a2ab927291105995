import {
  bookingAdminDeclineSchema,
  bookingApprovalSchema,
  bookingDetailSchema,
} from '@signalway/shared/bookings'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { createPdfSealer } from '../credit/pdf/seal.ts'
import { approveBooking, declineBooking } from './approvals.ts'
import { bookingParams, depsOf } from './route-options.ts'

/**
 * An Account admin's decision on a booking over an orderer's approval limit, in My Account (requirements §19,
 * ADR 048): approve or decline it at the version seen. 404 outside the account, 403 for a member who is not its
 * Account admin, 409 for a stale version or a booking no longer awaiting approval.
 */
export const bookingsApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app, createPdfSealer(app.config.pdfSeal))
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id/bookings'

  app.post(
    `${base}/:bookingId/approve`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "Approve a booking over an orderer's limit (Account admins), at the version you saw.",
        params: bookingParams,
        body: bookingApprovalSchema,
        response: { 200: bookingDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      approveBooking(
        deps,
        userOf(request),
        { accountId: request.params.id, bookingId: request.params.bookingId },
        request.body.version,
        auditContextOf(request),
      ),
  )

  app.post(
    `${base}/:bookingId/decline`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "Decline a booking over an orderer's limit (Account admins), with the reason.",
        params: bookingParams,
        body: bookingAdminDeclineSchema,
        response: { 200: bookingDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      declineBooking(
        deps,
        userOf(request),
        { accountId: request.params.id, bookingId: request.params.bookingId },
        request.body,
        auditContextOf(request),
      ),
  )
}
