import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Case-insensitive sort keys of the user table's name columns, as generated columns (virtual on
 * SQLite, stored on PostgreSQL), and the partial indexes of 0006 on `lower(name)` rebuilt on them:
 * PostgreSQL cannot read an expression index alone (index-only), so a deep page sorted by a name
 * read every row it skipped (docs/decisions/009-admin-user-search.md).
 */
const KEYS = [
  ['first_name_key', 'first_name', 'users_list_first_name_idx'],
  ['last_name_key', 'last_name', 'users_list_last_name_idx'],
] as const

export async function up(db: AnyDb): Promise<void> {
  const kind = dialectOf(db) === 'postgres' ? sql`stored` : sql`virtual`
  for (const [key, column, index] of KEYS) {
    await sql`alter table users add column ${sql.ref(key)} text generated always as (lower(${sql.ref(column)})) ${kind}`.execute(
      db,
    )
    await db.schema.dropIndex(index).ifExists().execute()
    await sql`create index ${sql.ref(index)} on users (${sql.ref(key)}, id, member_type, registration_date)
      where archived_at is null`.execute(db)
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [key, column, index] of KEYS) {
    await db.schema.dropIndex(index).ifExists().execute()
    await db.schema.alterTable('users').dropColumn(key).execute()
    await sql`create index ${sql.ref(index)} on users (lower(${sql.ref(column)}), id, member_type, registration_date)
      where archived_at is null`.execute(db)
  }
}
