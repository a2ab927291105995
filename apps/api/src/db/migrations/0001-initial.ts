import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (col: ColumnDefinitionBuilder) =>
    postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('first_name', 'text', (col) => col.notNull())
    .addColumn('last_name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('email_normalized', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('member_type', 'integer', (col) => col.notNull())
    .addColumn('company_name', 'text')
    .addColumn('abn', 'text')
    .addColumn('full_address', 'text')
    .addColumn('unit_number', 'text')
    .addColumn('street_number', 'text')
    .addColumn('street_name', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postcode', 'text')
    .addColumn('registration_date', 'text', (col) => col.notNull())
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('users_email_normalized_key')
    .on('users')
    .column('email_normalized')
    .unique()
    .execute()
  await db.schema
    .createIndex('users_member_type_idx')
    .on('users')
    .columns(['member_type', 'registration_date'])
    .execute()

  await db.schema
    .createTable('pages')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('news')
    .addColumn('id', 'integer', id)
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('published_at', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('news_published_at_idx').on('news').column('published_at').execute()

  await db.schema
    .createTable('files')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id)
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('lock_token', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('reset_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['rate_limits', 'outbox', 'files', 'news', 'pages', 'users']) {
    await db.schema.dropTable(table).execute()
  }
}
