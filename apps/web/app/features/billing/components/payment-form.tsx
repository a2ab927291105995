import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, RECEIVABLES_LIMITS } from '@signalway/shared/receivables'
import { useId, useMemo, useRef, useState } from 'react'
import { type FieldValues, useFormContext, useWatch } from 'react-hook-form'
import {
  applyServerErrors,
  Form,
  FormActions,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import {
  allocationsToSend,
  centsOf,
  checkAllocations,
  dollarsText,
  type OpenInvoice,
  suggestAllocations,
} from '../allocation.ts'
import type { AdminBillingApi } from '../api.ts'
import { dayText, melbourneToday, money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { type PaymentFormOutput, paymentFormSchema } from '../payment-form.ts'
import { apiWords } from '../words.ts'

/**
 * "Record a payment" (requirements §22): EFT, card (the receipt's reference only) or cheque, the day it arrived,
 * the amount, and its allocations to the account's invoices with something owing, oldest first, each with what is
 * owing shown. Typing the amount suggests the allocation oldest first (until staff change one); what is not
 * allocated stays as the account's credit.
 */
export function PaymentForm({
  accountId,
  invoices,
  api,
  onRecorded,
}: {
  accountId: number
  /** The open invoices, oldest first (openInvoices). */
  invoices: readonly OpenInvoice[]
  api: Pick<AdminBillingApi, 'record'>
  onRecorded: () => Promise<void>
}) {
  const headingId = useId()
  const notify = useNotify()
  const today = melbourneToday()
  const [refusal, setRefusal] = useState('')
  const schema = useMemo(() => paymentFormSchema(invoices, today), [invoices, today])
  const defaults = {
    method: 'eft' as const,
    receivedOn: today,
    amount: '',
    reference: '',
    notes: '',
    allocations: invoices.map(() => ''),
  }
  const form = useZodForm(schema, { defaultValues: defaults })
  const submit = async (values: PaymentFormOutput) => {
    setRefusal('')
    try {
      await api.record(accountId, {
        method: values.method,
        receivedOn: values.receivedOn,
        amountCents: values.amount,
        reference: values.reference,
        notes: values.notes,
        allocations: allocationsToSend(invoices, values.allocations),
      })
      notify.success(SCREEN.paymentRecorded)
      await onRecorded()
    } catch (error) {
      applyServerErrors(form, error)
      setRefusal(apiWords(error, SCREEN.paymentFailed))
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Record a payment
      </h2>
      <Form form={form} onSubmit={submit} className="publishing__form billing-payment-form">
        <Select
          name="method"
          label="Paid by"
          placeholder={false}
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
          required
        />
        <TextField name="receivedOn" type="date" label="Received on" max={today} required />
        <AmountAndAllocations invoices={invoices} />
        <TextField
          name="reference"
          label="Reference"
          maxLength={RECEIVABLES_LIMITS.referenceMax}
          autoComplete="off"
          hint="The bank reference, cheque number or card receipt number. Never a card number."
        />
        <TextArea name="notes" label="Notes" rows={2} maxLength={RECEIVABLES_LIMITS.notesMax} />
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <FormActions>
          <SubmitButton busyLabel="Recording…" variant="primary">
            Record Payment
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

/** The amount, then an allocation per open invoice with the sums under them. */
function AmountAndAllocations({ invoices }: { invoices: readonly OpenInvoice[] }) {
  const { setValue, getValues } = useFormContext<FieldValues>()
  const changed = useRef(false)
  const amountText = (useWatch({ name: 'amount' }) ?? '') as string
  const typed = (useWatch({ name: 'allocations' }) ?? []) as string[]
  const amountCents = centsOf(amountText) ?? 0
  const check = checkAllocations(amountCents, invoices, typed)
  const suggest = () => {
    const amount = centsOf(getValues('amount') as string) ?? 0
    for (const [index, value] of suggestAllocations(amount, invoices).entries())
      setValue(`allocations.${index}`, dollarsText(value), { shouldValidate: false })
    changed.current = false
  }
  return (
    <>
      <TextField
        name="amount"
        label="Amount (dollars, inc GST)"
        inputMode="decimal"
        autoComplete="off"
        required
        onBlur={() => {
          if (!changed.current) suggest()
        }}
      />
      {invoices.length === 0 ? (
        <p className="record-panel__hint">Nothing is owing: the payment stays as the account’s credit.</p>
      ) : (
        <fieldset className="billing-allocations-fields">
          <legend className="field__label">Allocate to invoices (oldest first)</legend>
          {invoices.map((invoice, index) => (
            <TextField
              key={invoice.id}
              name={`allocations.${index}`}
              label={`${invoice.number}, due ${dayText(invoice.dueDate)}`}
              hint={`Owing ${money(invoice.owingCents)}`}
              inputMode="decimal"
              autoComplete="off"
              onChange={() => {
                changed.current = true
              }}
            />
          ))}
          <p>
            <button type="button" className="button button--outline button--sm" onClick={suggest}>
              Allocate oldest first
            </button>
          </p>
        </fieldset>
      )}
      <p className="billing-payment-sums" aria-live="polite">
        {`Allocated ${money(check.allocatedCents)}; left as credit ${money(Math.max(0, check.unallocatedCents))}.`}
        {check.overPayment ? ' The allocations are more than the payment.' : ''}
      </p>
    </>
  )
}
