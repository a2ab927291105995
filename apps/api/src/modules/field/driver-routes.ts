import { MAX_RECORD_ID } from '@signalway/shared/back-office'
import {
  DOCKET_BODY_LIMIT,
  docketInputSchema,
  docketReceiptSchema,
  runQuerySchema,
  runSchema,
  runStopDetailSchema,
} from '@signalway/shared/field-operations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../lib/http-schemas.ts'
import { auditContextOf } from '../audit/audit.ts'
import { userOf } from '../auth/plugin.ts'
import { perUser } from '../bookings/route-options.ts'
import type { FieldDeps } from './deps.ts'
import { receiveDocket } from './dockets.ts'
import { getRun, getRunStop } from './runs.ts'

/** Dockets per driver: a long day has a few dozen stops, each sent perhaps a few times from the queue. */
export const DOCKET_RATE_LIMIT = { max: 120, timeWindow: 60 * 60_000 } as const

const DRIVER_ONLY = 'Drivers only: 401 anonymous, 403 for a signed-in user who is not a driver.'
const docs = { tags: ['runs'], description: DRIVER_ONLY, security: [{ bearer: [] }] }

/**
 * The driver's app (ADR 050): their run of a day, one of their stops, and the dockets the phone sends (or queues
 * and sends later). A stop or docket not the driver's is 404.
 */
export const driverRoutes: FastifyPluginAsyncZod<{ deps: FieldDeps }> = async (app, { deps }) => {
  const signedIn = { onRequest: [app.authenticate] }

  app.get(
    '/runs',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary:
          'The driver’s stops of a day (today in their depot’s zone by default) in order, with their stops of earlier days not done.',
        querystring: runQuerySchema,
        response: { 200: runSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => getRun(deps, userOf(request), request.query.date),
  )

  app.get(
    '/runs/stops/:stopId',
    {
      ...signedIn,
      schema: {
        ...docs,
        summary: 'One of the driver’s stops, with its dockets.',
        params: z.object({ stopId: z.coerce.number().int().min(1).max(MAX_RECORD_ID) }),
        response: { 200: runStopDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getRunStop(deps, userOf(request), request.params.stopId),
  )

  app.post(
    '/runs/dockets',
    {
      ...signedIn,
      bodyLimit: DOCKET_BODY_LIMIT,
      config: perUser(DOCKET_RATE_LIMIT),
      schema: {
        ...docs,
        summary:
          'A docket signed on site: 201 when saved now, 200 with the docket saved before when its clientId arrived already (409 when that id is another stop’s).',
        body: docketInputSchema,
        response: {
          200: docketReceiptSchema,
          201: docketReceiptSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { created, docket } = await receiveDocket(
        deps,
        userOf(request),
        request.body,
        auditContextOf(request),
      )
      return reply.code(created ? 201 : 200).send({ docket })
    },
  )
}
