import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { BUSY_MESSAGE, ServiceUnavailableError } from '../lib/errors.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** What the load-shedding guard sees (for tests and diagnostics). */
    pressure: { eventLoopDelayMs(): number; inFlight(): number; draining(): boolean }
  }
}

export interface LoadSheddingOptions {
  config: Pick<Config, 'maxEventLoopDelayMs' | 'maxInFlight'>
}

/** How often the event-loop delay is sampled. */
export const SAMPLE_INTERVAL_MS = 250
const RESOLUTION_MS = 10

/** Probes of a load balancer or orchestrator: always answered, so that a busy instance is not killed. */
const EXEMPT = new Set(['/api/health', '/api/ready'])

export { BUSY_MESSAGE }
export const STOPPING_MESSAGE = 'The server is restarting, please try again in a few seconds.'

/**
 * Sheds load instead of falling over: while the event loop lags more than MAX_EVENT_LOOP_DELAY_MS,
 * or more than MAX_IN_FLIGHT requests are in progress, a new request is answered at once with 503,
 * Retry-After and a Message, before its body is read. /api/health and /api/ready are exempt.
 *
 * During a graceful shutdown (app.close(), after SIGTERM) requests already in progress finish and
 * their responses carry `Connection: close`, so that keep-alive clients let go and the process can
 * exit; a new request arriving on an open connection gets the same 503 body as any other.
 */
export const loadSheddingPlugin = fp<LoadSheddingOptions>(
  async (app, { config }) => {
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
    histogram.enable()
    let delayMs = 0
    let expected = performance.now() + SAMPLE_INTERVAL_MS
    const sampler = setInterval(() => {
      const now = performance.now()
      // A loop blocked for longer than the window shows as this timer firing late.
      const late = now - expected
      expected = now + SAMPLE_INTERVAL_MS
      const mean = Number.isNaN(histogram.mean) ? 0 : histogram.mean / 1e6 - RESOLUTION_MS
      delayMs = Math.max(0, late, mean)
      histogram.reset()
    }, SAMPLE_INTERVAL_MS)
    sampler.unref()

    let inFlight = 0
    let draining = false

    app.decorate('pressure', {
      eventLoopDelayMs: () => delayMs,
      inFlight: () => inFlight,
      draining: () => draining,
    })

    // Callback hooks: every request passes them, and an async hook costs a promise each time.
    app.addHook('onRequest', (request, reply, done) => {
      if (draining) {
        reply.header('connection', 'close')
        done(new ServiceUnavailableError(STOPPING_MESSAGE))
        return
      }
      const path = request.url.split('?', 1)[0] ?? ''
      if (!EXEMPT.has(path)) {
        const busy =
          (config.maxEventLoopDelayMs > 0 && delayMs > config.maxEventLoopDelayMs) ||
          (config.maxInFlight > 0 && inFlight >= config.maxInFlight)
        if (busy) {
          request.log.warn({ eventLoopDelayMs: Math.round(delayMs), inFlight }, 'overloaded; request shed')
          done(new ServiceUnavailableError(BUSY_MESSAGE, { retryAfterSeconds: 2 }))
          return
        }
      }
      inFlight += 1
      reply.raw.once('close', () => {
        inFlight -= 1
      })
      done()
    })

    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) reply.header('connection', 'close')
      done(null, payload)
    })

    app.addHook('preClose', async () => {
      draining = true
    })
    app.addHook('onClose', async () => {
      clearInterval(sampler)
      histogram.disable()
    })
  },
  { name: 'load-shedding' },
)
