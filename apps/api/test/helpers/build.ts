import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { onTestFinished } from 'vitest'
import { type BuildOptions, buildApp } from '../../src/app.ts'
import { type Config, type Env, loadConfig } from '../../src/config.ts'

export type Dialect = 'sqlite' | 'postgres'

/**
 * The dialects the database suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. On CI PostgreSQL is never skipped: without TEST_DATABASE_URL its suites fail.
 */
export const DIALECTS: Dialect[] =
  process.env.TEST_DATABASE_URL || process.env.CI === 'true' ? ['sqlite', 'postgres'] : ['sqlite']

export const TEST_REDIS_URL =
  process.env.TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379'

export interface TestDatabase {
  dialect: Dialect
  dataDir: string
  /** DATA_DIR, and DATABASE_URL for PostgreSQL. */
  env: Env
  drop(): Promise<void>
}

/**
 * A fresh, empty database: a temporary DATA_DIR for SQLite, or a new schema for PostgreSQL
 * (selected through the connection's search_path).
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (dialect === 'postgres' && !baseUrl) {
    throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suites (CI=true)')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-api-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (dialect === 'sqlite' || !baseUrl) {
    return { dialect, dataDir, env: { DATA_DIR: dataDir }, drop: async () => removeDir() }
  }

  const schema = `test_${randomBytes(6).toString('hex')}`
  await withClient(baseUrl, (client) => client.query(`create schema ${schema}`))
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    dialect,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      await withClient(baseUrl, (client) => client.query(`drop schema if exists ${schema} cascade`))
      removeDir()
    },
  }
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** The environment of a test app: quiet, with fixed secrets so that nothing is printed. */
export function testEnv(database: TestDatabase, env: Env = {}): Env {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    ADMIN_PASSWORD: 'Admin12345',
    // API tests never depend on a web build lying around (test/plugins/web.test.ts brings its own).
    WEB_BUILD_DIR: join(database.dataDir, 'no-web-build'),
    ...database.env,
    ...env,
  }
}

/** A fresh database dropped when the current test ends (after the apps built on it close). */
export async function useTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect)
  onTestFinished(() => database.drop())
  return database
}

export interface TestApp {
  app: FastifyInstance
  config: Config
  database: TestDatabase
}

export interface TestAppOptions {
  dialect?: Dialect
  /** Reuse a database (e.g. to run two instances on it); otherwise a fresh one is made. */
  database?: TestDatabase
  env?: Env
  build?: BuildOptions
}

/**
 * An app on a fresh database, closed (and its database dropped) when the current test ends.
 * Call it inside a test.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = options.database ?? (await useTestDatabase(options.dialect ?? 'sqlite'))
  const config = loadConfig(testEnv(database, options.env))
  const app = await buildApp(config, options.build)
  // Registered after the database's drop, so it runs before it: vitest runs these as a stack.
  onTestFinished(() => app.close())
  return { app, config, database }
}
