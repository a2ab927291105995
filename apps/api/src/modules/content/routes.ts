import { newsItemSchema, pageSchema } from '@signalway/shared/content'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createContentService } from './service.ts'

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = createContentService({ db: app.db })

  app.get(
    '/pages/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'A generic content page by name (the lower-cased path without its slashes).',
        params: z.object({ name: z.string().min(1).max(200) }),
        response: { 200: pageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => content.getPage(request.params.name),
  )

  app.get(
    '/news',
    {
      schema: {
        tags: ['content'],
        summary: 'News items, newest first.',
        response: { 200: z.array(newsItemSchema) },
      },
    },
    async () => content.listNews(),
  )
}
