import { withGst } from '@signalway/shared/money'
import { accountBalance } from '@signalway/shared/receivables'
import type { Executor } from '../../db/database.ts'
import { ledgerSums, OPEN_STATUSES, openBookingsCharged } from './credit-repository.ts'

/*
 * The available credit of a customer account (ADR 048, 051): its credit limit less its balance (the amounts owing
 * on its invoices less its unallocated credit) and less what its open bookings (requested, confirmed, on hire,
 * off-hire requested) have not been invoiced yet: each booking's total inc GST less what its invoice lines have
 * charged it (with GST), never below 0. A booking invoiced in part is counted once: its invoices in the balance,
 * the rest here. The one rule the booking request's staff check, the staff's booking detail, the ledger and My
 * Account all use.
 */

export interface CreditAccount {
  id: number
  credit_limit_cents: number | string
}

/** What the account's open bookings will still be invoiced, leaving one booking out when given. */
export async function uninvoicedBookings(
  db: Executor,
  accountId: number,
  exceptBookingId?: number,
): Promise<number> {
  const rows = await openBookingsCharged(db, accountId, OPEN_STATUSES, exceptBookingId)
  return rows.reduce(
    (sum, row) =>
      sum + Math.max(0, Number(row.total_cents) - withGst(Number(row.charged_cents ?? 0) as never)),
    0,
  )
}

/** The account's available credit, leaving one booking out when given (the booking being decided). */
export async function availableCredit(
  db: Executor,
  account: CreditAccount,
  exceptBookingId?: number,
): Promise<number> {
  const [sums, uninvoiced] = await Promise.all([
    ledgerSums(db, account.id),
    uninvoicedBookings(db, account.id, exceptBookingId),
  ])
  return Number(account.credit_limit_cents) - accountBalance(sums) - uninvoiced
}
