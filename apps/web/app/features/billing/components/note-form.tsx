import { INVOICE_LIMITS, type InvoiceDetail } from '@signalway/shared/invoices'
import { useId, useState } from 'react'
import { useFieldArray, useWatch } from 'react-hook-form'
import {
  applyServerErrors,
  Form,
  FormActions,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import type { AdminBillingApi } from '../api.ts'
import { money } from '../format.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { emptyNoteLine, type NoteFormOutput, noteFigures, noteFormSchema } from '../note-form.ts'
import { apiWords } from '../words.ts'

/**
 * "Issue adjustment note" (ADR 051): the reason and the lines to take off the invoice, ex GST; the GST and total are
 * worked out as typed, as the API will; a refusal (more than the invoice still has) is said in the API's words and
 * the typed lines stay.
 */
export function NoteForm({
  invoice,
  api,
  onIssued,
}: {
  invoice: InvoiceDetail
  api: Pick<AdminBillingApi, 'issueNote'>
  onIssued: () => Promise<void>
}) {
  const headingId = useId()
  const notify = useNotify()
  const [refusal, setRefusal] = useState('')
  const form = useZodForm(noteFormSchema, { defaultValues: { reason: '', lines: [emptyNoteLine()] } })
  const submit = async (values: NoteFormOutput) => {
    setRefusal('')
    try {
      const note = await api.issueNote(invoice.id, {
        reason: values.reason,
        lines: values.lines.map((line) => ({ description: line.description, amountCents: line.amount })),
      })
      notify.success(SCREEN.noteIssued(note.number))
      form.reset({ reason: '', lines: [emptyNoteLine()] })
      await onIssued()
    } catch (error) {
      applyServerErrors(form, error)
      setRefusal(apiWords(error, SCREEN.noteFailed))
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        Issue adjustment note
      </h2>
      <p className="record-panel__hint">
        {`Takes amounts off ${invoice.number} (GST is added); at most what it still has: ${money(invoice.uncreditedCents)} including GST.`}
      </p>
      <Form form={form} onSubmit={submit} className="publishing__form billing-note-form">
        <TextArea
          name="reason"
          label="Reason"
          rows={2}
          maxLength={INVOICE_LIMITS.reasonMax}
          hint="Printed on the adjustment note."
          required
        />
        <NoteLines />
        {refusal ? (
          <p className="field__error" role="alert">
            {refusal}
          </p>
        ) : null}
        <FormActions>
          <SubmitButton busyLabel="Issuing…" variant="primary">
            Issue Adjustment Note
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}

function NoteLines() {
  const { fields, append, remove } = useFieldArray<{ lines: { description: string; amount: string }[] }>({
    name: 'lines',
  })
  const lines = (useWatch({ name: 'lines' }) ?? []) as { amount: string }[]
  const figures = noteFigures(lines.map((line) => line.amount ?? ''))
  return (
    <fieldset className="billing-note-lines">
      <legend className="field__label">Lines</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="billing-note-line">
          <TextField
            name={`lines.${index}.description`}
            label={`Line ${index + 1} description`}
            maxLength={INVOICE_LIMITS.descriptionMax}
            required
          />
          <TextField
            name={`lines.${index}.amount`}
            label={`Line ${index + 1} amount ex GST (dollars)`}
            inputMode="decimal"
            autoComplete="off"
            required
          />
          {fields.length > 1 ? (
            <button type="button" className="button button--outline button--sm" onClick={() => remove(index)}>
              {`Remove line ${index + 1}`}
            </button>
          ) : null}
        </div>
      ))}
      {fields.length < INVOICE_LIMITS.noteLinesMax ? (
        <p>
          <button
            type="button"
            className="button button--outline button--sm"
            onClick={() => append(emptyNoteLine())}
          >
            Add a line
          </button>
        </p>
      ) : null}
      <p className="billing-note-figures" aria-live="polite">
        {`Subtotal ${money(figures.subtotalCents)} ex GST + GST ${money(figures.gstCents)} = ${money(figures.totalCents)} inc GST`}
      </p>
    </fieldset>
  )
}
