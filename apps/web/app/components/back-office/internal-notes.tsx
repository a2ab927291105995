import { formatDateTime } from '@signalway/shared'
import { type InternalNote, NOTE_MAX, noteInputSchema } from '@signalway/shared/back-office'
import { useId } from 'react'
import { failureMessage } from '../../lib/api-client.ts'
import { applyServerErrors, Form, FormActions, SubmitButton, TextArea, useZodForm } from '../form/index.ts'
import { useNotify } from '../ui/notifications/index.ts'

export const NOTE_ADDED = 'The note has been added.'
export const NOTE_FAILED = 'Unable to add the note.'

/**
 * The staff's internal notes on a back-office record: the list, oldest first, with author and
 * time, and a form to add one. Never shown to the customer. `level` is the heading's level where it sits.
 */
export function InternalNotes({
  notes,
  add,
  onAdded,
  level = 2,
  className = 'credit-record__panel',
}: {
  notes: readonly InternalNote[]
  add: (body: string) => Promise<InternalNote>
  onAdded: (note: InternalNote) => void
  level?: 2 | 3
  className?: string
}) {
  const notify = useNotify()
  const headingId = useId()
  const form = useZodForm(noteInputSchema, { defaultValues: { body: '' } })
  const Heading = `h${level}` as const
  return (
    <section className={className} aria-labelledby={headingId}>
      <Heading id={headingId} className="credit-record__title">
        Internal Notes
      </Heading>
      {notes.length === 0 ? (
        <p className="credit-record__hint">
          No notes yet. Notes are for staff only; the customer never sees them.
        </p>
      ) : (
        <ol className="credit-record__notes" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="credit-record__note">
              <p className="credit-record__meta">
                {note.author}, <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
              </p>
              <p className="credit-record__body">{note.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form
        form={form}
        onSubmit={async (values) => {
          try {
            onAdded(await add(values.body))
            notify.success(NOTE_ADDED)
            form.reset({ body: '' })
          } catch (error) {
            applyServerErrors(form, error)
            notify.error(failureMessage(error, NOTE_FAILED))
          }
        }}
      >
        <TextArea name="body" label="Add a Note" maxLength={NOTE_MAX} required />
        <FormActions>
          <SubmitButton busyLabel="Adding…" variant="primary">
            Add Note
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
