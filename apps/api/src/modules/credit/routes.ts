import { internalNoteSchema, MAX_RECORD_ID, noteInputSchema } from '@signalway/shared/back-office'
import { creditPayloadSchema } from '@signalway/shared/credit'
import {
  creditDraftOpenSchema,
  creditDraftSavedSchema,
  creditDraftSaveSchema,
  creditDraftSchema,
} from '@signalway/shared/credit/drafts'
import {
  creditApplicationDetailSchema,
  creditApplicationListQuerySchema,
  creditApplicationListSchema,
  creditDecisionSchema,
} from '@signalway/shared/credit-admin'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { createLimiter } from '../../lib/rate-limit/limiter.ts'
import { userOf } from '../auth/plugin.ts'
import { auditContextOf } from '../users/audit.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import { createCreditDecisions } from './decisions.ts'
import { createDownloadTokens } from './download-token.ts'
import { createCreditDrafts, deleteExpiredDrafts } from './drafts.ts'
import { createPdfSealer } from './pdf/seal.ts'
import { createCreditService } from './service.ts'

/** The body carries the trust deed (up to 10 MB, as base64 inside a JSON string) and the signatures. */
export const CREDIT_BODY_LIMIT = 15 * 1024 * 1024
/** Per client address. */
export const CREDIT_RATE_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const
/** Saving and opening saved applications, per address. */
export const DRAFT_RATE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const
const DRAFT_SWEEP_MS = 60 * 60 * 1000
/** Saves (each emails its link) per recipient address a day: nobody's inbox is flooded from here. */
export const DRAFT_MAILS_PER_DAY = 20

const pdfResponse = {
  description: 'The signed application (credit-application.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}

/**
 * POST /api/apply-for-credit (public) and, for admins, the list of applications and each
 * stored PDF.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const seal = createPdfSealer(app.config.pdfSeal)
  // Production names its certificate (PDF_SEAL_P12): a wrong password or a file without a key stops the start.
  if (app.config.pdfSeal.p12Path) await seal.identity()
  const credit = createCreditService({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
    seal,
  })
  const decisions = createCreditDecisions({
    db: app.db,
    accountsEmail: app.config.accountsEmail,
    clock: app.clock,
  })
  const downloads = createDownloadTokens(app.config, app.clock)
  const drafts = createCreditDrafts({ db: app.db, siteUrl: app.config.siteUrl, clock: app.clock })
  const draftMails = createLimiter(app, {
    name: 'credit-draft-mail',
    max: DRAFT_MAILS_PER_DAY,
    windowMs: 24 * 60 * 60 * 1000,
  })
  // The body as received, before the schema turns its JSON strings into data: the digest is of it.
  const wireBodies = new WeakMap<FastifyRequest, unknown>()

  app.post(
    '/apply-for-credit',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: CREDIT_RATE_LIMIT },
      preValidation: async (request) => {
        wireBodies.set(request, request.body)
      },
      schema: {
        tags: ['credit'],
        summary: 'Submit an application for credit; answers the signed application as a PDF.',
        body: creditPayloadSchema,
        response: { 200: pdfResponse, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const submitted = await credit.submit({
        wire: wireBodies.get(request),
        data: request.body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      })
      // The confirmation page's "Download the PDF again" link (a short-lived token, this tab only).
      const download = await downloads.issue(submitted.id)
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="credit-application.pdf"')
        .header('cache-control', 'no-store')
        .header('x-application-reference', submitted.reference)
        .header('x-pdf-download-token', download.token)
        .header('x-pdf-download-expires', download.expiresAt.toISOString())
        .send(Buffer.from(submitted.pdf.buffer, submitted.pdf.byteOffset, submitted.pdf.byteLength) as never)
    },
  )

  app.post(
    '/apply-for-credit/drafts',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: DRAFT_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary:
          'Save an application to continue later (issue 16): everything in the form, files and signatures included. ' +
          'The link to continue is emailed; with the token of a saved application, that one is saved again.',
        body: creditDraftSaveSchema,
        response: { 201: creditDraftSavedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      // Each save emails its link: an address gets at most DRAFT_MAILS_PER_DAY, whoever asks.
      await draftMails.enforce(request.body.email.trim().toLowerCase())
      return reply.code(201).send(await drafts.save(request.body))
    },
  )

  app.post(
    '/apply-for-credit/drafts/open',
    {
      config: { rateLimit: DRAFT_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary:
          'A saved application, by the token of its link (sent in the body so that no log keeps it); 404 for an ' +
          'unknown or replaced link, 410 for an expired one.',
        body: creditDraftOpenSchema,
        response: { 200: creditDraftSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => drafts.open(request.body.token),
  )

  app.post(
    '/apply-for-credit/drafts/discard',
    {
      config: { rateLimit: DRAFT_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary: 'Delete a saved application once it has been submitted (204 whether or not it was there).',
        body: creditDraftOpenSchema,
        response: { 204: z.null(), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await drafts.discard(request.body.token)
      return reply.code(204).send(null)
    },
  )

  // Expired drafts go, with their files and signatures: now and then on every instance (a delete is the same
  // whoever runs it).
  let sweeper: NodeJS.Timeout | undefined
  const sweep = async () => {
    try {
      const deleted = await deleteExpiredDrafts(app.db, app.clock())
      if (deleted > 0) app.log.info({ deleted }, 'expired credit application drafts deleted')
    } catch (error) {
      app.log.warn({ err: error }, 'expired credit application drafts could not be deleted')
    }
  }
  app.addHook('onReady', async () => {
    await sweep()
    sweeper = setInterval(() => void sweep(), DRAFT_SWEEP_MS)
    sweeper.unref()
  })
  app.addHook('onClose', async () => clearInterval(sweeper))

  app.get(
    '/apply-for-credit/pdf',
    {
      config: { rateLimit: CREDIT_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary: 'The PDF of an application just submitted in this browser, again (for 30 minutes).',
        description:
          'Public, with the token the submit answered in X-PDF-Download-Token; 401 when it is missing, ' +
          'wrong or expired.',
        querystring: z.object({ token: z.string().min(1).max(4096) }),
        response: { 200: pdfResponse, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request, reply) => {
      const id = await downloads.verify(request.query.token)
      const { data } = await credit.getPdf(id)
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="credit-application.pdf"')
        .header('cache-control', 'no-store')
        .send(data as never)
    },
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
    async (request) => decisions.get(request.params.reference),
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
          'is emailed when the status becomes More information needed, Approved or Declined.',
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
