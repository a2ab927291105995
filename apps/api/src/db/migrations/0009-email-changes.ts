import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Email changes waiting for the new address to confirm them (ASVS 6.2.3, 7.5.1): one row per request,
 * with the confirmation token (sent to the new address) and the cancel token (sent to the old one),
 * both stored as SHA-256 hashes only.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('email_changes')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('cancel_token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('new_email', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    /** Set when the new address confirmed it, or the old one cancelled it, or a later request replaced it. */
    .addColumn('ended_at', 'text')
    .addColumn('outcome', 'text')
    .execute()
  await db.schema.createIndex('email_changes_user_idx').on('email_changes').column('user_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_changes').execute()
}
