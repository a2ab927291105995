import { userDetailSchema, userFilterRequestSchema, userFilterResponseSchema } from '@signalway/shared/users'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { ADMIN_ONLY, type UsersService } from './service.ts'

const idParams = z.object({ id: z.string().max(64) })

/** The user list and a user's details. */
export const userReadRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (app, { service }) => {
  const guard = { onRequest: [app.requireAdmin] }
  const security = [{ bearer: [] }]

  app.post(
    '/v1/users/filter',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: 'The user list: by user types and registration dates; optionally a page, a search, a sort.',
        description:
          `${ADMIN_ONLY} Dates are 'YYYY-MM-DD HH:mm:ss' in Australia/Melbourne wall time; '' or ` +
          '1 Jan 1900 means no bound; both bounds are inclusive. Archived users are never listed. ' +
          'Without `page` the answer is the plain list (the specified client); with `page` it is ' +
          '`{ items, total, page, pageSize }`. `search` has the table semantics: whole words, a quoted ' +
          'word exact, the last word a prefix, over first and last name, email and mobile.',
        body: userFilterRequestSchema,
        response: { 200: userFilterResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.filter(request.body)
    },
  )

  app.get(
    '/v1/users/:id',
    {
      ...guard,
      schema: {
        tags: ['users'],
        security,
        summary: "A user's details, with userType (the form's memberType).",
        description: `${ADMIN_ONLY} 404 for an unknown or archived user.`,
        params: idParams,
        response: { 200: userDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return service.detail(request.params.id)
    },
  )
}
