import { businessDay, formatIsoDay } from '@signalway/shared/business-time'
import {
  IMAGE_UPLOAD_MAX_BYTES,
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
import { type ChangeEvent, useId, useState } from 'react'
import { useFormContext, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import { ConflictNotice, useSaveErrors } from '../../../components/back-office/save-errors.tsx'
import { useRecord } from '../../../components/back-office/use-record.ts'
import {
  FieldShell,
  Form,
  FormActions,
  fieldAria,
  Select,
  SubmitButton,
  TextArea,
  TextField,
  useFieldError,
  useFieldIds,
  useZodForm,
} from '../../../components/form/index.ts'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { getNewsItem, previewMarkdown, saveNewsItem, uploadImage } from '../api/news.ts'
import { MarkdownField } from './markdown-field.tsx'
import { PublishStatusBadge } from './news-list.tsx'

export const NEWS_LOAD_FAILED = 'Unable to load the news item.'
export const IMAGE_UPLOAD_FAILED = 'Unable to upload the image.'

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
        <ImageField upload={api.upload} />
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

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(file)
  })
}

/** The image: uploaded as soon as it is chosen; the server checks its bytes and keeps a re-encoded copy. */
function ImageField({ upload }: { upload: NewsEditorApi['upload'] }) {
  const { setValue, setError, clearErrors } = useFormContext<NewsFormValues>()
  const image = useWatch<NewsFormValues, 'image'>({ name: 'image' })
  const ids = useFieldIds()
  const error = useFieldError('image')
  const [busy, setBusy] = useState(false)
  const hint = 'PNG, JPEG or WebP, at least 800 × 450 pixels; it is cropped to 16:9 around its subject.'

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      setError('image', { type: 'server', message: PUBLISHING_MESSAGES.imageTooLarge })
      input.value = ''
      return
    }
    setBusy(true)
    try {
      const uploaded = await upload(await readAsDataUrl(file))
      setValue('image', uploaded.image, { shouldDirty: true })
      clearErrors('image')
    } catch (failure) {
      const message =
        (isApiError(failure) && failure.modelState?.image?.[0]) ||
        failureMessage(failure, IMAGE_UPLOAD_FAILED)
      setError('image', { type: 'server', message })
    } finally {
      setBusy(false)
      input.value = ''
    }
  }

  return (
    <FieldShell ids={ids} label="Image" hint={hint} required error={error} className="publishing__image">
      <div className="publishing__image-frame">
        {image ? (
          <img src={image} width={400} height={225} alt="" className="publishing__image-preview" />
        ) : (
          <span className="publishing__image-empty">No image yet</span>
        )}
      </div>
      <input
        id={ids.inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="input input--file"
        data-field="image"
        onChange={(event) => void choose(event)}
        aria-busy={busy || undefined}
        {...fieldAria(ids, { required: true, hint, error })}
      />
      <p className="publishing__status" role="status">
        {busy ? 'Uploading the image…' : ''}
      </p>
    </FieldShell>
  )
}
