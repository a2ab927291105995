import { sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { BookingStatusValue } from '../../db/schema.ts'

/** The statuses of a booking whose totals use the account's credit: asked for, or out on hire (ADR 048). */
export const OPEN_STATUSES: BookingStatusValue[] = ['requested', 'confirmed', 'on_hire', 'off_hire_requested']

/** The account's invoiced, adjusted and paid sums: its balance's parts. */
export async function ledgerSums(db: Executor, accountId: number) {
  const sum = (table: 'invoices' | 'adjustment_notes' | 'payments', column: 'total_cents' | 'amount_cents') =>
    sql<
      number | string | null
    >`(select coalesce(sum(${sql.ref(column)}), 0) from ${sql.table(table)} where account_id = ${accountId})`
  const row = await db
    .selectNoFrom([
      sum('invoices', 'total_cents').as('invoiced'),
      sum('adjustment_notes', 'total_cents').as('adjusted'),
      sum('payments', 'amount_cents').as('paid'),
      sql<
        number | string | null
      >`(select coalesce(sum(a.amount_cents), 0) from payment_allocations a join payments p on p.id = a.payment_id where p.account_id = ${accountId})`.as(
        'allocated',
      ),
    ])
    .executeTakeFirstOrThrow()
  return {
    invoicedCents: Number(row.invoiced),
    adjustedCents: Number(row.adjusted),
    paidCents: Number(row.paid),
    allocatedCents: Number(row.allocated),
  }
}

/** The account's open bookings with what invoice lines have charged each so far (ex GST). */
export async function openBookingsCharged(
  db: Executor,
  accountId: number,
  statuses: readonly BookingStatusValue[],
  exceptId?: number,
) {
  let query = db
    .selectFrom('bookings')
    .select(['bookings.id', 'bookings.total_cents'])
    .select((eb) =>
      eb
        .selectFrom('invoice_lines')
        .select((l) => l.fn.coalesce(l.fn.sum<number>('invoice_lines.amount_cents'), l.lit(0)).as('s'))
        .whereRef('invoice_lines.booking_id', '=', 'bookings.id')
        .as('charged_cents'),
    )
    .where('bookings.account_id', '=', accountId)
    .where('bookings.status', 'in', [...statuses])
  if (exceptId !== undefined) query = query.where('bookings.id', '!=', exceptId)
  return query.execute()
}
