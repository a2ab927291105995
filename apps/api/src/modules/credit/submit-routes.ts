import { creditPayloadSchema } from '@signalway/shared/credit'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import type { DownloadTokens } from './download-token.ts'
import { CREDIT_BODY_LIMIT, CREDIT_RATE_LIMIT, pdfResponse } from './route-limits.ts'
import type { CreditService } from './service.ts'

export interface SubmitRoutesOptions {
  credit: CreditService
  downloads: DownloadTokens
}

/** POST /apply-for-credit (public), and the PDF of an application just submitted, again. */
export const submitRoutes: FastifyPluginAsyncZod<SubmitRoutesOptions> = async (
  app,
  { credit, downloads },
) => {
  // The body as received, before the schema turns its JSON strings into data: the digest is of it.
  const wireBodies = new WeakMap<FastifyRequest, unknown>()

  app.post(
    '/apply-for-credit',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: CREDIT_RATE_LIMIT },
      // Sent while signed in: the application belongs to that account.
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
}
