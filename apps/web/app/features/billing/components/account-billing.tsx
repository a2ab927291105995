import { formatDateTime } from '@signalway/shared/business-time'
import { type Ledger, PAYMENT_METHOD_LABELS, type Payment } from '@signalway/shared/receivables'
import { useCallback, useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { AdminTable } from '../../../components/ui/data-table/admin-table.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { paths } from '../../../lib/paths.ts'
import { openInvoices } from '../allocation.ts'
import { ADMIN_BILLING_API, type AdminBillingApi } from '../api.ts'
import { dayText, money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { apiWords } from '../words.ts'
import { AllocateCredit, withCredit } from './allocate-credit.tsx'
import { DocumentTables } from './document-tables.tsx'
import { PaymentForm } from './payment-form.tsx'
import { AccountPosition } from './position.tsx'
import { ReverseDialog } from './reverse-dialog.tsx'
import { StatementsPanel } from './statements.tsx'

type Reversing =
  | { kind: 'payment'; payment: Payment }
  | { kind: 'allocation'; payment: Payment; allocationId: number; invoiceNumber: string; amountCents: number }
  | null

/** The days of the ledger's documents and payments (the statements offered start at the earliest). */
export function ledgerDays(
  ledger: Pick<Ledger, 'invoices' | 'adjustmentNotes'> & { payments?: Ledger['payments'] },
) {
  return [
    ...ledger.invoices.map((invoice) => invoice.issueDate),
    ...ledger.adjustmentNotes.map((note) => note.issueDate),
    ...(ledger.payments ?? []).map((payment) => payment.receivedOn),
  ]
}

/**
 * An account's billing for staff (requirements §22): where it stands (balance, credit, ageing), "Record a payment",
 * its invoices and adjustment notes with their PDFs, its payments with their allocations (each reversible by an
 * opposite entry, after a confirmation with the reason), what is left of a payment allocated later, and its monthly
 * statements.
 */
export function AccountBilling({ id, api = ADMIN_BILLING_API }: { id: number; api?: AdminBillingApi }) {
  const load = useCallback(() => api.ledger(id), [api, id])
  const { loaded, reload } = useLoaded(load, SCREEN.ledgerLoadFailed)
  const [version, setVersion] = useState(0)
  const refresh = async () => {
    await reload()
    setVersion((value) => value + 1)
  }
  const open = useMemo(() => (loaded.state === 'ready' ? openInvoices(loaded.value.invoices) : []), [loaded])
  if (loaded.state === 'failed')
    return <LoadFailed message={SCREEN.ledgerLoadFailed} onRetry={reload} className="inbox__empty" />
  if (loaded.state === 'loading') return <p className="inbox__count">Loading the account’s billing…</p>
  const ledger = loaded.value
  return (
    <div className="publishing billing-account">
      <p>
        <Link to={paths.admin.account(ledger.account.id)}>Back to the account</Link>
        {' · '}
        <Link to={paths.admin.invoicesOf(ledger.account.id)}>Its invoices in the list</Link>
      </p>
      <AccountPosition
        position={ledger}
        title={`${ledger.account.accountNumber} ${ledger.account.legalName}: where it stands`}
      />
      <PaymentForm
        key={version}
        accountId={ledger.account.id}
        invoices={open}
        api={api}
        onRecorded={refresh}
      />
      <DocumentTables
        invoices={ledger.invoices}
        notes={ledger.adjustmentNotes}
        pdf={api.pdf}
        invoiceHref={(invoiceId) => paths.admin.invoice(invoiceId)}
      />
      <Payments ledger={ledger} api={api} onChanged={refresh} />
      <AllocateCredit
        key={`credit-${version}`}
        accountId={ledger.account.id}
        payments={withCredit(ledger.payments)}
        invoices={open}
        api={api}
        onAllocated={refresh}
      />
      <StatementsPanel
        accountNumber={ledger.account.accountNumber}
        days={ledgerDays(ledger)}
        pdf={(month) => api.statementPdf(ledger.account.id, month)}
      />
    </div>
  )
}

const PAYMENT_COLUMNS = [
  { label: 'Received' },
  { label: 'Paid by' },
  { label: 'Reference' },
  { label: 'Amount' },
  { label: 'Allocations' },
  { label: 'Unallocated' },
  { label: 'Actions', hidden: true },
] as const

function paymentState(payment: Payment): string {
  if (payment.reversesPaymentId !== null) return ' (reversal)'
  if (payment.reversedByPaymentId !== null) return ' (reversed)'
  return ''
}

function Payments({
  ledger,
  api,
  onChanged,
}: {
  ledger: Ledger
  api: AdminBillingApi
  onChanged: () => Promise<void>
}) {
  const headingId = useId()
  const notify = useNotify()
  const [reversing, setReversing] = useState<Reversing>(null)
  const accountId = ledger.account.id
  const confirm = async (reason: string): Promise<string> => {
    if (!reversing) return ''
    try {
      if (reversing.kind === 'payment') {
        await api.reversePayment(accountId, reversing.payment.id, reason)
        notify.success(SCREEN.paymentReversed)
      } else {
        await api.reverseAllocation(
          accountId,
          { paymentId: reversing.payment.id, allocationId: reversing.allocationId },
          reason,
        )
        notify.success(SCREEN.allocationReversed)
      }
      setReversing(null)
      await onChanged()
      return ''
    } catch (error) {
      return apiWords(error, SCREEN.reverseFailed)
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Payments
      </h2>
      {ledger.payments.length === 0 ? (
        <p className="inbox__empty">No payments yet.</p>
      ) : (
        <AdminTable
          label="Payments"
          caption="The account’s payments and reversals with their allocations"
          className="billing-payments"
          columns={PAYMENT_COLUMNS}
        >
          {ledger.payments.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} onReverse={setReversing} />
          ))}
        </AdminTable>
      )}
      <ReverseDialog
        open={reversing !== null}
        title={reversing?.kind === 'allocation' ? 'Reverse the allocation' : 'Reverse the payment'}
        text={
          reversing?.kind === 'allocation'
            ? `${money(reversing.amountCents)} allocated to ${reversing.invoiceNumber} goes back to the payment to allocate again, by an opposite entry.`
            : reversing
              ? `A negative payment of ${money(reversing.payment.amountCents)} dated today reverses it and its allocations. It cannot be undone.`
              : ''
        }
        onConfirm={confirm}
        onCancel={() => setReversing(null)}
      />
    </section>
  )
}

function PaymentRow({ payment, onReverse }: { payment: Payment; onReverse: (reversing: Reversing) => void }) {
  const live = payment.reversesPaymentId === null && payment.reversedByPaymentId === null
  const label = payment.reference || `payment of ${dayText(payment.receivedOn)}`
  return (
    <tr>
      <td data-label="Received">
        {dayText(payment.receivedOn)}
        <span className="field__hint">{`Recorded ${formatDateTime(payment.createdAt)}`}</span>
      </td>
      <td data-label="Paid by">{`${PAYMENT_METHOD_LABELS[payment.method]}${paymentState(payment)}`}</td>
      <td data-label="Reference">{payment.reference}</td>
      <td data-label="Amount">{money(payment.amountCents)}</td>
      <td data-label="Allocations">
        {payment.allocations.length === 0 ? (
          'None'
        ) : (
          <ul className="billing-allocation-list">
            {payment.allocations.map((allocation) => (
              <li key={allocation.id}>
                {`${allocation.invoiceNumber}: ${money(allocation.amountCents)}`}
                {allocation.reversed ? ' (reversed)' : ''}
                {live && !allocation.reversed && allocation.reversesAllocationId === null ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() =>
                      onReverse({
                        kind: 'allocation',
                        payment,
                        allocationId: allocation.id,
                        invoiceNumber: allocation.invoiceNumber,
                        amountCents: allocation.amountCents,
                      })
                    }
                  >
                    Reverse
                    <span className="visually-hidden">{` the allocation to ${allocation.invoiceNumber}`}</span>
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label="Unallocated">{money(payment.unallocatedCents)}</td>
      <td data-label="Actions">
        {live ? (
          <button
            type="button"
            className="button button--outline button--sm"
            onClick={() => onReverse({ kind: 'payment', payment })}
          >
            Reverse<span className="visually-hidden">{` ${label}`}</span>
          </button>
        ) : null}
      </td>
    </tr>
  )
}
