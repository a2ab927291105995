import {
  creditDraftOpenSchema,
  creditDraftSavedSchema,
  creditDraftSaveSchema,
  creditDraftSchema,
} from '@signalway/shared/credit/drafts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import type { CreditDrafts } from './drafts.ts'
import { CREDIT_BODY_LIMIT, DRAFT_RATE_LIMIT } from './route-limits.ts'

/** Save an application and continue it later: save, open and discard, each by the token of its link. */
export const draftsRoutes: FastifyPluginAsyncZod<{ drafts: CreditDrafts }> = async (app, { drafts }) => {
  app.post(
    '/apply-for-credit/drafts',
    {
      bodyLimit: CREDIT_BODY_LIMIT,
      config: { rateLimit: DRAFT_RATE_LIMIT },
      schema: {
        tags: ['credit'],
        summary:
          'Save an application to continue later: everything in the form, files and signatures included. ' +
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
}
