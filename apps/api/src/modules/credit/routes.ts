import { internalNoteSchema, MAX_RECORD_ID, noteInputSchema } from '@signalway/shared/back-office'
import { creditPayloadSchema } from '@signalway/shared/credit'
import {
  creditDraftOpenSchema,
  creditDraftSavedSchema,
  creditDraftSaveSchema,
  creditDraftSchema,
} from '@signalway/shared/credit/drafts'
import {
  declineSchema,
  signedSchema,
  signerActionSchema,
  signerEmailSchema,
  signingApplicationSchema,
  signingRequestViewSchema,
  signingStartedSchema,
  signingStartSchema,
  signingStatusSchema,
  signingTokenSchema,
  signSchema,
} from '@signalway/shared/credit/signing'
import {
  awaitingSignaturesSchema,
  creditApplicationDetailSchema,
  creditApplicationListQuerySchema,
  creditApplicationListSchema,
  creditDecisionSchema,
} from '@signalway/shared/credit-admin'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { ADMIN_ONLY } from '../users/service.ts'
import { createCreditDecisions } from './decisions.ts'
import { createDownloadTokens } from './download-token.ts'
import { createCreditDrafts, deleteExpiredDrafts } from './drafts.ts'
import { pruneMailLog } from './mail-limits.ts'
import { createPdfSealer } from './pdf/seal.ts'
import { createCreditService } from './service.ts'
import { createCreditSigning } from './signing.ts'

/** The body carries the trust deed (up to 10 MB, as base64 inside a JSON string) and the signatures. */
export const CREDIT_BODY_LIMIT = 15 * 1024 * 1024
/** Per client address. */
export const CREDIT_RATE_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const
/** Saving and opening saved applications, per address. */
export const DRAFT_RATE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const
const DRAFT_SWEEP_MS = 60 * 60 * 1000
/** Reading, signing and following remote signatures (issue 16), per address. */
export const SIGNING_RATE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000 } as const
/** The status page, which looks again every two minutes while it is open. */
export const SIGNING_STATUS_RATE_LIMIT = { max: 120, timeWindow: 60 * 60 * 1000 } as const
/** How often each instance looks for reminders due, submissions to retry and signings expired. */
const SIGNING_SWEEP_MS = 10 * 60 * 1000

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
  const signing = createCreditSigning({
    db: app.db,
    siteUrl: app.config.siteUrl,
    clock: app.clock,
    credit,
    log: app.log,
  })
  // The body as received, before the schema turns its JSON strings into data: the digest is of it.
  const wireBodies = new WeakMap<FastifyRequest, unknown>()

  app.post(
    '/apply-for-credit',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: CREDIT_RATE_LIMIT },
      // Sent while signed in: the application belongs to that account (issue 17).
      onRequest: [app.identify],
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
        userId: request.user ? Number(request.user.id) : null,
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
          'The link to continue is emailed; with the token of a saved application, that one is saved again. 429 ' +
          'when the address has been sent its daily number of links (nothing is saved).',
        body: creditDraftSaveSchema,
        response: { 201: creditDraftSavedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => reply.code(201).send(await drafts.save(request.body)),
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

  /* ---------- Remote signing (issue 16): every token travels in a body, never in a path or query ---------- */

  app.post(
    '/apply-for-credit/signing',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: CREDIT_RATE_LIMIT },
      onRequest: [app.identify],
      preValidation: async (request) => {
        const body = request.body as { application?: unknown } | undefined
        wireBodies.set(request, body?.application)
      },
      schema: {
        tags: ['credit'],
        summary:
          'Send the application for signing (issue 16): each director, partner or sole trader is emailed a link to ' +
          'sign on their own device, and the person completing a link to the status page. With the status ' +
          "page's token, applies a change: a signature made on a different text is asked for again. Each signer " +
          'needs their own address (400); 429 when an address has been sent its daily number of requests or links.',
        body: signingStartSchema,
        response: { 201: signingStartedSchema, ...errorResponses(400, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const started = await signing.start({
        wire: wireBodies.get(request),
        data: request.body.application,
        completerEmail: request.body.completerEmail,
        statusToken: request.body.statusToken,
        client: { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        userId: request.user ? Number(request.user.id) : null,
      })
      return reply.code(201).send(started)
    },
  )

  const signingRoute = { config: { rateLimit: SIGNING_RATE_LIMIT } }

  app.post(
    '/apply-for-credit/signing/status',
    {
      config: { rateLimit: SIGNING_STATUS_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary: 'The status page: who has signed, who has not; 404 for an unknown or expired link.',
        body: signingTokenSchema,
        response: { 200: signingStatusSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => signing.status(request.body.token),
  )

  app.post(
    '/apply-for-credit/signing/application',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary: "The application's values, to change it from the status page (409 once it is submitted).",
        body: signingTokenSchema,
        response: { 200: signingApplicationSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => signing.application(request.body.token),
  )

  app.post(
    '/apply-for-credit/signing/resend',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary:
          'Send a signer a new request (a declined signer is asked again); 429 when their address has been sent ' +
          'its daily number of requests.',
        body: signerActionSchema,
        response: { 200: signingStatusSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => signing.resend(request.body.token, request.body.signerId),
  )

  app.post(
    '/apply-for-credit/signing/email',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary:
          "Change a signer's email: the links sent to the old address stop working, and a new one goes. 400 for " +
          "another signer's address; 429 when the address has been sent its daily number of requests.",
        body: signerEmailSchema,
        response: { 200: signingStatusSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => signing.changeEmail(request.body.token, request.body.signerId, request.body.email),
  )

  app.post(
    '/apply-for-credit/signing/pdf',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary: 'The signed PDF, once everyone has signed (from the status page).',
        body: signingTokenSchema,
        response: { 200: pdfResponse, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { reference, data } = await signing.pdf(request.body.token)
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="credit-application-${reference}.pdf"`)
        .header('cache-control', 'no-store')
        .send(data as never)
    },
  )

  app.post(
    '/apply-for-credit/signing/request',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary:
          "A signer's page: what they sign (the application, the terms, the guarantee for a Pty Ltd) and the " +
          'digest of that text; 404 for an unknown or withdrawn link, 410 for an expired one.',
        body: signingTokenSchema,
        response: { 200: signingRequestViewSchema, ...errorResponses(400, 404, 410, 429) },
      },
    },
    async (request) => signing.request(request.body.token),
  )

  app.post(
    '/apply-for-credit/signing/sign',
    {
      ...signingRoute,
      bodyLimit: 5 * 1024 * 1024,
      schema: {
        tags: ['credit'],
        summary:
          'Sign (and, for a Pty Ltd, sign the guarantee). 409 when the text shown is no longer the ' +
          "application's, or the signer has already answered. The last signature submits the application.",
        body: signSchema,
        response: { 200: signedSchema, ...errorResponses(400, 404, 409, 410, 413, 429) },
      },
    },
    async (request) =>
      signing.sign(request.body.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      }),
  )

  app.post(
    '/apply-for-credit/signing/decline',
    {
      ...signingRoute,
      schema: {
        tags: ['credit'],
        summary:
          'Decline to sign (the person completing is emailed a notice without the reason; the status page shows it).',
        body: declineSchema,
        response: { 204: z.null(), ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      await signing.decline(request.body.token, request.body.reason)
      return reply.code(204).send(null)
    },
  )

  // Reminders, retried submissions and expired signings: every instance looks now and then; each reminder is
  // claimed by one (a conditional update), so it goes once.
  let signingSweeper: NodeJS.Timeout | undefined
  const signingSweep = async () => {
    try {
      const reminded = await signing.sendReminders()
      const submitted = await signing.retrySubmissions()
      const deleted = await signing.deleteExpired()
      await pruneMailLog(app.db, app.clock())
      if (reminded + submitted + deleted > 0) {
        app.log.info({ reminded, submitted, deleted }, 'remote signing: reminders, submissions and expiries')
      }
    } catch (error) {
      app.log.warn({ err: error }, 'remote signing sweep failed')
    }
  }
  app.addHook('onReady', async () => {
    await signingSweep()
    signingSweeper = setInterval(() => void signingSweep(), SIGNING_SWEEP_MS)
    signingSweeper.unref()
  })
  app.addHook('onClose', async () => clearInterval(signingSweeper))

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
