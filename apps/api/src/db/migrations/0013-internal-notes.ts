import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * One table of internal notes for every back-office record (ADR 020): credit applications' notes move in
 * from 0012's table, and enquiries get notes and an assignee (an administrator) like credit applications.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()

  await db.schema
    .createTable('internal_notes')
    .addColumn('id', 'integer', id)
    /** 'credit-application' (target_id its reference) or 'enquiry' (its id). */
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('author_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('author_name', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('internal_notes_target_idx')
    .on('internal_notes')
    .columns(['target_type', 'target_id'])
    .execute()
  await sql`
    insert into internal_notes (target_type, target_id, author_id, author_name, body, created_at)
    select 'credit-application', a.reference, n.author_id, n.author_name, n.body, n.created_at
    from credit_application_notes n join credit_applications a on a.id = n.application_id
    order by n.id
  `.execute(db)
  await db.schema.dropTable('credit_application_notes').execute()

  await db.schema
    .alterTable('enquiries')
    .addColumn('assignee_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('enquiries').dropColumn('assignee_id').execute()
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()
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
  await sql`
    insert into credit_application_notes (application_id, author_id, author_name, body, created_at)
    select a.id, n.author_id, n.author_name, n.body, n.created_at
    from internal_notes n join credit_applications a on a.reference = n.target_id
    where n.target_type = 'credit-application'
    order by n.id
  `.execute(db)
  await db.schema.dropTable('internal_notes').execute()
}
