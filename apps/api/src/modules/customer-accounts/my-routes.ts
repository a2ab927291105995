import { myCustomerAccountDetailSchema, myCustomerAccountsSchema } from '@signalway/shared/customer-accounts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { userOf } from '../auth/plugin.ts'
import { getMyAccount, listMyAccounts } from './portal.ts'
import { accountIdParams } from './route-options.ts'

/**
 * A member's accounts in My Account (requirements §18), beside GET /api/my-account: any signed-in user, who sees
 * only the accounts they are a member of (another's id answers 404).
 */
export const customerAccountsMyRoutes: FastifyPluginAsyncZod = async (app) => {
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }

  app.get(
    '/my-account/customer-accounts',
    {
      onRequest: [app.authenticate],
      schema: {
        ...docs,
        summary: 'The accounts the signed-in user is a member of, with their role, limit and hold.',
        response: { 200: myCustomerAccountsSchema, ...errorResponses(401) },
      },
    },
    async (request) => listMyAccounts(app.db, Number(userOf(request).id)),
  )

  app.get(
    '/my-account/customer-accounts/:id',
    {
      onRequest: [app.authenticate],
      schema: {
        ...docs,
        summary: "One of the signed-in user's accounts; 404 for an account they are not a member of.",
        params: accountIdParams,
        response: { 200: myCustomerAccountDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getMyAccount(app.db, Number(userOf(request).id), request.params.id),
  )
}
