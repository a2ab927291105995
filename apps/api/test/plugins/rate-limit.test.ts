import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Env } from '../../src/config.ts'
import { TooManyRequestsError } from '../../src/lib/errors.ts'
import { createDatabaseCounter } from '../../src/lib/rate-limit/database-counter.ts'
import { createLimiter } from '../../src/lib/rate-limit/limiter.ts'
import { buildTestApp, DIALECTS, type Dialect, TEST_REDIS_URL, useTestDatabase } from '../helpers/build.ts'
import { testRoutes } from '../helpers/test-routes.ts'

type Store = { name: string; kind: 'database' | 'redis'; dialect: Dialect; env: () => Env }

const STORES: Store[] = [
  ...DIALECTS.map((dialect) => ({
    name: `the ${dialect} database`,
    kind: 'database' as const,
    dialect,
    env: () => ({}),
  })),
  {
    name: 'Redis',
    kind: 'redis',
    dialect: 'sqlite' as const,
    // A prefix per test keeps the counters of tests apart on the shared server.
    env: () => ({ REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `test:${randomUUID()}:` }),
  },
]

describe.each(STORES)('rate limits on $name', ({ kind, dialect, env }) => {
  it('answers 429 with Retry-After once a route limit is used up', async () => {
    const { app } = await buildTestApp({ dialect, env: env(), build: { routes: [testRoutes] } })
    expect(app.rateLimitCounter.kind).toBe(kind)
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'GET', url: '/api/test/limited' })
      expect(response.statusCode).toBe(200)
      expect(response.headers['x-ratelimit-remaining']).toBe(String(2 - i))
    }
    const limited = await app.inject({ method: 'GET', url: '/api/test/limited' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      Message: 'Too many requests, please try again later.',
      requestId: limited.headers['x-request-id'],
    })
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
  })

  it('shares the counters between instances', async () => {
    const database = await useTestDatabase(dialect)
    const shared = env()
    const first = await buildTestApp({ database, env: shared, build: { routes: [testRoutes] } })
    const second = await buildTestApp({ database, env: shared, build: { routes: [testRoutes] } })
    const statuses = []
    for (const { app } of [first, second, first, second]) {
      statuses.push((await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 429])
  })

  it('limits service-level keys with createLimiter, and forgets a key on reset', async () => {
    const { app } = await buildTestApp({ dialect, env: env() })
    const limiter = createLimiter(app, { name: 'login', max: 2, windowMs: 60_000 })
    await limiter.enforce('jo@example.com')
    await limiter.enforce('jo@example.com')
    const error = await limiter.enforce('jo@example.com').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(TooManyRequestsError)
    expect((error as TooManyRequestsError).retryAfterSeconds).toBeGreaterThan(0)
    // Other keys have their own count.
    expect((await limiter.consume('sam@example.com')).allowed).toBe(true)

    await limiter.reset('jo@example.com')
    expect(await limiter.consume('jo@example.com')).toMatchObject({ allowed: true, remaining: 1 })
  })
})

describe.each(DIALECTS)('the database counter on %s', (dialect) => {
  it('starts a new window once the old one has ended', async () => {
    const { app } = await buildTestApp({ dialect })
    let now = new Date('2026-01-01T00:00:00.000Z')
    const counter = createDatabaseCounter(app.db, () => now)
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 })
    now = new Date('2026-01-01T00:00:00.400Z')
    expect(await counter.hit('k', 1000)).toEqual({ count: 2, ttlMs: 600 })
    now = new Date('2026-01-01T00:00:01.000Z')
    expect(await counter.hit('k', 1000)).toEqual({ count: 1, ttlMs: 1000 })
  })

  it('counts concurrent hits exactly', async () => {
    const { app } = await buildTestApp({ dialect })
    const counter = createDatabaseCounter(app.db)
    const results = await Promise.all(Array.from({ length: 20 }, () => counter.hit('burst', 60_000)))
    expect(results.map((result) => result.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    )
  })
})

describe('RATE_LIMIT_FACTOR', () => {
  it('scales every route limit in one place, and the default leaves them as written', async () => {
    const countUntilLimited = async (env: Env) => {
      const { app } = await buildTestApp({ dialect: 'sqlite', env, build: { routes: [testRoutes] } })
      let allowed = 0
      while ((await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode === 200) allowed++
      return allowed
    }
    expect(await countUntilLimited({})).toBe(3)
    expect(await countUntilLimited({ RATE_LIMIT_FACTOR: '4' })).toBe(12)
  })

  it('refuses a factor below 1', async () => {
    await expect(buildTestApp({ dialect: 'sqlite', env: { RATE_LIMIT_FACTOR: '0' } })).rejects.toThrow(
      /RATE_LIMIT_FACTOR/,
    )
  })
})
