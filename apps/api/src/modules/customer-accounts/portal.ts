import {
  type CustomerAccountRole,
  CUSTOMER_ACCOUNT_MESSAGES as MESSAGES,
  type MyCustomerAccount,
  type MyCustomerAccountDetail,
  type MyCustomerAccounts,
} from '@signalway/shared/customer-accounts'
import type { Executor } from '../../db/database.ts'
import type { CustomerAccountRow } from '../../db/schema.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { availableCredit } from './available-credit.ts'
import { findMemberships } from './repository.ts'

/*
 * The customer's side of their accounts (requirements §18): what a member reads in My Account. Every query is
 * the member's own (their user id is part of it), so another account answers 404 as an unknown one does.
 */

type MembershipRow = CustomerAccountRow & { role: string }

/** The account as its member sees it, with its available credit (the limit less its open bookings' totals). */
async function mine(db: Executor, row: MembershipRow): Promise<MyCustomerAccount> {
  return {
    id: row.id,
    accountNumber: row.account_number,
    legalName: row.legal_name,
    tradingName: row.trading_name,
    role: row.role as CustomerAccountRole,
    creditLimitCents: row.credit_limit_cents,
    availableCreditCents: await availableCredit(db, row),
    paymentTermsDays: row.payment_terms_days,
    poRequired: row.po_required === 1,
    onHold: row.on_hold === 1,
  }
}

export async function listMyAccounts(db: Executor, userId: number): Promise<MyCustomerAccounts> {
  const rows = await findMemberships(db, userId)
  return { items: await Promise.all(rows.map((row) => mine(db, row))) }
}

export async function getMyAccount(
  db: Executor,
  userId: number,
  accountId: number,
): Promise<MyCustomerAccountDetail> {
  const [row] = await findMemberships(db, userId, accountId)
  if (!row) throw new NotFoundError(MESSAGES.notFound)
  return {
    ...(await mine(db, row)),
    abn: row.abn,
    acn: row.acn,
    billingEmail: row.billing_email,
    invoiceDelivery: row.invoice_delivery,
  }
}
