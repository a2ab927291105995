import fp from 'fastify-plugin'
import type { Kysely } from 'kysely'
import type { Config } from '../config.ts'
import { createDatabase, type Database } from '../db/database.ts'
import { migrateToLatest } from '../db/migrator.ts'
import type { DB } from '../db/schema.ts'

declare module 'fastify' {
  interface FastifyInstance {
    database: Database
    db: Kysely<DB>
  }
}

const OPTIMIZE_INTERVAL_MS = 6 * 60 * 60 * 1000

export interface DatabasePluginOptions {
  config: Config
  /** An open database owned by the caller (tests, tools); it is migrated but not closed. */
  database?: Database | undefined
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { config, database: given }) => {
    const database = given ?? createDatabase(config)
    try {
      const results = await migrateToLatest(database.db)
      for (const result of results) app.log.info({ migration: result.migrationName }, 'migration applied')
    } catch (error) {
      if (!given) await database.close()
      throw error
    }
    app.decorate('database', database)
    app.decorate('db', database.db)

    // Planner statistics: at start-up, then every few hours, as SQLite advises for long-lived
    // connections. A failure here costs query speed only, never a request.
    const optimize = () =>
      database.optimize().catch((error: unknown) => app.log.warn({ err: error }, 'database optimize failed'))
    await optimize()
    const timer = setInterval(optimize, OPTIMIZE_INTERVAL_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
    if (!given) app.addHook('onClose', () => database.close())
  },
  { name: 'database' },
)
