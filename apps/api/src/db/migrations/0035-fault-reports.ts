import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Fault reports (ADR 049): what someone at a unit reported from its public page, who and where, its re-encoded
 * photo, and the on-call staff's progress (reported, acknowledged, on_the_way, resolved). `escalated_at` is set in
 * the transaction that queues the escalation email, so a crash never sends it twice. References ('F-2026-000123')
 * come from a row of `customer_account_counters` per year.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  // Degrees and metres: SQLite's real is 8 bytes; PostgreSQL's real only 4, too coarse for a position.
  const float = postgres ? 'double precision' : 'real'
  await db.schema
    .createTable('fault_reports')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('unit_id', 'integer', (col) => col.notNull().references('units.id'))
    .addColumn('status', 'text', (col) => col.notNull())
    /** JSON text: the symptom codes chosen. */
    .addColumn('symptoms', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('reporter_name', 'text', (col) => col.notNull())
    .addColumn('reporter_phone', 'text', (col) => col.notNull())
    .addColumn('lat', float)
    .addColumn('lng', float)
    .addColumn('accuracy_m', float)
    /** The photo re-encoded as WebP without metadata; null when none was sent. */
    .addColumn('photo', postgres ? 'bytea' : 'blob')
    .addColumn('ip', 'text')
    .addColumn('reported_at', 'text', (col) => col.notNull())
    .addColumn('escalated_at', 'text')
    .addColumn('acknowledged_at', 'text')
    .addColumn('on_the_way_at', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_note', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  // The queue (open first, by time) and the escalation sweep (reported, oldest first).
  await db.schema
    .createIndex('fault_reports_status_idx')
    .on('fault_reports')
    .columns(['status', 'reported_at'])
    .execute()
  // The per-unit limit counts a unit's recent reports.
  await db.schema
    .createIndex('fault_reports_unit_idx')
    .on('fault_reports')
    .columns(['unit_id', 'reported_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('fault_reports').execute()
}
