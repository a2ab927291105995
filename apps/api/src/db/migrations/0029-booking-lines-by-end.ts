import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * A unit's booking lines by end rather than by start (ADR 044). Availability asks which lines overlap a period:
 * they start before it ends and end after it starts. By start, the index scan of each unit reads every line the
 * unit ever had up to the period, a history that only grows; by end, it starts at the period and reads on only
 * as far as the unit is booked ahead. The start stays in the index, so the overlap test still reads no table row.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('booking_lines_unit_end_idx')
    .on('booking_lines')
    .columns(['unit_id', 'ends_at', 'starts_at'])
    .execute()
  await db.schema.dropIndex('booking_lines_unit_period_idx').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('booking_lines_unit_period_idx')
    .on('booking_lines')
    .columns(['unit_id', 'starts_at', 'ends_at'])
    .execute()
  await db.schema.dropIndex('booking_lines_unit_end_idx').execute()
}
