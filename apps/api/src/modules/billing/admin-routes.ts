import {
  adjustmentNoteInputSchema,
  adjustmentNoteSchema,
  billingRunResultSchema,
  invoiceDetailSchema,
  invoiceIdParamsSchema,
} from '@signalway/shared/invoices'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { adminSchema } from '../fleet/route-options.ts'
import { issueStaffNote } from './adjustment-notes.ts'
import type { BillingDeps } from './deps.ts'
import { adminDocumentPdf, runBillingNow } from './service.ts'
import { invoiceDetail } from './views.ts'

export const documentPdfResponse = {
  description: 'The sealed PDF (INV-000001.pdf or AN-000001.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

export function sendPdf(reply: FastifyReply, file: { data: Buffer; filename: string }) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.data as never)
}

const who = (request: FastifyRequest) => ({ actor: userOf(request), context: auditContextOf(request) })

/**
 * Billing in the admin area (ADR 051), administrators only: the billing run on demand, an invoice with its lines
 * and adjustment notes, a new adjustment note, and the sealed PDFs. The lists belong to the receivables.
 */
export const billingAdminRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  const admin = { onRequest: [app.requireAdmin] }

  app.post(
    '/admin/billing/run',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'Runs the billing run now: every invoice and adjustment note due as at now (audited).',
        response: { 200: billingRunResultSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => runBillingNow(deps, who(request)),
  )

  app.get(
    '/admin/invoices/:id',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary: 'An invoice as issued, with its lines and adjustment notes.',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => invoiceDetail(deps.db, request.params.id),
  )

  app.post(
    '/admin/invoices/:id/adjustment-notes',
    {
      ...admin,
      schema: {
        ...adminSchema,
        summary:
          'Issues an adjustment note against the invoice: lines ex GST and the reason, at most what the invoice still has.',
        params: invoiceIdParamsSchema,
        body: adjustmentNoteInputSchema,
        response: { 201: adjustmentNoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const note = await issueStaffNote(deps, request.params.id, request.body, who(request))
      return reply.code(201).send(note)
    },
  )

  for (const [path, table, what] of [
    ['/admin/invoices/:id/pdf', 'invoices', 'An invoice'],
    ['/admin/adjustment-notes/:id/pdf', 'adjustment_notes', 'An adjustment note'],
  ] as const) {
    app.get(
      path,
      {
        ...admin,
        schema: {
          ...adminSchema,
          summary: `${what}’s sealed PDF (404 until it is made, moments after it is issued).`,
          params: invoiceIdParamsSchema,
          response: { 200: documentPdfResponse, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => sendPdf(reply, await adminDocumentPdf(deps.db, table, request.params.id)),
    )
  }
}
