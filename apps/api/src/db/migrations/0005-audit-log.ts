import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/** The audit log of admin changes: who, what, when, with before/after snapshots (never secrets). */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (col) => col.notNull())
    /** The signed-in user who made the change (no foreign key: the log outlives its rows). */
    .addColumn('actor_id', 'integer')
    .addColumn('actor_email', 'text')
    /** e.g. 'user.create', 'user.update', 'user.archive'. */
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    /** JSON snapshots from an allow-list of fields; null before a create. */
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('request_id', 'text')
    .addColumn('ip', 'text')
    .execute()
  await db.schema
    .createIndex('audit_log_target_idx')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'at'])
    .execute()
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute()
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('audit_log').execute()
}
