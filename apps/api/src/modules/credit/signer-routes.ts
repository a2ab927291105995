import {
  declineSchema,
  signedSchema,
  signingRequestViewSchema,
  signingTokenSchema,
  signSchema,
} from '@signalway/shared/credit/signing'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { SIGNING_RATE_LIMIT } from './route-limits.ts'
import type { CreditSigning } from './signing.ts'

/** A signer's page: what they are asked to sign, signing it, or declining to. Each token travels in a body. */
export const signerRoutes: FastifyPluginAsyncZod<{ signing: CreditSigning }> = async (app, { signing }) => {
  const signingRoute = { config: { rateLimit: SIGNING_RATE_LIMIT } }

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
}
