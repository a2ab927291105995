import type { Executor } from '../../db/database.ts'
import { openBookingsTotal } from './credit-repository.ts'

/*
 * The available credit of a customer account (ADR 048): its credit limit less the totals inc GST of its open
 * bookings (requested, confirmed, on hire, off-hire requested). The one rule the booking request's staff check,
 * the staff's booking detail and My Account's account all use.
 */

export interface CreditAccount {
  id: number
  credit_limit_cents: number | string
}

/** The account's available credit, leaving one booking out when given (the booking being decided). */
export async function availableCredit(
  db: Executor,
  account: CreditAccount,
  exceptBookingId?: number,
): Promise<number> {
  return Number(account.credit_limit_cents) - (await openBookingsTotal(db, account.id, exceptBookingId))
}
