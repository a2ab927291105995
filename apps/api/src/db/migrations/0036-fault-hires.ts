import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * A fault of a unit on hire (ADR 049): the booking line it was on hire under when it was reported, and so the
 * customer account and site that see it in My Account; and the member who reported it from My Account (null for
 * a report from the unit's public label page).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('fault_reports')
    .addColumn('booking_line_id', 'integer', (col) => col.references('booking_lines.id'))
    .execute()
  await db.schema
    .alterTable('fault_reports')
    .addColumn('account_id', 'integer', (col) => col.references('customer_accounts.id'))
    .execute()
  await db.schema
    .alterTable('fault_reports')
    .addColumn('site_id', 'integer', (col) => col.references('customer_account_sites.id'))
    .execute()
  await db.schema
    .alterTable('fault_reports')
    .addColumn('reporter_user_id', 'integer', (col) => col.references('users.id'))
    .execute()
  // An account's faults, newest first.
  await db.schema
    .createIndex('fault_reports_account_idx')
    .on('fault_reports')
    .columns(['account_id', 'reported_at'])
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('fault_reports_account_idx').execute()
  for (const column of ['reporter_user_id', 'site_id', 'account_id', 'booking_line_id'])
    await db.schema.alterTable('fault_reports').dropColumn(column).execute()
}
