import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { describe, expect, it, onTestFinished } from 'vitest'
import { createDatabase } from '../../src/db/database.ts'
import { isServiceUnavailableError } from '../../src/lib/errors.ts'
import { createUser } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../helpers/build.ts'
import { contact, UNAVAILABLE } from './fixtures.ts'
import { startTcpProxy } from './tcp-proxy.ts'

/*
 * A network partition between the app and PostgreSQL, through a TCP proxy the test controls
 * (tcp-proxy.ts): unlike a refused connection (database-faults.test.ts), a partition answers
 * nothing at all, so only the app's own time limits end a request. Then a network that resets every
 * connection. Either way, each request that needs the database gets 503 with the usual error body
 * within a bounded time, /api/health answers, /api/ready says not ready, nothing is half-written,
 * and once the network heals the app serves again by itself, without a restart. Nothing crashes:
 * an error event or rejection nobody handles would fail the run (vitest reports them).
 *
 * The pool's limits are shortened here (production: 5 s to connect, 30 s for a query's answer;
 * see src/db/database.ts), so that the test takes seconds.
 */

const CONNECT_TIMEOUT_MS = 500
const QUERY_TIMEOUT_MS = 1000
/** The most a request may take to fail: a query timing out, then a connection attempt; plus slack. */
const BOUND_MS = QUERY_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2000

let ip = 0
async function timed(app: FastifyInstance, name: keyof ReturnType<typeof calls>, email = '') {
  ip += 1
  const started = performance.now()
  const response = await app.inject(calls(email, `198.51.100.${(ip % 250) + 1}`)[name])
  return { response, ms: performance.now() - started }
}

function calls(email: string, remoteAddress: string) {
  return {
    news: { method: 'GET', url: '/api/news' },
    contact: { method: 'POST', url: '/api/contact', payload: contact, remoteAddress },
    signIn: {
      method: 'POST',
      url: '/api/v1/core/auth/token',
      payload: { UserName: email, Password: 'Password123', ClientId: 'web', GrantType: 'password' },
      remoteAddress,
    },
    ready: { method: 'GET', url: '/api/ready' },
    health: { method: 'GET', url: '/api/health' },
  } as const
}

function expectUnavailable({ response, ms }: { response: LightMyRequestResponse; ms: number }): void {
  expect(response.statusCode, response.body).toBe(503)
  expect(response.headers['retry-after']).toBe('5')
  expect(response.json()).toEqual({ Message: UNAVAILABLE, requestId: expect.any(String) })
  expect(response.body).not.toMatch(/select|insert|\bat \S|\.ts\b|node_modules|terminat|timeout|ECONN/i)
  expect(ms).toBeLessThan(BOUND_MS)
}

async function setUp() {
  // First, so that without TEST_DATABASE_URL (on CI) the test fails saying so.
  const testDatabase = await useTestDatabase('postgres')
  const base = new URL(process.env.TEST_DATABASE_URL ?? '')
  const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) })
  onTestFinished(() => proxy.close())
  const url = new URL(testDatabase.env.DATABASE_URL ?? '')
  url.hostname = '127.0.0.1'
  url.port = String(proxy.port)
  const database = createDatabase({
    databaseUrl: url.toString(),
    sqlitePath: '',
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    queryTimeoutMillis: QUERY_TIMEOUT_MS,
  })
  onTestFinished(() => database.close())
  const { app } = await buildTestApp({ database: testDatabase, build: { database } })
  const user = await createUser(app)
  return { app, proxy, user }
}

/** Every call that needs the database succeeds. */
async function expectServing(app: FastifyInstance, email: string): Promise<void> {
  expect((await timed(app, 'news')).response.statusCode).toBe(200)
  expect((await timed(app, 'contact')).response.statusCode).toBe(201)
  expect((await timed(app, 'signIn', email)).response.statusCode).toBe(200)
  expect((await timed(app, 'ready')).response.statusCode).toBe(200)
}

async function enquiries(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('enquiries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * While the database cannot be reached: 503 in bounded time for what needs it; liveness answers.
 * Returns how long each 503 took.
 */
async function expectUnavailableBounded(app: FastifyInstance, email: string): Promise<number[]> {
  // Several at once, as under traffic: the pool's open connections are taken first, then new ones.
  const [news, posted, signedIn, ready, news2, posted2] = await Promise.all([
    timed(app, 'news'),
    timed(app, 'contact'),
    timed(app, 'signIn', email),
    timed(app, 'ready'),
    timed(app, 'news'),
    timed(app, 'contact'),
  ])
  for (const result of [news, posted, signedIn, ready, news2, posted2]) expectUnavailable(result)
  // And one by one, once the pool has no open connection left.
  const news3 = await timed(app, 'news')
  const posted3 = await timed(app, 'contact')
  for (const result of [news3, posted3]) expectUnavailable(result)
  const health = await timed(app, 'health')
  expect(health.response.statusCode).toBe(200)
  expect(health.ms).toBeLessThan(500)
  return [news, posted, signedIn, ready, news2, posted2, news3, posted3].map((result) => result.ms)
}

/** Several requests at once, so that the pool holds several open connections. */
async function openConnections(app: FastifyInstance): Promise<void> {
  const responses = await Promise.all(Array.from({ length: 4 }, () => timed(app, 'news')))
  for (const { response } of responses) expect(response.statusCode).toBe(200)
}

describe.runIf(DIALECTS.includes('postgres'))('a network partition between the app and PostgreSQL', () => {
  it('answers 503 in bounded time while packets vanish (connections kept, nothing answered), and resumes by itself', async () => {
    const { app, proxy, user } = await setUp()
    await expectServing(app, user.email)
    await openConnections(app)
    expect(proxy.connections).toBeGreaterThan(1)

    proxy.setMode('blackhole')
    const acceptedBefore = proxy.accepted
    const times = await expectUnavailableBounded(app, user.email)
    // The queries sent on the pool's open connections waited for the query time limit; after it,
    // new connections were accepted (a partition, not a refusal) and went unanswered.
    expect(Math.max(...times)).toBeGreaterThanOrEqual(QUERY_TIMEOUT_MS - 20)
    expect(proxy.accepted).toBeGreaterThan(acceptedBefore)

    proxy.setMode('forward')
    await expectServing(app, user.email)
    await expectServing(app, user.email)
    // Only the submissions answered 201 are stored: none of those answered 503 was kept.
    expect(await enquiries(app)).toBe(3)
  })

  it('answers 503 at once while every connection is reset, and resumes by itself', async () => {
    const { app, proxy, user } = await setUp()
    await expectServing(app, user.email)
    await openConnections(app)

    proxy.setMode('reset')
    const times = await expectUnavailableBounded(app, user.email)
    // No time limit is needed: a reset connection fails its query (or its connecting) at once.
    expect(Math.max(...times)).toBeLessThan(CONNECT_TIMEOUT_MS)

    proxy.setMode('forward')
    await expectServing(app, user.email)
    expect(await enquiries(app)).toBe(2)
  })

  it('ends a query whose answer does not come in time as a lost connection (503), and replaces the connection', async () => {
    const testDatabase = await useTestDatabase('postgres')
    const database = createDatabase({
      databaseUrl: testDatabase.env.DATABASE_URL,
      sqlitePath: '',
      queryTimeoutMillis: 300,
    })
    onTestFinished(() => database.close())
    await database.ping()

    const started = performance.now()
    const error = await sql`select pg_sleep(5)`.execute(database.db).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(performance.now() - started).toBeLessThan(2000)
    expect(error).toBeInstanceOf(Error)
    expect(isServiceUnavailableError(error)).toBe(true)
    // The next query gets a fresh connection, not the one still waiting for pg_sleep.
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db)
    expect(rows).toEqual([{ one: 1 }])
  })
})
