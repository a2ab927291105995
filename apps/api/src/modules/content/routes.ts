import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import { newsItemSchema, pageSchema, pageSummarySchema } from '@signalway/shared/content'
import {
  faqAdminItemSchema,
  faqDeleteQuerySchema,
  faqInputSchema,
  faqMoveSchema,
  faqSchema,
} from '@signalway/shared/faqs'
import {
  imageUploadSchema,
  markdownPreviewInputSchema,
  markdownPreviewSchema,
  newsAdminItemSchema,
  newsAdminSummarySchema,
  newsInputSchema,
  pageAdminItemSchema,
  pageAdminSummarySchema,
  pageCreateSchema,
  pageInputSchema,
  uploadedImageSchema,
} from '@signalway/shared/publishing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { NotFoundError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import { createFaqsService } from './faqs.ts'
import { storeNewsImage } from './media.ts'
import { findMedia } from './media-repository.ts'
import { createPagesService } from './pages.ts'
import { createPublishingService } from './publishing.ts'
import { createContentService } from './service.ts'

/** An image upload is sent as base64 (a third larger than the file) inside JSON. */
export const IMAGE_UPLOAD_BODY_LIMIT = 12 * 1024 * 1024

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const content = createContentService({ db: app.db })
  // Each change to what the public sees raises app.contentChanged once committed (./plugin.ts).
  const changes = { db: app.db, clock: app.clock, contentChanged: app.contentChanged }
  const publishing = createPublishingService(changes)
  const pages = createPagesService(changes)
  const faqs = createFaqsService(changes)

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

  const newsParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })
  const admin = { onRequest: [app.requireAdmin] }
  const adminSchema = { tags: ['admin'], description: ADMIN_ONLY, security: [{ bearer: [] }] }

  app.get(
    '/admin/news',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Every news item, drafts included, newest first.',
        response: { 200: z.array(newsAdminSummarySchema), ...errorResponses(401, 403) },
      },
    },
    async () => publishing.listNews(),
  )

  app.get(
    '/admin/news/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One news item as the editor shows it (Markdown body, version).',
        params: newsParams,
        response: { 200: newsAdminItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => publishing.getNews(request.params.id),
  )

  app.post(
    '/admin/news',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Create a news item (a draft, or published at once).',
        body: newsInputSchema,
        response: { 201: newsAdminItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const item = await publishing.createNews(request.body, userOf(request), auditContextOf(request))
      return reply.code(201).send(item)
    },
  )

  app.put(
    '/admin/news/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Save a news item. Send the version you saw: 409 when someone else saved since.',
        params: newsParams,
        body: newsInputSchema,
        response: { 200: newsAdminItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      publishing.updateNews(request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/media',
    {
      ...admin,
      bodyLimit: IMAGE_UPLOAD_BODY_LIMIT,
      schema: {
        ...adminSchema,
        summary:
          'Upload an image (PNG, JPEG or WebP, told by its bytes): it is re-encoded as WebP at the sizes the pages use.',
        body: imageUploadSchema,
        response: { 201: uploadedImageSchema, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const actor = userOf(request)
      const image = await storeNewsImage(app.db, request.body.dataUrl, Number(actor.id), app.clock())
      return reply.code(201).send(image)
    },
  )

  const pageParams = z.object({ name: z.string().min(1).max(200) })

  app.get(
    '/admin/pages',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Every content page, with the privacy policy and website terms even before they are first saved.',
        response: { 200: z.array(pageAdminSummarySchema), ...errorResponses(401, 403) },
      },
    },
    async () => pages.list(),
  )

  app.get(
    '/admin/pages/:name',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'One content page as the editor shows it (Markdown, version; a nested name with an encoded slash).',
        params: pageParams,
        response: { 200: pageAdminItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => pages.get(request.params.name),
  )

  app.post(
    '/admin/pages',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Create a content page at an address the site does not use.',
        body: pageCreateSchema,
        response: { 201: pageAdminItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const page = await pages.create(request.body, userOf(request), auditContextOf(request))
      return reply.code(201).send(page)
    },
  )

  app.put(
    '/admin/pages/:name',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Save a content page. Send the version you saw: 409 when someone else saved since.',
        params: pageParams,
        body: pageInputSchema,
        response: { 200: pageAdminItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      pages.save(request.params.name, request.body, userOf(request), auditContextOf(request)),
  )

  const faqParams = z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

  app.get(
    '/admin/faqs',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: "Every question of the FAQ as staff edit it, in the page's order.",
        response: { 200: z.array(faqAdminItemSchema), ...errorResponses(401, 403) },
      },
    },
    async () => faqs.list(),
  )

  app.get(
    '/admin/faqs/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'One question as the editor shows it (Markdown answer, version).',
        params: faqParams,
        response: { 200: faqAdminItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => faqs.get(request.params.id),
  )

  app.post(
    '/admin/faqs',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Add a question (last in its category).',
        body: faqInputSchema,
        response: { 201: faqAdminItemSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const faq = await faqs.create(request.body, userOf(request), auditContextOf(request))
      return reply.code(201).send(faq)
    },
  )

  app.put(
    '/admin/faqs/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Save a question. Send the version you saw: 409 when someone else saved since.',
        params: faqParams,
        body: faqInputSchema,
        response: { 200: faqAdminItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => faqs.update(request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.post(
    '/admin/faqs/:id/move',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Move a question one place up or down within its category; answers the list in its new order.',
        params: faqParams,
        body: faqMoveSchema,
        response: { 200: z.array(faqAdminItemSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => faqs.move(request.params.id, request.body, userOf(request), auditContextOf(request)),
  )

  app.delete(
    '/admin/faqs/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Delete a question. Send the version you saw: 409 when someone else saved since.',
        params: faqParams,
        querystring: faqDeleteQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await faqs.remove(request.params.id, request.query.version, userOf(request), auditContextOf(request))
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/admin/markdown-preview',
    {
      ...admin,
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
