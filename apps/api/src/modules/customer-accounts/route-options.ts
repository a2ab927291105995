import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ADMIN_ONLY } from '../users/service.ts'
import type { CustomerAccountsDeps } from './accounts.ts'

/** What the customer accounts' route plugins share. */

/** The OpenAPI description of a route only an administrator may call. */
export const adminSchema = { tags: ['admin'], description: ADMIN_ONLY, security: [{ bearer: [] }] }

/** An account by its id. */
export const accountIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

export function depsOf(app: FastifyInstance): CustomerAccountsDeps {
  return { db: app.db, clock: app.clock }
}
