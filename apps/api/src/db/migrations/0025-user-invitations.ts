import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Invitations to set one's own password (ADR 035): one row per emailed link, its token stored only as its
 * SHA-256. The row stays after the link is used or expires, so the page can say which; the recipient's mailbox
 * (ADR 032's `mailboxKey`) counts the invitations it was sent in a day.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('user_invitations')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mailbox', 'text', (col) => col.notNull())
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    /** When the link set the password, or stopped working for another reason (`outcome`). */
    .addColumn('ended_at', 'text')
    /** 'accepted', or 'ended' (a newer invitation, a reset, an email change by staff). */
    .addColumn('outcome', 'text')
    .execute()
  await db.schema.createIndex('user_invitations_user_idx').on('user_invitations').column('user_id').execute()
  await db.schema
    .createIndex('user_invitations_mailbox_idx')
    .on('user_invitations')
    .columns(['mailbox', 'created_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('user_invitations').execute()
}
