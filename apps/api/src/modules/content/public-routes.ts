import { newsItemSchema, pageSchema, pageSummarySchema } from '@signalway/shared/content'
import { faqSchema } from '@signalway/shared/faqs'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createFaqsService } from './faqs.ts'
import { findMedia } from './media-repository.ts'
import { changesOf, pageNameParams } from './route-options.ts'
import { createContentService } from './service.ts'

/** What the public site reads: content pages, published news, the FAQ and uploaded images. */
export const publicContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = createContentService({ db: app.db })
  const faqs = createFaqsService(changesOf(app))

  app.get(
    '/pages/:name',
    {
      schema: {
        tags: ['content'],
        summary: 'A generic content page by name (the lower-cased path without its slashes).',
        params: pageNameParams,
        response: { 200: pageSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => content.getPage(request.params.name),
  )

  app.get(
    '/pages',
    {
      schema: {
        tags: ['content'],
        summary: "Every content page's address and when it was last saved (the sitemap lists them).",
        response: { 200: z.array(pageSummarySchema) },
      },
    },
    async () => content.listPages(),
  )

  app.get(
    '/news',
    {
      schema: {
        tags: ['content'],
        summary: 'The published news items, newest first.',
        response: { 200: z.array(newsItemSchema) },
      },
    },
    async () => content.listNews(),
  )

  app.get(
    '/news/:slug',
    {
      schema: {
        tags: ['content'],
        summary: "A published news item by its slug (the end of its page's address).",
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: newsItemSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => content.getNewsItem(request.params.slug),
  )

  app.get(
    '/faqs',
    {
      schema: {
        tags: ['content'],
        summary: "The FAQ, in the page's order (category, then place), answers rendered from Markdown.",
        response: { 200: z.array(faqSchema) },
      },
    },
    async () => faqs.listPublic(),
  )

  app.get(
    '/media/:file',
    {
      schema: {
        tags: ['content'],
        summary: 'An uploaded image at one of its sizes (WebP), e.g. /api/media/<id>-800.webp.',
        params: z.object({ file: z.string().regex(/^[0-9a-f]{32}-\d{2,4}\.webp$/) }),
        response: {
          200: {
            description: 'The image, WebP.',
            content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const [id = '', width = ''] = request.params.file.replace(/\.webp$/, '').split('-')
      const media = await findMedia(app.db, id, Number(width))
      if (!media) throw new NotFoundError('Image not found.')
      // The name is random and never reused for other bytes: it can be kept for ever.
      return reply
        .type(media.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(media.data as never)
    },
  )
}
