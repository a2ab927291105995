import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import { siteDeleteQuerySchema, siteInputSchema } from '@signalway/shared/customer-account-sites'
import { mySiteSchema } from '@signalway/shared/customer-accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { accountIdParams, depsOf } from './route-options.ts'
import { addSite, listMySites, removeSite, updateSite } from './sites.ts'

const siteParams = accountIdParams.extend({ siteId: z.coerce.number().int().min(1).max(MAX_RECORD_ID) })

/**
 * A customer account's job sites in My Account (requirements §18): every member reads them (a Site supervisor
 * only theirs); an Account admin adds, changes and removes them. 404 for an account the user is not a member of,
 * 403 for a member who is not its Account admin, 409 for a change from an older version.
 */
export const customerAccountSitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = depsOf(app)
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }
  const base = '/my-account/customer-accounts/:id/sites'

  app.get(
    base,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: "The account's job sites the member may see.",
        params: accountIdParams,
        response: {
          200: z.object({ items: z.array(mySiteSchema) }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => ({ items: await listMySites(deps, userOf(request), request.params.id) }),
  )

  app.post(
    base,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Add a job site (Account admins).',
        params: accountIdParams,
        body: siteInputSchema,
        response: { 201: mySiteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const site = await addSite(
        deps,
        userOf(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      )
      return reply.code(201).send(site)
    },
  )

  app.put(
    `${base}/:siteId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          'Save a job site (Account admins). Send the version you saw: 409 when someone else saved since.',
        params: siteParams,
        body: siteInputSchema,
        response: { 200: mySiteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      updateSite(
        deps,
        userOf(request),
        { accountId: request.params.id, siteId: request.params.siteId },
        request.body,
        auditContextOf(request),
      ),
  )

  app.delete(
    `${base}/:siteId`,
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'Remove a job site (Account admins), at the version you saw.',
        params: siteParams,
        querystring: siteDeleteQuerySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeSite(
        deps,
        userOf(request),
        { accountId: request.params.id, siteId: request.params.siteId },
        request.query.version,
        auditContextOf(request),
      )
      return reply.code(204).send(null)
    },
  )
}
