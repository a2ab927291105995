import {
  FAQ_CATEGORIES,
  FAQ_LIMITS,
  FAQ_MESSAGES,
  type FaqAdminItem,
  type FaqFormValues,
  faqInputSchema,
} from '@signalway/shared/faqs'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Form,
  FormActions,
  Select,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { deleteFaq, getFaq, saveFaq } from '../api/faqs.ts'
import { previewMarkdown } from '../api/news.ts'
import { MarkdownField } from './markdown-field.tsx'

export const FAQ_LOAD_FAILED = 'Unable to load the question.'

export interface FaqEditorApi {
  get: (id: number) => Promise<FaqAdminItem>
  save: typeof saveFaq
  remove: (id: number, version: number) => Promise<void>
  preview: (markdown: string) => Promise<string>
}

const DEFAULT_API: FaqEditorApi = { get: getFaq, save: saveFaq, remove: deleteFaq, preview: previewMarkdown }

const formSchema = faqInputSchema.omit({ version: true })

/**
 * A question of the FAQ: the question, its category and its answer in Markdown with a preview.
 * A new question goes last in its category (the list moves it). A failed save keeps everything typed; a save
 * or a delete made from an older copy is refused and says so.
 */
export function FaqEditor({ id, api = DEFAULT_API }: { id: number | null; api?: FaqEditorApi }) {
  const { state, reload, record: faq, setSaved } = useRecord(id, api.get, FAQ_LOAD_FAILED)
  if (state === 'failed') {
    return <LoadFailed message={FAQ_LOAD_FAILED} onRetry={reload} className="inbox__empty" />
  }
  if (state === 'loading') return <p className="inbox__count">Loading the question…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.faqs}>Back to FAQs</Link>
      </p>
      <FaqForm
        key={faq ? `${faq.id}:${faq.version}` : 'new'}
        faq={faq}
        api={api}
        onSaved={setSaved}
        onReload={async () => {
          if (faq) setSaved(await api.get(faq.id))
        }}
      />
    </div>
  )
}

function FaqForm({
  faq,
  api,
  onSaved,
  onReload,
}: {
  faq: FaqAdminItem | null
  api: FaqEditorApi
  onSaved: (faq: FaqAdminItem) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const headingId = useId()
  const failed = useSaveErrors(FAQ_MESSAGES.saveFailed)
  const [conflict, setConflict] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const form = useZodForm(formSchema, {
    defaultValues: faq
      ? { question: faq.question, category: faq.category, answer: faq.answer }
      : // The category starts unchosen: the select shows "Please select".
        ({ question: '', category: '', answer: '' } as unknown as FaqFormValues),
  })

  const submit = async (values: FaqFormValues) => {
    try {
      const result = await api.save(faq?.id ?? null, faq ? { ...values, version: faq.version } : values)
      notify.success(FAQ_MESSAGES.saved)
      if (faq) onSaved(result)
      else void navigate(paths.admin.faq(result.id), { replace: true })
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }

  const remove = async () => {
    if (!faq) return
    try {
      await api.remove(faq.id, faq.version)
      notify.success(FAQ_MESSAGES.deleted)
      void navigate(paths.admin.faqs, { replace: true })
    } catch (error) {
      setConfirming(false)
      if (isApiError(error) && error.status === 409) setConflict(true)
      notify.error(failureMessage(error, FAQ_MESSAGES.deleteFailed))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {faq ? 'Edit the Question' : 'A New Question'}
      </h2>
      <p className="record-panel__hint">
        {faq ? (
          <>
            On the FAQ page at <a href={`${paths.faqs}#${faq.slug}`}>{`${paths.faqs}#${faq.slug}`}</a>. Saving
            shows the changes on the site within a few seconds.
          </>
        ) : (
          'A new question goes last in its category; move it on the FAQs list.'
        )}
      </p>
      {conflict ? (
        <ConflictNotice
          message={FAQ_MESSAGES.conflict}
          reloadLabel="Reload the Question"
          onReload={onReload}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField
          name="question"
          label="Question"
          maxLength={FAQ_LIMITS.questionMax}
          autoComplete="off"
          required
        />
        <Select name="category" label="Category" options={FAQ_CATEGORIES} required />
        <MarkdownField
          name="answer"
          label="Answer"
          maxLength={FAQ_LIMITS.answerMax}
          preview={api.preview}
          emptyNote="The answer is empty."
          rows={8}
          required
        />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save Question
          </SubmitButton>
          {faq ? (
            <button type="button" className="button button--outline" onClick={() => setConfirming(true)}>
              Delete the Question
            </button>
          ) : null}
        </FormActions>
      </Form>
      {faq ? (
        <ConfirmDialog
          open={confirming}
          title="Delete the Question"
          text={`“${faq.question}” will no longer show on the FAQ page. This cannot be undone.`}
          confirmLabel="Delete"
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  )
}
