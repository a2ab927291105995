import type { FastifyPluginAsync } from 'fastify'
import { depotsAdminRoutes } from './depots-admin-routes.ts'
import { labelsAdminRoutes } from './labels-admin-routes.ts'
import { publicFleetRoutes } from './public-routes.ts'
import { typesAdminRoutes } from './types-admin-routes.ts'
import { unitsAdminRoutes } from './units-admin-routes.ts'
import { unitsCsvAdminRoutes } from './units-csv-admin-routes.ts'

/**
 * The fleet module's routes (ADR 042): what the public site reads (the catalogue, a unit's label page), then what
 * staff keep (types, units and their service history, depots and availability), then the QR label sheet and the
 * units' CSV (ADR 043). Each group is its own plugin.
 */
export const fleetRoutes: FastifyPluginAsync = async (app) => {
  await app.register(publicFleetRoutes)
  await app.register(typesAdminRoutes)
  await app.register(unitsAdminRoutes)
  await app.register(depotsAdminRoutes)
  await app.register(labelsAdminRoutes)
  await app.register(unitsCsvAdminRoutes)
}
