import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { DB } from './schema.ts'

export type DialectName = 'sqlite' | 'postgres'

/** A database handle or an open transaction: repositories accept either. */
export type Executor = Kysely<DB>

export interface Database {
  db: Kysely<DB>
  dialect: DialectName
  /** Resolves when the database answers; rejects otherwise (also after close). */
  ping(): Promise<void>
  /**
   * Brings the query planner's statistics up to date where they are stale (SQLite's
   * `PRAGMA optimize`; PostgreSQL's autovacuum does this by itself, so there it does nothing).
   */
  optimize(): Promise<void>
  /** Idempotent. */
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres:// URL; without it, SQLite at sqlitePath. */
  databaseUrl?: string | undefined
  sqlitePath: string
  /** PostgreSQL: how long to wait for a connection (default 5000 ms); tests shorten it. */
  connectionTimeoutMillis?: number
  /** PostgreSQL: how long a query waits for its answer (default 30000 ms); tests shorten it. */
  queryTimeoutMillis?: number
}

export function createDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? createPostgres(options.databaseUrl, options) : createSqlite(options.sqlitePath)
}

function createSqlite(path: string): Database {
  mkdirSync(dirname(path), { recursive: true })
  const connection = new SQLite(path)
  connection.pragma('journal_mode = WAL')
  connection.pragma('synchronous = NORMAL')
  connection.pragma('foreign_keys = ON')
  // Several processes may share the file: wait for a lock rather than fail at once.
  connection.pragma('busy_timeout = 5000')
  let optimized = false
  return wrap(
    new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) }),
    'sqlite',
    async () => {
      // Statistics gathered while a table was nearly empty (a migration's ANALYZE, a new install)
      // make the planner pick an index scan over a primary-key read as the table grows. 0x10002
      // also analyses tables that have never been analysed; the limit bounds the work per index.
      connection.pragma('analysis_limit = 1000')
      connection.pragma(optimized ? 'optimize' : 'optimize = 0x10002')
      optimized = true
    },
  )
}

const STATEMENT_CACHE_SIZE = 500

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare(); the
 * compiled statements of the few hundred distinct queries the app issues are kept, least recently used
 * dropped first. Statements survive schema changes (SQLite re-prepares them itself).
 */
function withStatementCache(connection: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => connection.close(),
    prepare(query: string) {
      let statement = cache.get(query)
      if (statement) {
        cache.delete(query)
      } else {
        statement = connection.prepare(query)
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value
          if (oldest !== undefined) cache.delete(oldest)
        }
      }
      cache.set(query, statement)
      return statement
    },
  }
}

/**
 * pg's client, with a limit on how long a query waits for its answer. In a network partition the
 * packets vanish (nothing is refused or reset), so a query sent on an open connection would wait,
 * and hold its request, forever. When the limit passes, the connection is destroyed: the query
 * fails as a lost connection does ("Connection terminated unexpectedly", hence 503) and the pool,
 * finding the client closed, opens a new one for the next request. (pg's own query_timeout fails
 * the query with an error of its own but keeps the connection, whose next queries then wait behind
 * the unanswered one.) Only the promise form of query(), the one Kysely uses, is timed.
 */
function clientWithQueryTimeout(timeoutMillis: number): typeof pg.Client {
  return class extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: one wrapper for every overload of query().
    override query(...args: any[]): any {
      const result: unknown = Reflect.apply(super.query, this, args)
      if (!(result instanceof Promise)) return result
      const timer = setTimeout(() => this.connection.stream.destroy(), timeoutMillis)
      return result.finally(() => clearTimeout(timer))
    }
  }
}

function createPostgres(url: string, options: DatabaseOptions): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 30_000,
    // An unreachable server (network partition) fails a request after this, rather than hanging it.
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5000,
    // So does a connection that stops answering (see clientWithQueryTimeout). Long enough for any
    // query of the app, migrations included.
    Client: clientWithQueryTimeout(options.queryTimeoutMillis ?? 30_000),
    keepAlive: true,
  })
  // An idle client losing its connection emits here; without a listener it would crash the process.
  pool.on('error', () => {})
  // So may a checked-out client between two queries of a transaction (the server restarting or
  // terminating the backend): its query fails on its own, and the pool drops the client on release.
  pool.on('connect', (client) => {
    client.on('error', () => {})
  })
  return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'postgres', async () => {})
}

function wrap(db: Kysely<DB>, dialect: DialectName, optimize: () => Promise<void>): Database {
  let closing: Promise<void> | undefined
  return {
    db,
    dialect,
    async optimize() {
      if (!closing) await optimize()
    },
    async ping() {
      if (closing) throw new Error('The database is closed.')
      await sql`select 1`.execute(db)
    },
    close() {
      closing ??= db.destroy()
      return closing
    },
  }
}
