import { createHash } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { onTestFinished } from 'vitest'
import { type BuildOptions, buildApp } from '../../src/app.ts'
import { type Config, type Env, loadConfig } from '../../src/config.ts'
import { createDatabase } from '../../src/db/database.ts'
import { migrateToLatest } from '../../src/db/migrator.ts'
import {
  claimMigratedSchema,
  createEmptySchema,
  dropSchema,
  releaseMigratedSchema,
  type SchemaTemplate,
  schemaTemplate,
} from './postgres-schemas.ts'

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

export interface TestDatabaseOptions {
  /**
   * Start from a copy of a database the migrations have already brought up to date, as every app test does:
   * migrating a new PostgreSQL schema takes seconds on a busy machine, copying a template a fraction of it
   * (and taking a used one from the pool, put back as the template is, less again: postgres-schemas.ts).
   * The app still runs its migrations at start, and finds nothing to do. Without it the database is empty
   * (the migrator's and seed's own tests).
   */
  migrated?: boolean
}

/**
 * A fresh database: a temporary DATA_DIR for SQLite, or a new schema for PostgreSQL (selected through
 * the connection's search_path); empty unless `migrated`.
 */
export async function createTestDatabase(
  dialect: Dialect,
  { migrated = false }: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (dialect === 'postgres' && !baseUrl) {
    throw new Error('TEST_DATABASE_URL must be set to run the PostgreSQL suites (CI=true)')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-api-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (dialect === 'sqlite' || !baseUrl) {
    if (migrated) copyFileSync(await migratedSqliteFile(), join(dataDir, 'app.db'))
    return { dialect, dataDir, env: { DATA_DIR: dataDir }, drop: async () => removeDir() }
  }

  const template = migrated ? await schemaTemplate(baseUrl, MIGRATIONS_FINGERPRINT) : undefined
  const claimed = template ? await claimMigratedSchema(baseUrl, template) : undefined
  const schema = claimed?.schema ?? (await createEmptySchema(baseUrl))
  const url = new URL(baseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  // The test's connections are known by this name: its schema is not reused while one of them is open.
  url.searchParams.set('application_name', schema)
  let dropped: Promise<void> | undefined
  return {
    dialect,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop() {
      dropped ??= (async () => {
        if (template && claimed) await releaseMigratedSchema(baseUrl, claimed, template)
        else await dropSchema(baseUrl, schema)
        removeDir()
      })()
      return dropped
    },
  }
}

/**
 * The migrations' fingerprint: their files' names and contents. A changed or added migration makes new
 * templates; PostgreSQL keeps the template schema between runs, under a name of this fingerprint.
 */
const MIGRATIONS_DIR = join(import.meta.dirname, '../../src/db/migrations')
const MIGRATIONS_FINGERPRINT = (() => {
  const hash = createHash('sha256')
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)))
  }
  return hash.digest('hex').slice(0, 12)
})()

/** The migrated PostgreSQL template of these migrations (TEST_DATABASE_URL must be set). */
export function postgresTemplate(): Promise<SchemaTemplate> {
  return schemaTemplate(process.env.TEST_DATABASE_URL ?? '', MIGRATIONS_FINGERPRINT)
}

let sqliteTemplate: Promise<string> | undefined

/** A SQLite file the migrations have brought up to date, made once per test worker. */
function migratedSqliteFile(): Promise<string> {
  sqliteTemplate ??= (async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'signalway-template-')), 'app.db')
    const database = createDatabase({ sqlitePath: path })
    try {
      await migrateToLatest(database.db)
    } finally {
      // Closing the last connection checkpoints the WAL into the file, so the file alone is the database.
      await database.close()
    }
    return path
  })()
  return sqliteTemplate
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
export async function useTestDatabase(
  dialect: Dialect,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect, options)
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
  const database =
    options.database ?? (await useTestDatabase(options.dialect ?? 'sqlite', { migrated: true }))
  const config = loadConfig(testEnv(database, options.env))
  const app = await buildApp(config, options.build)
  // Registered after the database's drop, so it runs before it: vitest runs these as a stack.
  onTestFinished(() => app.close())
  return { app, config, database }
}
