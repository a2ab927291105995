import { type Kysely, PostgresAdapter } from 'kysely'
import type { DialectName } from './database.ts'

/** For the few places (migrations, locking) where SQLite and PostgreSQL need different SQL. */
// biome-ignore lint/suspicious/noExplicitAny: migrations work on an untyped database.
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}
