import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Sent messages are deleted some time after they were sent, by a sweep of every instance each hour: this index
 * finds them without reading the whole outbox (failed ones are found by outbox_due_idx, status and last attempt).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('outbox_sent_idx').on('outbox').columns(['status', 'sent_at']).execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('outbox_sent_idx').execute()
}
