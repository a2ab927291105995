import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ADMIN_ONLY } from '../users/service.ts'

/** What the content module's route plugins share. */

/** The OpenAPI description of a route only an administrator may call. */
export const adminSchema = { tags: ['admin'], description: ADMIN_ONLY, security: [{ bearer: [] }] }

/** A news item or question by its id. */
export const recordIdParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/** A content page by its name (the lower-cased path without its slashes; a nested one with an encoded slash). */
export const pageNameParams = z.object({ name: z.string().min(1).max(200) })

/** What a service that changes content is built with: each change the public sees raises app.contentChanged once committed (./plugin.ts). */
export function changesOf(app: FastifyInstance) {
  return { db: app.db, clock: app.clock, contentChanged: app.contentChanged }
}
