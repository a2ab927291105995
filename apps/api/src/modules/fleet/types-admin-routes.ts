import { equipmentTypeAdminSchema, equipmentTypeInputSchema } from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema, fleetDepsOf, recordIdParams } from './route-options.ts'
import { createType, getTypeForAdmin, listTypesForAdmin, updateType } from './types.ts'

/** The catalogue as staff keep it: equipment types with their rates in integer cents. */
export const typesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)
  const admin = { onRequest: [app.requireAdmin] }
  // What the public sees of a type changed: every instance's page cache follows (ADR 038).
  const published = () => app.contentChanged()

  app.get(
    '/admin/fleet/types',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Every equipment type with its rates (integer cents ex GST) and its units that are not retired.',
        response: { 200: z.array(equipmentTypeAdminSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listTypesForAdmin(deps),
  )

  app.get(
    '/admin/fleet/types/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One equipment type as the editor shows it (with its version).',
        params: recordIdParams,
        response: { 200: equipmentTypeAdminSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getTypeForAdmin(deps, request.params.id),
  )

  app.post(
    '/admin/fleet/types',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Add an equipment type. Rates are integer cents ex GST; a fraction of a cent is refused.',
        body: equipmentTypeInputSchema,
        response: { 201: equipmentTypeAdminSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const type = await createType(deps, request.body, userOf(request), auditContextOf(request))
      await published()
      return reply.code(201).send(type)
    },
  )

  app.put(
    '/admin/fleet/types/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Save an equipment type. Send the version you saw: 409 when someone else saved since.',
        params: recordIdParams,
        body: equipmentTypeInputSchema,
        response: { 200: equipmentTypeAdminSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const type = await updateType(
        deps,
        request.params.id,
        request.body,
        userOf(request),
        auditContextOf(request),
      )
      await published()
      return type
    },
  )
}
