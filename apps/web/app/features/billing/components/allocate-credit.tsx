import { type Payment, RECEIVABLES_MESSAGES as RULES } from '@signalway/shared/receivables'
import { type FormEvent, useId, useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import {
  allocationsToSend,
  checkAllocations,
  dollarsText,
  type OpenInvoice,
  suggestAllocations,
} from '../allocation.ts'
import type { AdminBillingApi } from '../api.ts'
import { dayText, money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { apiWords } from '../words.ts'

/** A payment whose money is not all allocated: an overpayment, or a payment recorded before its invoice. */
export const withCredit = (payments: readonly Payment[]) =>
  payments.filter(
    (payment) =>
      payment.reversesPaymentId === null &&
      payment.reversedByPaymentId === null &&
      payment.unallocatedCents > 0,
  )

const suggested = (payment: Payment | undefined, invoices: readonly OpenInvoice[]) =>
  suggestAllocations(payment?.unallocatedCents ?? 0, invoices).map(dollarsText)

/** Why the typed allocations cannot be sent, or '' when they can. */
export function allocationProblem(
  payment: Payment | undefined,
  invoices: readonly OpenInvoice[],
  typed: readonly string[],
): string {
  if (!payment) return 'Choose the payment to allocate.'
  const check = checkAllocations(payment.unallocatedCents, invoices, typed)
  const over = check.overOwing[0]
  if (over !== undefined) {
    const invoice = invoices[over]
    return RULES.overOwing(invoice?.number ?? '', money(invoice?.owingCents ?? 0))
  }
  if (check.overPayment) return RULES.overPayment
  if (allocationsToSend(invoices, typed).length === 0) return RULES.allocationsRequired
  return ''
}

/**
 * "Allocate a payment's credit" (requirements §22): what is left of a payment (an overpayment, or money received
 * before its invoice) allocated later to the invoices with something owing, oldest first unless staff change it.
 */
export function AllocateCredit({
  accountId,
  payments,
  invoices,
  api,
  onAllocated,
}: {
  accountId: number
  /** The account's payments with money left to allocate (withCredit). */
  payments: readonly Payment[]
  /** The open invoices, oldest first. */
  invoices: readonly OpenInvoice[]
  api: Pick<AdminBillingApi, 'allocate'>
  onAllocated: () => Promise<void>
}) {
  const headingId = useId()
  const paymentFieldId = useId()
  const errorId = useId()
  const notify = useNotify()
  const [paymentId, setPaymentId] = useState(payments[0]?.id ?? 0)
  const payment = payments.find((each) => each.id === paymentId)
  const [typed, setTyped] = useState(() => suggested(payment, invoices))
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  if (payments.length === 0 || invoices.length === 0) return null
  const check = checkAllocations(payment?.unallocatedCents ?? 0, invoices, typed)
  const choose = (id: number) => {
    setPaymentId(id)
    setTyped(
      suggested(
        payments.find((each) => each.id === id),
        invoices,
      ),
    )
    setError('')
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = allocationProblem(payment, invoices, typed)
    setError(problem)
    if (problem || !payment) return
    setBusy(true)
    try {
      await api.allocate(accountId, payment.id, allocationsToSend(invoices, typed))
      notify.success(SCREEN.allocated)
      await onAllocated()
    } catch (failure) {
      setError(apiWords(failure, SCREEN.allocateFailed))
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Allocate a payment’s credit
      </h2>
      <form
        className="publishing__form billing-payment-form"
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className="field">
          <label className="field__label" htmlFor={paymentFieldId}>
            Payment
          </label>
          <select
            id={paymentFieldId}
            className="input"
            value={paymentId}
            onChange={(event) => choose(Number(event.currentTarget.value))}
          >
            {payments.map((each) => (
              <option key={each.id} value={each.id}>
                {`${dayText(each.receivedOn)} ${each.reference || 'payment'}: ${money(each.unallocatedCents)} to allocate`}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="billing-allocations-fields">
          <legend className="field__label">Allocate to invoices (oldest first)</legend>
          {invoices.map((invoice, index) => (
            <AmountField
              key={invoice.id}
              label={`${invoice.number}, due ${dayText(invoice.dueDate)}`}
              hint={`Owing ${money(invoice.owingCents)}`}
              value={typed[index] ?? ''}
              onChange={(value) =>
                setTyped((before) => before.map((text, at) => (at === index ? value : text)))
              }
            />
          ))}
        </fieldset>
        <p className="billing-payment-sums" aria-live="polite">
          {`Allocated ${money(check.allocatedCents)}; left as credit ${money(Math.max(0, check.unallocatedCents))}.`}
        </p>
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="form-actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy || undefined}
            aria-describedby={error ? errorId : undefined}
          >
            {busy ? 'Allocating…' : 'Allocate'}
          </button>
        </div>
      </form>
    </section>
  )
}

function AmountField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string
  hint: string
  value: string
  onChange: (value: string) => void
}) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <p id={hintId} className="field__hint">
        {hint}
      </p>
    </div>
  )
}
