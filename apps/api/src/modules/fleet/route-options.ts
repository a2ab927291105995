import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ADMIN_ONLY } from '../users/service.ts'
import type { FleetDeps } from './types.ts'

/** What the fleet module's route plugins share. */

/** The OpenAPI description of a route only an administrator may call. */
export const adminSchema = { tags: ['admin'], description: ADMIN_ONLY, security: [{ bearer: [] }] }

/** A type or unit by its id. */
export const recordIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

export function fleetDepsOf(app: FastifyInstance): FleetDeps {
  return { db: app.db, clock: app.clock }
}
