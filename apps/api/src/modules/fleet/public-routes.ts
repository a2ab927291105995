import { equipmentTypeListQuerySchema, equipmentTypeSchema, publicUnitSchema } from '@signalway/shared/fleet'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { fleetDepsOf } from './route-options.ts'
import { getPublicType, listPublicTypes } from './types.ts'
import { getPublicUnit } from './units.ts'

/** What the public site reads of the fleet: the catalogue (rates only where public) and a unit's label page. */
export const publicFleetRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = fleetDepsOf(app)

  app.get(
    '/equipment-types',
    {
      schema: {
        tags: ['fleet'],
        summary:
          'The equipment types, by service then name; rates in integer cents ex GST, null when "Price on application".',
        querystring: equipmentTypeListQuerySchema,
        response: { 200: z.array(equipmentTypeSchema), ...errorResponses(400) },
      },
    },
    async (request) => listPublicTypes(deps, request.query.service),
  )

  app.get(
    '/equipment-types/:slug',
    {
      schema: {
        tags: ['fleet'],
        summary: "An equipment type by its slug (the end of its page's address).",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: equipmentTypeSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPublicType(deps, request.params.slug),
  )

  app.get(
    '/equipment/:fleetNumber',
    {
      schema: {
        tags: ['fleet'],
        summary:
          "A unit's public page (its label's QR code): fleet number, type and the 24/7 number; nothing about any hire.",
        params: z.object({ fleetNumber: z.string().min(1).max(40) }),
        response: { 200: publicUnitSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => getPublicUnit(deps, request.params.fleetNumber),
  )
}
