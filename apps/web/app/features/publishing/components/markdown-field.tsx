import { useId, useState } from 'react'
import { useFormContext } from 'react-hook-form'
import { TextArea } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'

export const PREVIEW_FAILED = 'Unable to show the preview.'

const MARKDOWN_HINT =
  'Markdown: ## for a heading, **bold**, *italic*, [words](https://…) for a link, - for a list. HTML is shown as text.'

/**
 * A Markdown text (a news body, a page's text), with a preview the server renders exactly as the public page
 * will. The text area stays in place while the preview shows, so nothing typed is lost.
 */
export function MarkdownField({
  name,
  label,
  maxLength,
  preview,
  emptyNote,
  rows = 12,
  required,
}: {
  name: string
  label: string
  maxLength: number
  preview: (markdown: string) => Promise<string>
  emptyNote: string
  rows?: number
  required?: boolean
}) {
  const notify = useNotify()
  const previewId = useId()
  const { getValues } = useFormContext()
  const [html, setHtml] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const show = async () => {
    setBusy(true)
    try {
      setHtml(await preview(String(getValues(name) ?? '')))
    } catch (error) {
      notify.error(failureMessage(error, PREVIEW_FAILED))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="publishing__body">
      <TextArea
        name={name}
        label={label}
        hint={MARKDOWN_HINT}
        rows={rows}
        maxLength={maxLength}
        required={required}
      />
      <button
        type="button"
        className="button button--outline button--sm"
        onClick={() => void show()}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-controls={previewId}
      >
        {html === null ? 'Show Preview' : 'Update Preview'}
      </button>
      <section id={previewId} aria-label="Preview" className="publishing__preview" hidden={html === null}>
        {html === null ? null : html === '' ? (
          <p className="record-panel__hint">{emptyNote}</p>
        ) : (
          // Rendered by the API with raw HTML disabled, as on the public page.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
          <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        )}
      </section>
    </div>
  )
}
