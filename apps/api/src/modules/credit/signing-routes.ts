import {
  signerActionSchema,
  signerEmailSchema,
  signingApplicationSchema,
  signingStartedSchema,
  signingStartSchema,
  signingStatusSchema,
  signingTokenSchema,
} from '@signalway/shared/credit/signing'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import {
  CREDIT_BODY_LIMIT,
  CREDIT_RATE_LIMIT,
  pdfResponse,
  SIGNING_RATE_LIMIT,
  SIGNING_STATUS_RATE_LIMIT,
} from './route-limits.ts'
import type { CreditSigning } from './signing.ts'

/**
 * Remote signing, the side of the person completing: sending an application for signing (or a change to it),
 * and its status page. Every token travels in a body, never in a path or query.
 */
export const signingRoutes: FastifyPluginAsyncZod<{ signing: CreditSigning }> = async (app, { signing }) => {
  // The application as received, before the schema turns its JSON strings into data: the digest is of it.
  const wireBodies = new WeakMap<FastifyRequest, unknown>()

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
          'Send the application for signing: each director, partner or sole trader is emailed a link to ' +
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
}
