import { addressSuggestQuerySchema, addressSuggestResponseSchema } from '@signalway/shared/address-suggest'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { loadLocalityIndex } from './localities.ts'
import { createAddressService } from './service.ts'

/**
 * Per IP: the web client debounces (about 4 requests a second while someone types without a
 * pause), so a person filling in a few addresses stays far below this; a scraper does not.
 */
export const ADDRESS_SUGGEST_RATE_LIMIT = { max: 120, timeWindow: 60_000 }

/**
 * GET /api/address/suggest?q= (ours), public: the default provider of the web app's address
 * autocomplete. Australian localities only, from an offline data set; see service.ts.
 */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const addresses = createAddressService({ log: app.log })

  // Read once the server listens (never under inject, so not in the API tests), not by the first request that
  // needs it: a quote naming its site (the acknowledgement names a suburb of the list) would otherwise wait for it.
  app.addHook('onListen', async () => {
    loadLocalityIndex().catch((error: unknown) =>
      app.log.error({ err: error }, 'the locality data could not be read'),
    )
  })

  app.get(
    '/address/suggest',
    {
      config: { rateLimit: ADDRESS_SUGGEST_RATE_LIMIT },
      schema: {
        tags: ['address'],
        summary: 'Up to 8 Australian localities (suburb, state, post code) for a suburb or post code prefix.',
        description:
          "Public. q: a suburb prefix ('lav'), a post code prefix ('302') or both ('Laverton VIC 3028'); " +
          'fewer than 2 letters or digits give no suggestions. 429 when one address asks too often.',
        querystring: addressSuggestQuerySchema,
        response: { 200: addressSuggestResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      // The data set changes only with a new release of the package.
      reply.header('cache-control', 'public, max-age=3600')
      return { suggestions: await addresses.suggest(request.query.q) }
    },
  )
}
