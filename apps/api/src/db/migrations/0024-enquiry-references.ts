import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Every enquiry gets a short reference a person can read out on the phone: 'Q-2026-00123' for a quote request,
 * 'M-2026-00045' for a message; the year is Melbourne's when it was received, the number counts that kind's
 * enquiries of that year. The last number given per kind and year is a row of `enquiry_reference_counters`,
 * advanced by one statement in the transaction that stores the enquiry (several instances on one database never
 * give one number twice; the unique index is the last guard). Enquiries already stored are numbered here in the
 * order they were received.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('enquiry_reference_counters')
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('year', 'integer', (col) => col.notNull())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('enquiry_reference_counters_pk', ['prefix', 'year'])
    .execute()
  await db.schema
    .alterTable('enquiries')
    .addColumn('reference', 'text', (col) => col.notNull().defaultTo(''))
    .execute()

  const melbourneYear = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Melbourne', year: 'numeric' })
  const rows: { id: string; kind: string; created_at: string }[] = await db
    .selectFrom('enquiries')
    .select(['id', 'kind', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  const last = new Map<string, number>()
  for (const row of rows) {
    const prefix = row.kind === 'quote' ? 'Q' : 'M'
    const year = Number(melbourneYear.format(new Date(row.created_at)))
    const key = `${prefix}-${year}`
    const number = (last.get(key) ?? 0) + 1
    last.set(key, number)
    await db
      .updateTable('enquiries')
      .set({ reference: `${key}-${String(number).padStart(5, '0')}` })
      .where('id', '=', row.id)
      .execute()
  }
  for (const [key, number] of last) {
    const [prefix, year] = key.split('-')
    await db
      .insertInto('enquiry_reference_counters')
      .values({ prefix, year: Number(year), last_number: number })
      .execute()
  }
  await db.schema
    .createIndex('enquiries_reference_idx')
    .on('enquiries')
    .column('reference')
    .unique()
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('enquiries_reference_idx').execute()
  await db.schema.alterTable('enquiries').dropColumn('reference').execute()
  await db.schema.dropTable('enquiry_reference_counters').execute()
}
