import type { FastifyPluginAsync } from 'fastify'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
import { BUSY_MESSAGE } from '../../src/plugins/load-shedding.ts'
import { buildTestApp } from '../helpers/build.ts'
import { sealEnv } from '../helpers/seal.ts'

/*
 * Under overload the server answers 503 with Retry-After at once, before reading the body, rather
 * than queueing work until it falls over; probes stay answered. (Figures: npm run bench:load.)
 */

function gatedRoute() {
  let open: () => void = () => {}
  const gate = new Promise<void>((resolve) => {
    open = resolve
  })
  const routes: FastifyPluginAsync = async (app) => {
    app.get('/test/slow', async () => {
      await gate
      return { ok: true }
    })
  }
  return { routes, open }
}

function busyWait(ms: number): void {
  const end = performance.now() + ms
  while (performance.now() < end) {
    // The event loop is blocked, as by a burst of CPU-bound work.
  }
}

describe('load shedding', () => {
  it('sheds requests with 503 while the event loop lags, answers the probes, and recovers', async () => {
    const { app } = await buildTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '300' } })
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)

    busyWait(1000)
    await expect.poll(() => app.pressure.eventLoopDelayMs(), { interval: 5 }).toBeGreaterThan(300)
    const shed = await app.inject({ method: 'GET', url: '/api/news' })
    expect(shed.statusCode).toBe(503)
    expect(shed.headers['retry-after']).toBe('2')
    expect(shed.headers['content-security-policy']).toContain("default-src 'none'")
    expect(shed.json()).toEqual({ Message: BUSY_MESSAGE, requestId: expect.any(String) })
    const body = await app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'x' } })
    expect(body.statusCode).toBe(503)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)

    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/news' })).statusCode, {
        timeout: 10_000,
      })
      .toBe(200)
  })

  it('sheds requests beyond MAX_IN_FLIGHT in progress, and takes them again as those finish', async () => {
    const { routes, open } = gatedRoute()
    const { app } = await buildTestApp({ env: { MAX_IN_FLIGHT: '2' }, build: { routes: [routes] } })

    const slow = [1, 2].map(() => app.inject({ method: 'GET', url: '/api/test/slow' }))
    await expect.poll(() => app.pressure.inFlight()).toBe(2)
    const shed = await app.inject({ method: 'GET', url: '/api/news' })
    expect(shed.statusCode).toBe(503)
    expect(shed.json()).toMatchObject({ Message: BUSY_MESSAGE })
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)

    open()
    expect((await Promise.all(slow)).map((response) => response.statusCode)).toEqual([200, 200])
    expect(app.pressure.inFlight()).toBe(0)
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)
  })

  it('is configured by MAX_EVENT_LOOP_DELAY_MS and MAX_IN_FLIGHT (0 turns a check off)', () => {
    const defaults = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), ...sealEnv() })
    expect(defaults).toMatchObject({ maxEventLoopDelayMs: 1000, maxInFlight: 1000 })
    // Under test the event-loop check is off unless a test turns it on.
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(32) })).toMatchObject({
      maxEventLoopDelayMs: 0,
    })
    const off = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      MAX_EVENT_LOOP_DELAY_MS: '0',
      MAX_IN_FLIGHT: '0',
    })
    expect(off).toMatchObject({ maxEventLoopDelayMs: 0, maxInFlight: 0 })
    expect(() => loadConfig({ MAX_IN_FLIGHT: '-1' })).toThrow(
      'MAX_IN_FLIGHT must be an integer between 0 and 1000000',
    )
  })
})
