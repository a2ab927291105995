import { markdownPreviewInputSchema, markdownPreviewSchema } from '@signalway/shared/publishing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createPublishingService } from './publishing.ts'
import { adminSchema, changesOf } from './route-options.ts'

/** The preview every editor (news, pages, questions) shows beside its Markdown. */
export const markdownPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const publishing = createPublishingService(changesOf(app))

  app.post(
    '/admin/markdown-preview',
    {
      onRequest: [app.requireAdmin],
      schema: {
        ...adminSchema,
        summary: 'Markdown rendered as the public site will show it (raw HTML shown as text).',
        body: markdownPreviewInputSchema,
        response: { 200: markdownPreviewSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => publishing.preview(request.body.markdown),
  )
}
