import {
  availabilityQuerySchema,
  availabilitySchema,
  depotSchema,
  depotZonesInputSchema,
  fleetCalendarQuerySchema,
  fleetCalendarSchema,
} from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { availabilityOf } from './availability.ts'
import { depotMonthCalendar } from './calendar.ts'
import { getDepotWithZones, listDepotsWithZones, updateDepotZones } from './depots.ts'
import { adminSchema, fleetDepsOf, recordIdParams } from './route-options.ts'

/** The depots, the availability of a type at one of them, and a depot's month calendar. */
export const depotsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)
  const admin = { onRequest: [app.requireAdmin] }

  app.get(
    '/admin/fleet/depots',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'The depots, each with the postcodes it serves and its zones\u2019 delivery and collection fees (cents).',
        response: { 200: z.array(depotSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listDepotsWithZones(deps),
  )

  app.get(
    '/admin/fleet/depots/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One depot with its postcodes and its zones\u2019 fees (cents), and its version.',
        params: recordIdParams,
        response: { 200: depotSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getDepotWithZones(deps, request.params.id),
  )

  app.put(
    '/admin/fleet/depots/:id/zones',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          "Replace a depot's delivery zones: each zone's fees (integer cents ex GST) and postcodes. Send the version you saw: 409 when someone else saved since; a postcode another depot serves is refused.",
        params: recordIdParams,
        body: depotZonesInputSchema,
        response: { 200: depotSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateDepotZones(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.get(
    '/admin/fleet/availability',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          "A type's free units at a depot over the days [from, to) of the depot's zone, and the first day a quantity is free.",
        querystring: availabilityQuerySchema,
        response: { 200: availabilitySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => availabilityOf(app.db, request.query),
  )

  app.get(
    '/admin/fleet/calendar',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          "A depot's month: for each type with units there and each day of the depot's zone, the units free for the whole day out of those not retired; a day with none free cannot be met.",
        querystring: fleetCalendarQuerySchema,
        response: { 200: fleetCalendarSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => depotMonthCalendar(app.db, request.query),
  )
}
