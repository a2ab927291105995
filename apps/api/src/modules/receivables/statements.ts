import { addDays, formatIsoDay, parseIsoDay } from '@signalway/shared/business-time'
import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import {
  RECEIVABLES_MESSAGES as MESSAGES,
  monthDays,
  PAYMENT_METHOD_LABELS,
  type Statement,
  type StatementEntry,
} from '@signalway/shared/receivables'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { findAccount } from '../customer-accounts/repository.ts'
import { type AccountEntries, positionAt } from './figures.ts'
import { accountEntries } from './lists.ts'
import type { ReceivablesDeps } from './payments.ts'

/*
 * A monthly statement (requirements §22): for a Melbourne calendar month, the balance at the end of the day before
 * it, the month's invoices, adjustment notes and payments (reversals as entries of their own) in date order with
 * the running balance, the balance at the end of its last day, and the ageing then. Worked out from the entries
 * each time it is asked for: nothing about it is stored.
 */

type Undated = Omit<StatementEntry, 'balanceCents'>

function monthEntries(entries: AccountEntries, from: string, to: string): Undated[] {
  const within = (day: string) => day >= from && day <= to
  const rows: Undated[] = [
    ...entries.invoices
      .filter((row) => within(row.issue_date))
      .map((row) => ({
        date: row.issue_date,
        kind: 'invoice' as const,
        reference: row.number,
        description: `Tax invoice, due ${row.due_date}`,
        debitCents: row.total_cents,
        creditCents: 0,
      })),
    ...entries.notes
      .filter((row) => within(row.issue_date))
      .map((row) => ({
        date: row.issue_date,
        kind: 'adjustment_note' as const,
        reference: row.number,
        description: `Adjustment note to ${row.invoice_number}: ${row.reason}`,
        debitCents: 0,
        creditCents: row.total_cents,
      })),
    ...entries.payments
      .filter((row) => within(row.received_on))
      .map((row) => {
        const method = PAYMENT_METHOD_LABELS[row.method]
        const reversal = row.reverses_payment_id !== null
        return {
          date: row.received_on,
          kind: reversal ? ('payment_reversal' as const) : ('payment' as const),
          reference: row.reference,
          description: reversal ? `Payment reversed (${method})` : `Payment received (${method})`,
          debitCents: reversal ? -row.amount_cents : 0,
          creditCents: reversal ? 0 : row.amount_cents,
        }
      }),
  ]
  // Stable: by day, then invoices, notes and payments in the order they were written.
  return rows.sort((a, b) => a.date.localeCompare(b.date))
}

export async function accountStatement(
  deps: ReceivablesDeps,
  accountId: number,
  month: string,
): Promise<Statement> {
  const days = monthDays(month)
  if (!days) throw new ValidationError({ month: [MESSAGES.monthInvalid] })
  const account = await findAccount(deps.db, accountId)
  if (!account) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  const entries = await accountEntries(deps.db, accountId)
  const before = formatIsoDay(addDays(parseIsoDay(days.first) as never, -1))
  const opening = positionAt(entries, before).balanceCents
  const closing = positionAt(entries, days.last)
  let running = opening
  const lines = monthEntries(entries, days.first, days.last).map((entry) => {
    running += entry.debitCents - entry.creditCents
    return { ...entry, balanceCents: running }
  })
  const sum = (kinds: readonly string[], cents: (entry: StatementEntry) => number) =>
    lines.filter((entry) => kinds.includes(entry.kind)).reduce((total, entry) => total + cents(entry), 0)
  return {
    month,
    from: days.first,
    to: days.last,
    account: {
      id: account.id,
      accountNumber: account.account_number,
      legalName: account.legal_name,
      address: entries.invoices.at(-1)?.buyer_address ?? '',
    },
    openingBalanceCents: opening,
    entries: lines,
    invoicedCents: sum(['invoice'], (entry) => entry.debitCents),
    adjustedCents: sum(['adjustment_note'], (entry) => entry.creditCents),
    paidCents: sum(['payment', 'payment_reversal'], (entry) => entry.creditCents - entry.debitCents),
    closingBalanceCents: closing.balanceCents,
    ageing: closing.ageing,
    unallocatedCreditCents: closing.unallocatedCreditCents,
  }
}
