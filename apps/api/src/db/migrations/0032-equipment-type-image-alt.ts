import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * An equipment type's image says what it shows, as a news image does: the alternative text staff write, empty
 * when the type's name says it (the public site then uses the name).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('equipment_types')
    .addColumn('image_alt', 'text', (col) => col.notNull().defaultTo(''))
    .execute()
}
