import { internalNoteSchema, MAX_RECORD_ID, noteInputSchema } from '@signalway/shared/back-office'
import {
  awaitingSignaturesSchema,
  creditApplicationDetailSchema,
  creditApplicationListQuerySchema,
  creditApplicationListSchema,
  creditDecisionSchema,
} from '@signalway/shared/credit-admin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import type { CreditDecisions } from './decisions.ts'
import { pdfResponse } from './route-limits.ts'
import type { CreditService } from './service.ts'
import type { CreditSigning } from './signing.ts'

export interface AdminRoutesOptions {
  credit: CreditService
  decisions: CreditDecisions
  signing: CreditSigning
}

/** The staff's side, admins only: the applications, each one's decision and notes, and their files. */
export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (
  app,
  { credit, decisions, signing },
) => {
  app.get(
    '/admin/credit-applications/awaiting-signatures',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Applications sent for remote signing and not yet signed by everyone, with their progress.',
        description: ADMIN_ONLY,
        security: [{ bearer: [] }],
        response: { 200: awaitingSignaturesSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: await signing.awaiting() }),
  )

  app.get(
    '/admin/credit-applications',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary:
          'Credit applications, newest first; filter by status and assignee, search by business name, ABN or reference.',
        security: [{ bearer: [] }],
        querystring: creditApplicationListQuerySchema,
        response: { 200: creditApplicationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { search, status, assignee, page, pageSize } = request.query
      return { ...(await credit.list({ search, status, assignee, page, pageSize })), page, pageSize }
    },
  )

  const referenceParams = z.object({ reference: z.string().trim().min(1).max(40) })

  app.get(
    '/admin/credit-applications/:reference',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "One application's decision, assignee, internal notes and history of changes.",
        description: `${ADMIN_ONLY} 404 for an unknown reference.`,
        security: [{ bearer: [] }],
        params: referenceParams,
        response: { 200: creditApplicationDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => decisions.get(request.params.reference, userOf(request)),
  )

  app.patch(
    '/admin/credit-applications/:reference',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Record a decision: status, assignee, credit limit and payment terms.',
        description:
          `${ADMIN_ONLY} Send the version you saw: 409 when someone else saved since. Approving needs a credit ` +
          'limit (payment terms default to 30 days); More information needed needs the question. The applicant ' +
          'is emailed when the status becomes More information needed, Approved or Declined. 403 on an ' +
          "administrator's own application (sent from their account or with their address): another member " +
          'of staff decides it, and nothing changes.',
        security: [{ bearer: [] }],
        params: referenceParams,
        body: creditDecisionSchema,
        response: { 200: creditApplicationDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      decisions.decide(userOf(request), request.params.reference, request.body, auditContextOf(request)),
  )

  app.post(
    '/admin/credit-applications/:reference/notes',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'Add an internal note (staff only; never shown to the applicant).',
        description: ADMIN_ONLY,
        security: [{ bearer: [] }],
        params: referenceParams,
        body: noteInputSchema,
        response: { 201: internalNoteSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const note = await decisions.addNote(
        userOf(request),
        request.params.reference,
        request.body.body,
        auditContextOf(request),
      )
      return reply.code(201).send(note)
    },
  )

  app.get(
    '/admin/credit-applications/:id/pdf',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: 'The signed PDF of one credit application.',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { reference, data } = await credit.getPdf(request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-application-${reference}.pdf"`)
        .header('cache-control', 'no-store')
        .send(data as never)
    },
  )

  app.get(
    '/admin/credit-applications/:id/trust-deed',
    {
      onRequest: [app.requireAdmin],
      schema: {
        tags: ['admin'],
        summary: "A trust's deed as it was uploaded (its pages are also in the signed PDF).",
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().min(1).max(MAX_RECORD_ID) }),
        response: { 200: pdfResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { reference, data } = await credit.getTrustDeed(request.params.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="trust-deed-${reference}.pdf"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data as never)
    },
  )
}
