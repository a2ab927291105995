import { useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { saveBlob } from '../../../lib/save-blob.ts'
import { BILLING_SCREEN_MESSAGES as SCREEN } from '../messages.ts'
import { apiWords } from '../words.ts'

/**
 * A button that downloads a file made by the API (a sealed PDF, a CSV) with the signed-in person's token, saved
 * under `filename`; busy while it comes, and a refusal said in the API's words.
 */
export function DownloadButton({
  fetch,
  filename,
  label,
  hidden,
  failed = SCREEN.pdfFailed,
  className = 'link-button',
}: {
  fetch: () => Promise<Blob>
  filename: string
  /** What the button shows, e.g. 'Download (PDF)'. */
  label: string
  /** Said to screen readers after the label: which document. */
  hidden?: string
  failed?: string
  className?: string
}) {
  const notify = useNotify()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      saveBlob(await fetch(), filename)
    } catch (error) {
      notify.error(apiWords(error, failed))
    } finally {
      setBusy(false)
    }
  }
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => void download()}
    >
      {label}
      {hidden ? <span className="visually-hidden">{` ${hidden}`}</span> : null}
    </button>
  )
}

/** 'INV-000001.pdf', 'AN-000002.pdf', as the API names them. */
export const documentFilename = (number: string) => `${number.replace(/[^\w-]+/g, '')}.pdf`
