import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Credit decisions (ADR 020): each application's status, the staff member it is assigned to, the credit
 * limit (whole dollars) and payment terms (days) of an approval, and a version that refuses a save made
 * from an older copy; and the staff's internal notes. The history of changes is the audit log's.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()

  await db.schema
    .alterTable('credit_applications')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('received'))
    .execute()
  await db.schema
    .alterTable('credit_applications')
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('credit_applications').addColumn('credit_limit', 'integer').execute()
  await db.schema.alterTable('credit_applications').addColumn('payment_terms_days', 'integer').execute()
  await db.schema
    .alterTable('credit_applications')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await db.schema.alterTable('credit_applications').addColumn('updated_at', 'text').execute()
  await db.schema
    .createIndex('credit_applications_status_idx')
    .on('credit_applications')
    .columns(['status', 'submitted_at'])
    .execute()
  await db.schema
    .createIndex('credit_applications_assignee_idx')
    .on('credit_applications')
    .column('assignee_id')
    .execute()

  await db.schema
    .createTable('credit_application_notes')
    .addColumn('id', 'integer', id)
    .addColumn('application_id', 'integer', (col) =>
      col.notNull().references('credit_applications.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('credit_application_notes_application_idx')
    .on('credit_application_notes')
    .column('application_id')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('credit_application_notes').execute()
  await db.schema.dropIndex('credit_applications_assignee_idx').execute()
  await db.schema.dropIndex('credit_applications_status_idx').execute()
  for (const column of [
    'updated_at',
    'version',
    'payment_terms_days',
    'credit_limit',
    'assignee_id',
    'status',
  ]) {
    await db.schema.alterTable('credit_applications').dropColumn(column).execute()
  }
}
