import { healthSchema, readySchema } from '@signalway/shared/http'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ServiceUnavailableError } from '../../lib/errors.ts'
import { errorResponses } from '../../lib/http-schemas.ts'
import { VERSION } from '../../lib/version.ts'

const PING_TIMEOUT_MS = 2000

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers.',
        response: { 200: healthSchema },
      },
    },
    async () => ({ status: 'ok' as const, version: VERSION }),
  )

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database (and Redis, when configured) answer.',
        response: { 200: readySchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await withTimeout(Promise.all([app.database.ping(), app.redis?.ping()]), PING_TIMEOUT_MS)
      } catch (error) {
        request.log.warn({ err: error }, 'not ready')
        throw new ServiceUnavailableError()
      }
      return { status: 'ready' as const }
    },
  )
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
