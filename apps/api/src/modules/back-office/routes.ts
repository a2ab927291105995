import { staffMemberSchema } from '@signalway/shared/back-office'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import { listAssignableStaff } from './repository.ts'

/** What every back-office record shares: the staff it can be assigned to (notes are in notes.ts). */
export const backOfficeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/staff',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'The administrators work can be assigned to (not archived), by first name.',
        description: ADMIN_ONLY,
        security: [{ bearer: [] }],
        response: { 200: z.array(staffMemberSchema), ...errorResponses(401, 403) },
      },
    },
    async () => listAssignableStaff(app.db),
  )
}
