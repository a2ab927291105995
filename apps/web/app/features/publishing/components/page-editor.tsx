import {
  PAGE_LIMITS,
  PAGE_MESSAGES,
  type PageAdminItem,
  type PageCreate,
  pageCreateSchema,
  pageInputSchema,
} from '@signalway/shared/publishing'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Form,
  FormActions,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { paths } from '../../../lib/paths.ts'
import { previewMarkdown } from '../api/news.ts'
import { createPage, getPage, savePage } from '../api/pages.ts'
import { MarkdownField } from './markdown-field.tsx'

export const PAGE_LOAD_FAILED = 'Unable to load the page.'

export interface PageEditorApi {
  get: (name: string) => Promise<PageAdminItem>
  create: typeof createPage
  save: typeof savePage
  preview: (markdown: string) => Promise<string>
}

const DEFAULT_API: PageEditorApi = {
  get: getPage,
  create: createPage,
  save: savePage,
  preview: previewMarkdown,
}

/** The editor's values: a new page has an address; an existing one keeps its own. */
const formSchema = pageCreateSchema
const editSchema = pageInputSchema.omit({ version: true })

/**
 * Editing a content page: its title, the description search engines show, and its text in
 * Markdown with a preview. A new page gets an address the site does not use. A failed save keeps everything
 * typed; a save made from an older copy is refused and says so.
 */
export function PageEditor({ name, api = DEFAULT_API }: { name: string | null; api?: PageEditorApi }) {
  const { state, reload, record: page, setSaved } = useRecord(name, api.get, PAGE_LOAD_FAILED)
  if (state === 'failed') {
    return <LoadFailed message={PAGE_LOAD_FAILED} onRetry={reload} className="inbox__empty" />
  }
  if (state === 'loading') return <p className="inbox__count">Loading the page…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.pages}>Back to Pages</Link>
      </p>
      {page ? (
        <EditForm
          key={`${page.name}:${page.version}`}
          page={page}
          api={api}
          onSaved={setSaved}
          onReload={async () => setSaved(await api.get(page.name))}
        />
      ) : (
        <CreateForm api={api} />
      )}
    </div>
  )
}

function PageFields({ preview }: { preview: PageEditorApi['preview'] }) {
  return (
    <>
      <TextField name="title" label="Title" maxLength={PAGE_LIMITS.titleMax} autoComplete="off" required />
      <TextArea
        name="description"
        label="Description"
        hint="Shown under the title and by search engines."
        rows={2}
        maxLength={PAGE_LIMITS.descriptionMax}
        required
      />
      <MarkdownField
        name="content"
        label="Text"
        maxLength={PAGE_LIMITS.contentMax}
        preview={preview}
        emptyNote="The text is empty: the page shows its title and description only."
        rows={18}
      />
    </>
  )
}

function SavePage() {
  return (
    <FormActions>
      <SubmitButton busyLabel="Saving…" variant="primary">
        Save Page
      </SubmitButton>
    </FormActions>
  )
}

function EditForm({
  page,
  api,
  onSaved,
  onReload,
}: {
  page: PageAdminItem
  api: PageEditorApi
  onSaved: (page: PageAdminItem) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const headingId = useId()
  const failed = useSaveErrors(PAGE_MESSAGES.saveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(editSchema, {
    defaultValues: { title: page.title, description: page.description, content: page.content },
  })
  const submit = async (values: { title: string; description: string; content: string }) => {
    try {
      const result = await api.save(page.name, { ...values, version: page.version })
      notify.success(PAGE_MESSAGES.saved)
      onSaved(result)
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {page.title}
      </h2>
      <p className="record-panel__hint">
        At <a href={`/${page.name}/`}>/{page.name}/</a>.{' '}
        {page.builtIn && page.updatedAt === null
          ? 'Until it is saved here, the page shows the text that ships with the site, which the form starts from.'
          : 'Saving shows the changes on the site within a few seconds.'}
      </p>
      {conflict ? (
        <ConflictNotice message={PAGE_MESSAGES.conflict} reloadLabel="Reload the Page" onReload={onReload} />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <PageFields preview={api.preview} />
        <SavePage />
      </Form>
    </section>
  )
}

function CreateForm({ api }: { api: PageEditorApi }) {
  const notify = useNotify()
  const navigate = useNavigate()
  const headingId = useId()
  const failed = useSaveErrors(PAGE_MESSAGES.saveFailed)
  const form = useZodForm(formSchema, {
    defaultValues: { name: '', title: '', description: '', content: '' },
  })
  const submit = async (values: PageCreate) => {
    try {
      const result = await api.create(values)
      notify.success(PAGE_MESSAGES.saved)
      void navigate(paths.admin.page(result.name), { replace: true })
    } catch (error) {
      failed(form, error)
    }
  }
  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        A New Page
      </h2>
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField
          name="name"
          label="Address"
          hint="The page's path without slashes at its ends, e.g. careers or resources/hire-rates."
          maxLength={PAGE_LIMITS.nameMax}
          autoComplete="off"
          spellCheck={false}
          required
        />
        <PageFields preview={api.preview} />
        <SavePage />
      </Form>
    </section>
  )
}
