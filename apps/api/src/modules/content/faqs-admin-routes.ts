import {
  faqAdminItemSchema,
  faqDeleteQuerySchema,
  faqInputSchema,
  faqMoveSchema,
} from '@signalway/shared/faqs'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { createFaqsService } from './faqs.ts'
import { adminSchema, changesOf, recordIdParams } from './route-options.ts'

/** The questions of the FAQ as staff edit, order and delete them. */
export const faqsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const faqs = createFaqsService(changesOf(app))
  const admin = { onRequest: [app.requireAdmin] }

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
        params: recordIdParams,
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
        params: recordIdParams,
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
        params: recordIdParams,
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
        params: recordIdParams,
        querystring: faqDeleteQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await faqs.remove(request.params.id, request.query.version, userOf(request), auditContextOf(request))
      return reply.code(204).send(null)
    },
  )
}
