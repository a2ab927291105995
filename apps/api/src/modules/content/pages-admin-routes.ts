import {
  pageAdminItemSchema,
  pageAdminSummarySchema,
  pageCreateSchema,
  pageInputSchema,
} from '@signalway/shared/publishing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { createPagesService } from './pages.ts'
import { adminSchema, changesOf, pageNameParams } from './route-options.ts'

/** The content pages as staff edit them. */
export const pagesAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createPagesService(changesOf(app))
  const admin = { onRequest: [app.requireAdmin] }

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
        params: pageNameParams,
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
        params: pageNameParams,
        body: pageInputSchema,
        response: { 200: pageAdminItemSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      pages.save(request.params.name, request.body, userOf(request), auditContextOf(request)),
  )
}
