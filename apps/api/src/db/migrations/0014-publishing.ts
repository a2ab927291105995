import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Publishing (ADR 022): content pages get a version and the time staff last saved them; news items get a
 * Markdown body, a draft or published status, the image's alternative text and size, and a version that
 * refuses a save made from an older copy; uploaded images live in `media`, one row per size; `site_state`
 * holds the content version every instance's page cache follows.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const add = (
    name: string,
    type: 'text' | 'integer',
    build: (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder = (col) => col,
  ) => db.schema.alterTable('news').addColumn(name, type, build).execute()

  await add('body', 'text', (col) => col.notNull().defaultTo(''))
  await add('status', 'text', (col) => col.notNull().defaultTo('published'))
  await add('image_alt', 'text', (col) => col.notNull().defaultTo(''))
  await add('image_width', 'integer')
  await add('image_height', 'integer')
  await add('version', 'integer', (col) => col.notNull().defaultTo(1))
  await add('updated_at', 'text')
  await db.schema.createIndex('news_status_idx').on('news').columns(['status', 'published_at']).execute()

  await db.schema
    .alterTable('pages')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await db.schema.alterTable('pages').addColumn('updated_at', 'text').execute()

  await db.schema
    .createTable('media')
    /** A random 128-bit hex name shared by every size of one upload. */
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('media_pk', ['id', 'width'])
    .execute()

  await db.schema
    .createTable('site_state')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'integer', (col) => col.notNull())
    .execute()
  await sql`insert into site_state (key, value) values ('content_version', 1)`.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('site_state').execute()
  await db.schema.dropTable('media').execute()
  await db.schema.dropIndex('news_status_idx').execute()
  await db.schema.alterTable('pages').dropColumn('updated_at').execute()
  await db.schema.alterTable('pages').dropColumn('version').execute()
  for (const column of [
    'updated_at',
    'version',
    'image_height',
    'image_width',
    'image_alt',
    'status',
    'body',
  ]) {
    await db.schema.alterTable('news').dropColumn(column).execute()
  }
}
