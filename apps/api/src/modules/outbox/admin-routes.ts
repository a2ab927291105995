import { outboxItemSchema, outboxListQuerySchema, outboxListSchema } from '@signalway/shared/outbox'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createOutboxAdminService } from './admin-service.ts'

/**
 * Admin only: the mail that could not be delivered, so that staff can see it and send it again.
 * GET /api/admin/outbox?status=failed (the default) and POST /api/admin/outbox/:id/retry.
 */
export const outboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const outbox = createOutboxAdminService({ db: app.db, clock: app.clock })

  app.get(
    '/admin/outbox',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Outgoing mail of one status, newest first (default: failed).',
        security: [{ bearer: [] }],
        querystring: outboxListQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { status, page, pageSize } = request.query
      return outbox.list(status, { page, pageSize })
    },
  )

  app.post(
    '/admin/outbox/:id/retry',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Queue a failed message again, due now, with a fresh set of attempts.',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: outboxItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => outbox.retry(request.params.id),
  )
}
