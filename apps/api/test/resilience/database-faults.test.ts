import SQLite from 'better-sqlite3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { Kysely, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { Database } from '../../src/db/database.ts'
import type { DB } from '../../src/db/schema.ts'
import { createUser } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../helpers/build.ts'
import { contact, UNAVAILABLE } from './fixtures.ts'
import { startTcpProxy } from './tcp-proxy.ts'

/*
 * The database failing under a running app: unreachable, locked, full, or dropping a connection in
 * the middle of a transaction. Every request then gets 503 with Retry-After and the usual error body
 * (no stack, no SQL), nothing is half-written, and the app serves again by itself once the database
 * is back, without a restart. (SMTP down: test/modules/enquiries/delivery.test.ts.)
 */

function expectUnavailable(response: LightMyRequestResponse): void {
  expect(response.statusCode, response.body).toBe(503)
  expect(response.headers['retry-after']).toBe('5')
  expect(response.json()).toEqual({ Message: UNAVAILABLE, requestId: expect.any(String) })
  expect(response.body).not.toMatch(/SQLITE|select|insert|\bat \S|\.ts\b|node_modules|terminat|ECONN/i)
}

const postContact = (app: FastifyInstance, ip = '198.51.100.1', message = contact.message) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: { ...contact, message }, remoteAddress: ip })

const signIn = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: { UserName: email, Password: 'Password123', ClientId: 'web', GrantType: 'password' },
  })

async function counts(app: FastifyInstance) {
  const count = async (table: 'enquiries' | 'outbox') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { enquiries: await count('enquiries'), outbox: await count('outbox') }
}

/** A SQLite database whose statements fail on demand, as a lost disk or file handle makes them. */
function faultySqlite(path: string) {
  const connection = new SQLite(path)
  connection.pragma('journal_mode = WAL')
  connection.pragma('foreign_keys = ON')
  const faults = {
    /** Every statement fails: the file cannot be opened. */
    down: false,
    /** The next statement matching this fails once: an I/O error half-way through a transaction. */
    failOnce: undefined as RegExp | undefined,
  }
  const prepare = (source: string) => {
    if (faults.down) throw new SQLite.SqliteError('unable to open database file', 'SQLITE_CANTOPEN')
    if (faults.failOnce?.test(source)) {
      faults.failOnce = undefined
      throw new SQLite.SqliteError('disk I/O error', 'SQLITE_IOERR_WRITE')
    }
    return connection.prepare(source)
  }
  const faulty = new Proxy(connection, {
    get(target, key) {
      if (key === 'prepare') return prepare
      const value: unknown = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: faulty }) })
  let closing: Promise<void> | undefined
  const database: Database = {
    db,
    dialect: 'sqlite',
    async ping() {
      await sql`select 1`.execute(db)
    },
    async optimize() {},
    close() {
      closing ??= db.destroy()
      return closing
    },
  }
  return { database, faults }
}

describe('the database failing on SQLite', () => {
  it('answers 503 with Retry-After while the database cannot be opened, and resumes by itself', async () => {
    const testDatabase = await useTestDatabase('sqlite')
    const { database, faults } = faultySqlite(`${testDatabase.dataDir}/app.db`)
    onTestFinished(() => database.close())
    const { app } = await buildTestApp({ database: testDatabase, build: { database } })
    const user = await createUser(app)

    faults.down = true
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/news' }))
    expectUnavailable(await postContact(app))
    expectUnavailable(await signIn(app, user.email))
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/ready' }))
    // Liveness does not depend on the database: the process is fine, only not ready.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)

    faults.down = false
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)
    expect((await postContact(app)).statusCode).toBe(201)
    expect((await signIn(app, user.email)).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })
  })

  it('rolls back a submission whose write fails half-way (the enquiry stored, its mail not): 503, nothing kept', async () => {
    const testDatabase = await useTestDatabase('sqlite')
    const { database, faults } = faultySqlite(`${testDatabase.dataDir}/app.db`)
    onTestFinished(() => database.close())
    const { app } = await buildTestApp({ database: testDatabase, build: { database } })

    faults.failOnce = /^insert into "outbox"/
    expectUnavailable(await postContact(app))
    expect(faults.failOnce).toBeUndefined()
    expect(await counts(app)).toEqual({ enquiries: 0, outbox: 0 })

    expect((await postContact(app)).statusCode).toBe(201)
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })
  })

  it('answers 503 while another process holds the write lock (SQLITE_BUSY); reads carry on; writes resume', async () => {
    const { app, config } = await buildTestApp()
    // The app waits this long for a lock (5 s in production) before giving up.
    await sql`pragma busy_timeout = 100`.execute(app.db)
    const other = new SQLite(config.sqlitePath)
    onTestFinished(() => {
      other.close()
    })

    other.exec('begin immediate')
    expectUnavailable(await postContact(app))
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)
    other.exec('rollback')

    expect((await postContact(app)).statusCode).toBe(201)
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })
  })

  it('fails a write on a full disk (max_page_count) with 503, stores none of it, and resumes with space', async () => {
    const { app } = await buildTestApp()
    // Prime the rate-limit table, then cap the file at its current size: no page may be added.
    expect((await postContact(app, '198.51.100.9')).statusCode).toBe(201)
    await sql`vacuum`.execute(app.db)
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(app.db)
    const pageCount = Number(pages.rows[0]?.page_count)
    await sql.raw(`pragma max_page_count = ${pageCount}`).execute(app.db)

    // A long message needs overflow pages in the enquiry and both emails.
    const long = 'Four arrow boards, VMS and portable traffic lights for the Monash night works, please. '
      .repeat(35)
      .trim()
    expectUnavailable(await postContact(app, '198.51.100.10', long))
    expectUnavailable(await postContact(app, '198.51.100.11', long))
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })

    await sql.raw(`pragma max_page_count = ${pageCount * 100}`).execute(app.db)
    expect((await postContact(app, '198.51.100.10', long)).statusCode).toBe(201)
    expect(await counts(app)).toEqual({ enquiries: 2, outbox: 4 })
  })
})

describe.runIf(DIALECTS.includes('postgres'))('the database failing on PostgreSQL', () => {
  const baseUrl = () => new URL(process.env.TEST_DATABASE_URL ?? '')

  it('answers 503 while the database cannot be reached, and resumes by itself when it is back', async () => {
    const base = baseUrl()
    const proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) })
    onTestFinished(() => proxy.close())
    const testDatabase = await useTestDatabase('postgres')
    const url = new URL(testDatabase.env.DATABASE_URL ?? '')
    url.hostname = '127.0.0.1'
    url.port = String(proxy.port)
    const { app } = await buildTestApp({
      database: testDatabase,
      env: { DATABASE_URL: url.toString() },
    })
    const user = await createUser(app)
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)
    expect(proxy.connections).toBeGreaterThan(0)

    // Open connections drop (pooled clients die), new ones are refused.
    await proxy.cut()
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/news' }))
    expectUnavailable(await postContact(app))
    expectUnavailable(await signIn(app, user.email))
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/ready' }))
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)

    await proxy.restore()
    expect((await app.inject({ method: 'GET', url: '/api/news' })).statusCode).toBe(200)
    expect((await postContact(app)).statusCode).toBe(201)
    expect((await signIn(app, user.email)).statusCode).toBe(200)
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })
  })

  it('answers 503 when its connection is terminated mid-transaction (57P01), keeps none of it, serves the next', async () => {
    const testDatabase = await useTestDatabase('postgres')
    const applicationName = `fault-${Date.now().toString(36)}`
    const url = new URL(testDatabase.env.DATABASE_URL ?? '')
    url.searchParams.set('application_name', applicationName)
    const { app } = await buildTestApp({ database: testDatabase, env: { DATABASE_URL: url.toString() } })

    // Another session holds the outbox table: the submission inserts its enquiry, then waits.
    const locker = new pg.Client({ connectionString: testDatabase.env.DATABASE_URL })
    await locker.connect()
    onTestFinished(() => locker.end())
    await locker.query('begin')
    await locker.query('lock table outbox in exclusive mode')

    const submitting = postContact(app)
    const waiting = async () =>
      (
        await locker.query(
          `select pid from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'`,
          [applicationName],
        )
      ).rowCount
    await expect.poll(waiting, { timeout: 5000, interval: 20 }).toBe(1)
    // An administrator (or a fail-over) ends the app's backends.
    await locker.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1`, [
      applicationName,
    ])
    expectUnavailable(await submitting)
    await locker.query('rollback')

    expect(await counts(app)).toEqual({ enquiries: 0, outbox: 0 })
    expect((await postContact(app)).statusCode).toBe(201)
    expect(await counts(app)).toEqual({ enquiries: 1, outbox: 2 })
  })
})
