import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Staff keep each depot's delivery zones (the fees of each zone and the postcodes in it) from the admin area, and
 * every such save names the version of the depot it was made from, like the other back-office records: a depot
 * gets its version, bumped by every change of its zones. A postcode is served by one depot at most, so that a
 * booking's delivery address names its depot without a tie: the index makes it so on both databases.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('depots')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute()
  await db.schema.dropIndex('depot_postcodes_postcode_idx').execute()
  await db.schema
    .createIndex('depot_postcodes_postcode_unique')
    .on('depot_postcodes')
    .column('postcode')
    .unique()
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('depot_postcodes_postcode_unique').execute()
  await db.schema
    .createIndex('depot_postcodes_postcode_idx')
    .on('depot_postcodes')
    .column('postcode')
    .execute()
  await db.schema.alterTable('depots').dropColumn('version').execute()
}
