import {
  unitDetailSchema,
  unitInputSchema,
  unitListQuerySchema,
  unitListSchema,
  unitServiceInputSchema,
} from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema, fleetDepsOf, recordIdParams } from './route-options.ts'
import { addUnitService, createUnit, getUnit, listUnits, updateUnit } from './units.ts'

/** The units of the fleet as staff keep them, with their service history. */
export const unitsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)
  const admin = { onRequest: [app.requireAdmin] }

  app.get(
    '/admin/fleet/units',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'The units by fleet number: search by fleet number or serial; filter by type, depot, status, service due.',
        querystring: unitListQuerySchema,
        response: { 200: unitListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listUnits(deps, request.query),
  )

  app.get(
    '/admin/fleet/units/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One unit with its service history, newest first.',
        params: recordIdParams,
        response: { 200: unitDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getUnit(deps, request.params.id),
  )

  app.post(
    '/admin/fleet/units',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Add a unit. Its fleet number is unique; "on hire" and "reserved" come from bookings, never typed.',
        body: unitInputSchema,
        response: { 201: unitDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const unit = await createUnit(deps, request.body, userOf(request), auditContextOf(request))
      return reply.code(201).send(unit)
    },
  )

  app.put(
    '/admin/fleet/units/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Save a unit. Send the version you saw: 409 when someone else saved since.',
        params: recordIdParams,
        body: unitInputSchema,
        response: { 200: unitDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateUnit(deps, request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/fleet/units/:id/services',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          "Add an entry to a unit's service history; with nextServiceDue (and the version you saw) it sets the next service.",
        params: recordIdParams,
        body: unitServiceInputSchema,
        response: { 201: unitDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const unit = await addUnitService(
        deps,
        request.params.id,
        request.body,
        userOf(request),
        auditContextOf(request),
      )
      return reply.code(201).send(unit)
    },
  )
}
