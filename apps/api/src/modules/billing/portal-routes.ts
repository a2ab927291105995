import { invoiceIdParamsSchema } from '@signalway/shared/invoices'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { userOf } from '../auth/plugin.ts'
import { documentPdfResponse, sendPdf } from './admin-routes.ts'
import type { BillingDeps } from './deps.ts'
import { portalDocumentPdf } from './service.ts'

/**
 * An invoice's or adjustment note's PDF in My Account (ADR 051): for the account's Account admins and Accounts
 * members; 404 outside the account (as for an unknown document), 403 to its other members.
 */
export const billingPortalRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  const docs = { tags: ['my-account'], security: [{ bearer: [] }] }
  const signedIn = { onRequest: [app.authenticate] }

  for (const [path, table, what] of [
    ['/my-account/invoices/:id/pdf', 'invoices', 'An invoice'],
    ['/my-account/adjustment-notes/:id/pdf', 'adjustment_notes', 'An adjustment note'],
  ] as const) {
    app.get(
      path,
      {
        ...signedIn,
        schema: {
          ...docs,
          summary: `${what}’s sealed PDF, for the account’s Account admins and Accounts.`,
          params: invoiceIdParamsSchema,
          response: { 200: documentPdfResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        sendPdf(reply, await portalDocumentPdf(deps.db, userOf(request), table, request.params.id)),
    )
  }
}
