import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  dispatchBoardSchema,
  dispatchQuerySchema,
  dispatchSaveInputSchema,
  docketListSchema,
  driverListSchema,
  userDriverInputSchema,
  userDriverSchema,
} from '@signalway/shared/field-operations'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema } from '../fleet/route-options.ts'
import { adminBookingDockets, adminDocketPdf } from './booking-dockets.ts'
import type { FieldDeps } from './deps.ts'
import { getBoard, saveBoard } from './dispatch.ts'
import { getUserDriver, listDrivers, removeUserDriver, setUserDriver } from './drivers.ts'

const recordId = z.coerce.number().int().min(1).max(MAX_RECORD_ID)
const idParams = z.object({ id: recordId })

export const pdfResponse = {
  description: 'The sealed docket (DK-YYYY-NNNNNN-delivery-docket.pdf or …-collection-docket.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

const who = (request: FastifyRequest) => ({ actor: userOf(request), context: auditContextOf(request) })

/**
 * Field operations in the admin area (ADR 050), administrators only: drivers (set in user management), the
 * dispatch board of a depot's day, and a booking's dockets with their sealed PDFs.
 */
export const fieldAdminRoutes: FastifyPluginAsyncZod<{ deps: FieldDeps }> = async (app, { deps }) => {
  const admin = { onRequest: [app.requireAdmin] }

  app.get(
    '/admin/drivers',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Every driver, by depot, then name.',
        response: { 200: driverListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listDrivers(deps),
  )

  const userDriver = {
    ...adminSchema,
    params: idParams,
    response: { 200: userDriverSchema, ...errorResponses(400, 401, 403, 404) },
  }

  app.get(
    '/admin/users/:id/driver',
    { ...admin, schema: { ...userDriver, summary: 'Whether the user is a driver, and at which depot.' } },
    async (request) => getUserDriver(deps, request.params.id),
  )

  app.put(
    '/admin/users/:id/driver',
    {
      ...admin,
      schema: {
        ...userDriver,
        summary: 'Makes the user a driver at a depot (or moves them to another).',
        body: userDriverInputSchema,
      },
    },
    async (request) => setUserDriver(deps, request.params.id, request.body.depotId, who(request)),
  )

  app.delete(
    '/admin/users/:id/driver',
    {
      ...admin,
      schema: {
        ...userDriver,
        summary: 'Removes the driver role; the driver’s stops not done yet are unassigned.',
      },
    },
    async (request) => removeUserDriver(deps, request.params.id, who(request)),
  )

  app.get(
    '/admin/dispatch',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'The dispatch board of a depot’s day: its deliveries and collections as stops, with their drivers and order.',
        querystring: dispatchQuerySchema,
        response: { 200: dispatchBoardSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getBoard(deps, request.query),
  )

  app.put(
    '/admin/dispatch',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Saves the board’s drivers and order, each stop from the version seen (409 when someone saved it since).',
        body: dispatchSaveInputSchema,
        response: { 200: dispatchBoardSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => saveBoard(deps, request.body, who(request)),
  )

  app.get(
    '/admin/bookings/:id/dockets',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'A booking’s delivery and collection dockets, oldest first.',
        params: idParams,
        response: { 200: docketListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => adminBookingDockets(deps, request.params.id),
  )

  app.get(
    '/admin/dockets/:id/pdf',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'A docket’s sealed PDF (404 until it is made, a few seconds after the docket arrives).',
        params: idParams,
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await adminDocketPdf(deps, request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.data as never)
    },
  )
}
