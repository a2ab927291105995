import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import {
  NEWS_LIMITS,
  type NewsAdminItem,
  type NewsFormValues,
  newsInputSchema,
  PUBLISH_STATUS_LABELS,
  PUBLISH_STATUSES,
  PUBLISHING_MESSAGES,
  slugify,
  type UploadedImage,
} from '@signalway/shared/publishing'
import { useId, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  Form,
  FormActions,
  ImageField,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { uploadImage } from '../../../lib/media.ts'
import { paths } from '../../../lib/paths.ts'
import { getNewsItem, previewMarkdown, saveNewsItem } from '../api/news.ts'
import { MarkdownField } from './markdown-field.tsx'
import { PublishStatusBadge } from './news-list.tsx'

export const NEWS_LOAD_FAILED = 'Unable to load the news item.'

export interface NewsEditorApi {
  get: (id: number) => Promise<NewsAdminItem>
  save: typeof saveNewsItem
  upload: (dataUrl: string) => Promise<UploadedImage>
  preview: (markdown: string) => Promise<string>
}

const DEFAULT_API: NewsEditorApi = {
  get: getNewsItem,
  save: saveNewsItem,
  upload: uploadImage,
  preview: previewMarkdown,
}

const formSchema = newsInputSchema.omit({ version: true })

/**
 * Writing and publishing a news item: title, slug (made from the title when left empty), date,
 * summary, a Markdown body with a preview rendered by the server, an uploaded image with its alternative
 * text, and draft or published. A failed save keeps everything typed; a save made from an older copy is
 * refused by the server and says so.
 */
export function NewsEditor({ id, api = DEFAULT_API }: { id: number | null; api?: NewsEditorApi }) {
  const { state, reload, record: item, setSaved } = useRecord(id, api.get, NEWS_LOAD_FAILED)
  if (state === 'failed') {
    return <LoadFailed message={NEWS_LOAD_FAILED} onRetry={reload} className="inbox__empty" />
  }
  if (state === 'loading') return <p className="inbox__count">Loading the news item…</p>
  return (
    <div className="publishing">
      <p>
        <Link to={paths.admin.news}>Back to News</Link>
      </p>
      <NewsForm
        key={item ? `${item.id}:${item.version}` : 'new'}
        item={item}
        api={api}
        onSaved={setSaved}
        onReload={async () => {
          if (item) setSaved(await api.get(item.id))
        }}
      />
    </div>
  )
}

function defaultsOf(item: NewsAdminItem | null): NewsFormValues {
  return item
    ? {
        title: item.title,
        slug: item.slug,
        date: item.date,
        summary: item.summary,
        body: item.body,
        image: item.image,
        imageAlt: item.imageAlt,
        status: item.status,
      }
    : {
        title: '',
        slug: '',
        date: formatIsoDay(businessDay()),
        summary: '',
        body: '',
        image: '',
        imageAlt: '',
        status: 'draft',
      }
}

function NewsForm({
  item,
  api,
  onSaved,
  onReload,
}: {
  item: NewsAdminItem | null
  api: NewsEditorApi
  onSaved: (item: NewsAdminItem) => void
  onReload: () => Promise<void>
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const headingId = useId()
  const failed = useSaveErrors(PUBLISHING_MESSAGES.saveFailed)
  const [conflict, setConflict] = useState(false)
  const form = useZodForm(formSchema, { defaultValues: defaultsOf(item) })
  const title = useWatch({ control: form.control, name: 'title' })

  const submit = async (values: NewsFormValues) => {
    try {
      const result = await api.save(item?.id ?? null, item ? { ...values, version: item.version } : values)
      notify.success(PUBLISHING_MESSAGES.saved)
      if (item) onSaved(result)
      else void navigate(paths.admin.newsItem(result.id), { replace: true })
    } catch (error) {
      failed(form, error, () => setConflict(true))
    }
  }

  return (
    <section className="record-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="record-panel__title">
        {item ? 'Edit the News Item' : 'A New News Item'}{' '}
        {item ? <PublishStatusBadge status={item.status} /> : null}
      </h2>
      {item?.status === 'published' ? (
        <p className="record-panel__hint">
          Published at <Link to={paths.newsItem(item.slug)}>{paths.newsItem(item.slug)}</Link>. Saving changes
          shows them on the site within a few seconds.
        </p>
      ) : null}
      {conflict ? (
        <ConflictNotice
          message={PUBLISHING_MESSAGES.conflict}
          reloadLabel="Reload the News Item"
          onReload={onReload}
        />
      ) : null}
      <Form form={form} onSubmit={submit} className="publishing__form">
        <TextField name="title" label="Title" maxLength={NEWS_LIMITS.titleMax} autoComplete="off" required />
        <TextField
          name="slug"
          label="Slug"
          hint={`The end of the item's address: /news/${form.getValues('slug') || slugify(title ?? '') || '…'}/. Left empty, it is made from the title.`}
          maxLength={NEWS_LIMITS.slugMax}
          autoComplete="off"
          spellCheck={false}
        />
        <TextField name="date" label="Date" type="date" required />
        <TextArea
          name="summary"
          label="Summary"
          hint="Shown in the news list and under the title."
          rows={3}
          maxLength={NEWS_LIMITS.summaryMax}
          required
        />
        <MarkdownField
          name="body"
          label="Body"
          maxLength={NEWS_LIMITS.bodyMax}
          preview={api.preview}
          emptyNote="The body is empty: the page shows the summary only."
        />
        <ImageField<NewsFormValues> name="image" upload={api.upload} required />
        <TextField
          name="imageAlt"
          label="Image Description (alternative text)"
          hint="What the image shows, for people who cannot see it."
          maxLength={NEWS_LIMITS.altMax}
          autoComplete="off"
          required
        />
        <Select
          name="status"
          label="Status"
          placeholder={false}
          options={PUBLISH_STATUSES.map((value) => ({ value, label: PUBLISH_STATUS_LABELS[value] }))}
          hint="A draft is seen only here; published items are on the News page and in the sitemap."
          required
        />
        <FormActions>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save News Item
          </SubmitButton>
        </FormActions>
      </Form>
    </section>
  )
}
