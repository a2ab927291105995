import type { Executor } from '../../db/database.ts'
import type { BookingStatusValue } from '../../db/schema.ts'

/** The statuses of a booking whose totals use the account's credit: asked for, or out on hire (ADR 048). */
export const OPEN_STATUSES: BookingStatusValue[] = ['requested', 'confirmed', 'on_hire', 'off_hire_requested']

/** The totals inc GST of the account's open bookings, leaving one out when given. */
export async function openBookingsTotal(db: Executor, accountId: number, exceptId?: number): Promise<number> {
  let query = db
    .selectFrom('bookings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), eb.lit(0)).as('total'))
    .where('account_id', '=', accountId)
    .where('status', 'in', OPEN_STATUSES)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.total)
}
