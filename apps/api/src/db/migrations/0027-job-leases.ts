import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * One row per scheduled job that only one instance may run at a time (plugins/jobs.ts): the instance that runs
 * it holds the lease until `locked_until`, as an outbox worker holds the messages it claimed; a crashed
 * instance's lease lapses by itself.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('lock_token', 'text')
    .addColumn('locked_until', 'text', (col) => col.notNull())
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_leases').execute()
}
