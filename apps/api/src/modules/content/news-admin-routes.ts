import {
  imageUploadSchema,
  newsAdminItemSchema,
  newsAdminSummarySchema,
  newsInputSchema,
  uploadedImageSchema,
} from '@signalway/shared/publishing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { storeImage } from './media.ts'
import { createPublishingService } from './publishing.ts'
import { adminSchema, changesOf, recordIdParams } from './route-options.ts'

/** An image upload is sent as base64 (a third larger than the file) inside JSON. */
export const IMAGE_UPLOAD_BODY_LIMIT = 12 * 1024 * 1024

/** The news as staff edit it: drafts and published items, and the images they show. */
export const newsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const publishing = createPublishingService(changesOf(app))
  const admin = { onRequest: [app.requireAdmin] }

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
        params: recordIdParams,
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
        params: recordIdParams,
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
      const image = await storeImage(app.db, request.body.dataUrl, Number(actor.id), app.clock())
      return reply.code(201).send(image)
    },
  )
}
