import { type Kysely, sql } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/** Contact messages and quote requests. Depends on 0001 only. */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('enquiries')
    // A random UUID: the id goes back to the (anonymous) sender, and must not count the enquiries.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sqlIn('kind', ['contact', 'quote'])))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone', 'text')
    .addColumn('message', 'text', (col) => col.notNull())
    // JSON arrays of strings; [] for a contact message.
    .addColumn('services', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('sources', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('status', 'text', (col) =>
      col
        .notNull()
        .defaultTo('new')
        .check(sqlIn('status', ['new', 'in_progress', 'done'])),
    )
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('enquiries_created_at_idx').on('enquiries').column('created_at').execute()
  await db.schema
    .createIndex('enquiries_status_idx')
    .on('enquiries')
    .columns(['status', 'created_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('enquiries').execute()
}

function sqlIn(column: string, values: string[]) {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`)
}
