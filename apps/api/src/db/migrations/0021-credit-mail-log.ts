import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * One row per email the credit application queued to an address nobody has shown is theirs (saved-application
 * links, signing requests, reminders, status links, decline notices, receipts), written in the transaction that
 * queues it: the per-recipient daily limit of each kind counts these rows, so only mail actually queued counts.
 * Rows older than a day are deleted.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()
  await db.schema
    .createTable('credit_mail_log')
    .addColumn('id', 'integer', id)
    .addColumn('kind', 'text', (col) => col.notNull())
    // Lower case: one mailbox whatever the case it was typed in.
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('credit_mail_log_recipient_idx')
    .on('credit_mail_log')
    .columns(['recipient', 'kind', 'created_at'])
    .execute()
  await db.schema
    .createIndex('credit_mail_log_created_idx')
    .on('credit_mail_log')
    .column('created_at')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('credit_mail_log').execute()
}
