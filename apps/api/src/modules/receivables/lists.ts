import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import type { Paged } from '@signalway/shared/http'
import type { InvoiceListQuery, InvoiceSummary, Ledger, MyInvoices } from '@signalway/shared/receivables'
import type { Executor } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import { availableCredit } from '../customer-accounts/available-credit.ts'
import { findAccount } from '../customer-accounts/repository.ts'
import {
  type AccountEntries,
  melbourneDay,
  positionAt,
  toInvoiceSummary,
  toNoteSummary,
  toPayment,
} from './figures.ts'
import type { ReceivablesDeps } from './payments.ts'
import {
  findInvoicePage,
  listAccountAllocations,
  listAccountInvoices,
  listAccountNotes,
  listAccountPayments,
} from './repository.ts'

/*
 * The receivables' lists (requirements §22): every invoice for staff, filtered and paged, with its status and
 * amount owing; an account's ledger for staff; and the account's invoices, notes and position for its Account
 * admins and Accounts members in My Account.
 */

/** Every invoice, newest first, with its status and amount owing. */
export async function listInvoices(
  deps: ReceivablesDeps,
  query: InvoiceListQuery,
): Promise<Paged<InvoiceSummary>> {
  const today = melbourneDay(deps.clock())
  const { rows, total } = await findInvoicePage(deps.db, query, today)
  return {
    items: rows.map((row) => toInvoiceSummary(row, today)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  }
}

export async function accountEntries(db: Executor, accountId: number): Promise<AccountEntries> {
  const [invoices, notes, payments, allocations] = await Promise.all([
    listAccountInvoices(db, accountId),
    listAccountNotes(db, accountId),
    listAccountPayments(db, accountId),
    listAccountAllocations(db, accountId),
  ])
  return { invoices, notes, payments, allocations }
}

async function accountOf(db: Executor, accountId: number) {
  const account = await findAccount(db, accountId)
  if (!account) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return account
}

/** The account's documents and where it stands today. */
async function documentsAndPosition(deps: ReceivablesDeps, account: Awaited<ReturnType<typeof accountOf>>) {
  const today = melbourneDay(deps.clock())
  const entries = await accountEntries(deps.db, account.id)
  return {
    entries,
    invoices: entries.invoices.map((row) => toInvoiceSummary(row, today)),
    adjustmentNotes: entries.notes.map(toNoteSummary),
    asAt: today,
    ...positionAt(entries, today),
    creditLimitCents: account.credit_limit_cents,
    availableCreditCents: await availableCredit(deps.db, account),
  }
}

export async function accountLedger(deps: ReceivablesDeps, accountId: number): Promise<Ledger> {
  const account = await accountOf(deps.db, accountId)
  const { entries, ...view } = await documentsAndPosition(deps, account)
  const reversedBy = new Map(
    entries.payments
      .filter((row) => row.reverses_payment_id !== null)
      .map((row) => [row.reverses_payment_id, row.id]),
  )
  return {
    account: {
      id: account.id,
      accountNumber: account.account_number,
      legalName: account.legal_name,
      paymentTermsDays: account.payment_terms_days,
    },
    ...view,
    payments: entries.payments.map((row) =>
      toPayment(row, entries.allocations, reversedBy.get(row.id) ?? null),
    ),
  }
}

export async function myInvoices(deps: ReceivablesDeps, accountId: number): Promise<MyInvoices> {
  const { entries: _entries, ...view } = await documentsAndPosition(deps, await accountOf(deps.db, accountId))
  return view
}
