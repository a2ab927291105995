import fastifyRateLimit from '@fastify/rate-limit'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { TooManyRequestsError } from '../lib/errors.ts'
import type { RateLimitCounter } from '../lib/rate-limit/counter.ts'
import { createDatabaseCounter } from '../lib/rate-limit/database-counter.ts'
import { rateLimitStore } from '../lib/rate-limit/fastify-store.ts'
import { createRedisCounter } from '../lib/rate-limit/redis-counter.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared counter store; see lib/rate-limit/limiter.ts for service-level limits. */
    rateLimitCounter: RateLimitCounter
  }
}

export interface RateLimitPluginOptions {
  config: Config
}

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`). Counters live
 * in Redis when configured, else in the database, so that every instance shares them.
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, { config }) => {
    const counter = app.redis
      ? createRedisCounter(app.redis, `${config.redisKeyPrefix}rl:`)
      : createDatabaseCounter(app.db, app.clock)
    app.decorate('rateLimitCounter', counter)

    // Every route limit counts per address; RATE_LIMIT_FACTOR scales them all in one place.
    if (config.rateLimitFactor !== 1) {
      app.log.warn({ rateLimitFactor: config.rateLimitFactor }, 'per-address rate limits are scaled')
      app.addHook('onRoute', (route) => {
        const limit = route.config?.rateLimit
        if (limit && typeof limit === 'object' && typeof limit.max === 'number') {
          // A copy: several routes may share one limit object.
          route.config = { ...route.config, rateLimit: { ...limit, max: limit.max * config.rateLimitFactor } }
        }
      })
    }

    // @fastify/rate-limit pushes its hook onto the route's own hook array. Routes often share one array
    // (`const signedIn = { onRequest: [app.authenticate] }` spread into each): without a copy, every route of
    // the plugin would run every other route's limit, counted under theirs.
    app.addHook('onRoute', (route) => {
      if (!route.config?.rateLimit) return
      for (const hook of ['onRequest', 'preHandler', 'preValidation', 'preParsing'] as const) {
        const handlers = route[hook]
        if (Array.isArray(handlers)) route[hook] = [...handlers] as never
      }
    })

    await app.register(fastifyRateLimit, {
      global: false,
      store: rateLimitStore(counter),
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsError(Math.max(1, Math.ceil(context.ttl / 1000))),
    })
  },
  { name: 'rate-limit', dependencies: ['database', 'redis'] },
)
