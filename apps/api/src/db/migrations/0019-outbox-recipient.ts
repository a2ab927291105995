import { type Kysely, sql } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * How many messages went to an address in the last hour (the limit on automated emails, ADR 032)
 * is read on every enquiry. Without this index the read scanned the whole outbox, which only grows: under a
 * load of 300 enquiries a second it was a third of the server's time, and pages waited behind it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('outbox_recipient_idx')
    .on('outbox')
    .expression(sql`lower(to_address), created_at`)
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('outbox_recipient_idx').execute()
}
