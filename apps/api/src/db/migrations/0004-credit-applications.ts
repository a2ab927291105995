import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Credit applications (ADR 005). The big blobs (trust deed, signatures, the generated PDF) live
 * in `files`; `payload` is the structured application as JSON with file ids in their place.
 * Depends only on 0001 (files).
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()

  await db.schema
    .createTable('credit_applications')
    .addColumn('id', 'integer', id)
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('business_name', 'text', (col) => col.notNull())
    .addColumn('abn', 'text', (col) => col.notNull())
    /** The ABN's 11 digits, for search. */
    .addColumn('abn_digits', 'text', (col) => col.notNull())
    .addColumn('customer_type', 'integer', (col) => col.notNull())
    .addColumn('applicant_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('payload_sha256', 'text', (col) => col.notNull())
    .addColumn('submitted_at', 'text', (col) => col.notNull())
    .addColumn('ip', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text', (col) => col.notNull())
    .addColumn('pdf_file_id', 'text', (col) => col.notNull().references('files.id'))
    .addColumn('trust_deed_file_id', 'text', (col) => col.references('files.id'))
    .execute()
  await db.schema
    .createIndex('credit_applications_submitted_at_idx')
    .on('credit_applications')
    .column('submitted_at')
    .execute()
  await db.schema
    .createIndex('credit_applications_abn_digits_idx')
    .on('credit_applications')
    .column('abn_digits')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('credit_applications').execute()
}
