import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * The fleet the business hires out (ADR 042): its depots and the postcodes each serves, the delivery and
 * collection fees of each depot's zones, the equipment types with their rates, every unit by fleet number with
 * its service history, and the booking lines that hold a unit over a half-open period [starts_at, ends_at).
 *
 * Money is integer cents in `integer` columns (32 bits on both databases, so PostgreSQL's driver reads them as
 * numbers, never strings): up to $21,474,836.47, far above any rate or fee. Instants are ISO 8601 UTC text, as
 * everywhere else, so that they compare as text; days (a service due) are 'YYYY-MM-DD' text.
 *
 * The depots are the business's three yards (the site's locations), so they are rows from the start, like the
 * FAQ's shipped questions: units need a home depot, and there is no screen to add a yard.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (name: string) => (table: ReturnType<AnyDb['schema']['createTable']>) =>
    table.addColumn(name, 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )

  await id('id')(db.schema.createTable('depots'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('time_zone', 'text', (col) => col.notNull())
    .addColumn('unit_number', 'text')
    .addColumn('street_number', 'text', (col) => col.notNull())
    .addColumn('street_name', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('postcode', 'text', (col) => col.notNull())
    .execute()

  await db.schema
    .createTable('depot_postcodes')
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    .addColumn('postcode', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('depot_postcodes_pk', ['depot_id', 'postcode'])
    .execute()
  // Which depot serves a postcode (a booking's delivery address).
  await db.schema
    .createIndex('depot_postcodes_postcode_idx')
    .on('depot_postcodes')
    .column('postcode')
    .execute()

  await db.schema
    .createTable('delivery_zone_fees')
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    .addColumn('zone', 'text', (col) => col.notNull())
    .addColumn('delivery_fee_cents', 'integer', (col) => col.notNull())
    .addColumn('collection_fee_cents', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('delivery_zone_fees_pk', ['depot_id', 'zone'])
    .execute()

  await id('id')(db.schema.createTable('equipment_types'))
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('service_slug', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    /** JSON: [{ label, value }], in the order shown. */
    .addColumn('specifications', 'text', (col) => col.notNull())
    /** The random name of an uploaded image (the publishing image pipeline), or none. */
    .addColumn('image_media_id', 'text')
    .addColumn('day_rate_cents', 'integer', (col) => col.notNull())
    .addColumn('week_rate_cents', 'integer', (col) => col.notNull())
    .addColumn('minimum_days', 'integer', (col) => col.notNull())
    /** 0/1: 0 shows "Price on application" and never the rates. */
    .addColumn('price_public', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('equipment_types_service_idx')
    .on('equipment_types')
    .column('service_slug')
    .execute()

  await id('id')(db.schema.createTable('units'))
    .addColumn('fleet_number', 'text', (col) => col.notNull().unique())
    .addColumn('type_id', 'integer', (col) => col.notNull().references('equipment_types.id'))
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    .addColumn('registration_or_serial', 'text', (col) => col.notNull())
    /** available | in_service | out_of_service | retired ("on hire" and "reserved" come from booking lines). */
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('next_service_due', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // Availability reads a type's units at a depot.
  await db.schema.createIndex('units_type_depot_idx').on('units').columns(['type_id', 'depot_id']).execute()
  await db.schema.createIndex('units_depot_idx').on('units').columns(['depot_id', 'status']).execute()

  await id('id')(db.schema.createTable('unit_services'))
    .addColumn('unit_id', 'integer', (col) => col.notNull().references('units.id'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('work_done', 'text', (col) => col.notNull())
    .addColumn('by_user_id', 'integer')
    /** The name of who did it, kept as it was (a later archived account still reads well). */
    .addColumn('by_name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('unit_services_unit_idx')
    .on('unit_services')
    .columns(['unit_id', 'date'])
    .execute()

  await id('id')(db.schema.createTable('booking_lines'))
    .addColumn('unit_id', 'integer', (col) => col.notNull().references('units.id'))
    .addColumn('starts_at', 'text', (col) => col.notNull())
    .addColumn('ends_at', 'text', (col) => col.notNull())
    .addColumn('booking_ref', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  // The overlap test of availability: a unit's lines, by start (then end).
  await db.schema
    .createIndex('booking_lines_unit_period_idx')
    .on('booking_lines')
    .columns(['unit_id', 'starts_at', 'ends_at'])
    .execute()

  await db.insertInto('depots').values(DEPOTS).execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'booking_lines',
    'unit_services',
    'units',
    'equipment_types',
    'delivery_zone_fees',
    'depot_postcodes',
    'depots',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}

/** The business's yards as the site's details name them (packages/shared/src/site.ts, copied as they were). */
const DEPOTS = [
  {
    code: 'LAV',
    name: 'Laverton',
    state: 'VIC',
    time_zone: 'Australia/Melbourne',
    unit_number: null,
    street_number: '48',
    street_name: 'Signal Court',
    city: 'Laverton',
    postcode: '3028',
  },
  {
    code: 'CDN',
    name: 'Carrum Downs',
    state: 'VIC',
    time_zone: 'Australia/Melbourne',
    unit_number: null,
    street_number: '22',
    street_name: 'Barrier Way',
    city: 'Carrum Downs',
    postcode: '3201',
  },
  {
    code: 'MOL',
    name: 'Molendinar',
    state: 'QLD',
    time_zone: 'Australia/Brisbane',
    unit_number: '3',
    street_number: '17',
    street_name: 'Beacon Place',
    city: 'Molendinar',
    postcode: '4214',
  },
]
