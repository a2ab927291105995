import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Remote signing (ADR 025): an application waiting for its signers (the wire payload without signatures,
 * found by the SHA-256 of its status page's token), one row per signer with their signature and signing
 * record, and the signers' link tokens (hashes only; several may work at once: the request and reminders).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()
  await db.schema
    .createTable('credit_signings')
    .addColumn('id', 'integer', id)
    .addColumn('status_token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('completer_email', 'text', (col) => col.notNull())
    .addColumn('business_name', 'text', (col) => col.notNull())
    .addColumn('customer_type', 'integer', (col) => col.notNull())
    .addColumn('applicant_name', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    // Set by the one request that submits the application once everyone has signed.
    .addColumn('finalizing_at', 'text')
    .addColumn('application_id', 'integer', (col) =>
      col.references('credit_applications.id').onDelete('set null'),
    )
    .addColumn('reference', 'text')
    .addColumn('submitted_at', 'text')
    .execute()
  await db.schema
    .createIndex('credit_signings_expires_idx')
    .on('credit_signings')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('credit_signers')
    .addColumn('id', 'integer', id)
    .addColumn('signing_id', 'integer', (col) =>
      col.notNull().references('credit_signings.id').onDelete('cascade'),
    )
    .addColumn('person_id', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addColumn('reminders_sent', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('signature', 'text')
    .addColumn('guarantee', 'text')
    .addColumn('text_sha256', 'text')
    .addColumn('signed_at', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('declined_at', 'text')
    .addColumn('decline_reason', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('changed_after_signing', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('credit_signers_signing_idx')
    .on('credit_signers')
    .column('signing_id')
    .execute()
  await db.schema
    .createIndex('credit_signers_due_idx')
    .on('credit_signers')
    .columns(['state', 'sent_at'])
    .execute()

  await db.schema
    .createTable('credit_signing_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('signer_id', 'integer', (col) =>
      col.notNull().references('credit_signers.id').onDelete('cascade'),
    )
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('credit_signing_tokens_signer_idx')
    .on('credit_signing_tokens')
    .column('signer_id')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('credit_signing_tokens').execute()
  await db.schema.dropTable('credit_signers').execute()
  await db.schema.dropTable('credit_signings').execute()
}
