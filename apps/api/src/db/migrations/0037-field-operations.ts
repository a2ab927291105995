import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Field operations (ADR 050, requirements §21): the staff role "Driver" (a user and the depot they drive for), the
 * stops of a depot's day as the dispatcher saved them (one row per delivery of a booking or collection of an
 * off-hire, `stop_key` unique), and the dockets signed on site. A docket's `client_id` is made on the phone and is
 * unique: the same docket sent twice is saved once. Its PDF is made after the docket's transaction commits and
 * named once (`pdf_file_id`); `pdf_attempts` counts the failures the retry sweep gives up after.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (table: ReturnType<AnyDb['schema']['createTable']>) =>
    table.addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )

  await db.schema
    .createTable('drivers')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()

  await id(db.schema.createTable('run_stops'))
    /** 'delivery:<bookingId>' or 'collection:<offHireId>'. */
    .addColumn('stop_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id'))
    .addColumn('off_hire_id', 'integer', (col) => col.references('off_hires.id'))
    .addColumn('depot_id', 'integer', (col) => col.notNull().references('depots.id'))
    /** The depot's calendar day, 'YYYY-MM-DD'. */
    .addColumn('run_date', 'text', (col) => col.notNull())
    .addColumn('driver_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    /** planned | done. */
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('planned'))
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // The board of a depot's day, and a driver's run.
  await db.schema
    .createIndex('run_stops_board_idx')
    .on('run_stops')
    .columns(['depot_id', 'run_date'])
    .execute()
  await db.schema
    .createIndex('run_stops_driver_idx')
    .on('run_stops')
    .columns(['driver_user_id', 'run_date'])
    .execute()

  await id(db.schema.createTable('dockets'))
    /** 'DK-2026-000123'. */
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('client_id', 'text', (col) => col.notNull().unique())
    .addColumn('stop_id', 'integer', (col) => col.notNull().references('run_stops.id'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('booking_id', 'integer', (col) => col.notNull().references('bookings.id'))
    .addColumn('off_hire_id', 'integer', (col) => col.references('off_hires.id'))
    .addColumn('driver_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    /** The driver's name as it was. */
    .addColumn('driver_name', 'text', (col) => col.notNull())
    .addColumn('received_by', 'text', (col) => col.notNull())
    .addColumn('received_by_email', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('signature_file_id', 'text', (col) => col.notNull().references('files.id'))
    /** JSON text: the photos' files.id, in the order sent. */
    .addColumn('photo_file_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
    /** When the person on site signed (the phone's clock). */
    .addColumn('signed_at', 'text', (col) => col.notNull())
    /** When the docket reached the server. */
    .addColumn('received_at', 'text', (col) => col.notNull())
    .addColumn('pdf_file_id', 'text', (col) => col.references('files.id'))
    .addColumn('pdf_sha256', 'text')
    .addColumn('pdf_attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('dockets_booking_idx')
    .on('dockets')
    .columns(['booking_id', 'signed_at'])
    .execute()
  await db.schema.createIndex('dockets_stop_idx').on('dockets').column('stop_id').execute()
  // The retry sweep: dockets still without their PDF.
  await db.schema
    .createIndex('dockets_pdf_idx')
    .on('dockets')
    .columns(['pdf_file_id', 'created_at'])
    .execute()

  await id(db.schema.createTable('docket_lines'))
    .addColumn('docket_id', 'integer', (col) => col.notNull().references('dockets.id').onDelete('cascade'))
    /** Null once the line is gone (a booking declined after a part delivery): the unit's words stay. */
    .addColumn('booking_line_id', 'integer', (col) => col.references('booking_lines.id').onDelete('set null'))
    /** The unit and its type as they were. */
    .addColumn('fleet_number', 'text', (col) => col.notNull())
    .addColumn('type_name', 'text', (col) => col.notNull())
    .execute()
  await db.schema.createIndex('docket_lines_docket_idx').on('docket_lines').column('docket_id').execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['docket_lines', 'dockets', 'run_stops', 'drivers'])
    await db.schema.dropTable(table).execute()
}
