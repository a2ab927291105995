import { RECEIVABLES_LIMITS, RECEIVABLES_MESSAGES } from '@signalway/shared/receivables'
import { useId, useRef, useState } from 'react'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'

/**
 * The confirmation of a reversal (a payment, or one allocation): what it does, the reason (required, kept in the
 * audit log), then Reverse or Cancel. Focus starts on the reason; Escape cancels; a refusal is shown inside.
 */
export function ReverseDialog({
  open,
  title,
  text,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  text: string
  /** Resolves to the refusal to show, or '' when done. */
  onConfirm: (reason: string) => Promise<string>
  onCancel: () => void
}) {
  const titleId = useId()
  const textId = useId()
  const reasonId = useId()
  const errorId = useId()
  const reasonRef = useRef<HTMLTextAreaElement>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const confirm = async () => {
    if (reason.trim() === '') {
      setError(RECEIVABLES_MESSAGES.reasonRequired)
      reasonRef.current?.focus()
      return
    }
    setBusy(true)
    try {
      const refusal = await onConfirm(reason.trim())
      setError(refusal)
      if (refusal === '') setReason('')
    } finally {
      setBusy(false)
    }
  }
  const cancel = () => {
    setReason('')
    setError('')
    onCancel()
  }
  return (
    <ModalDialog
      open={open}
      onClose={cancel}
      className="confirm-dialog"
      danger
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={reasonRef}
      busy={busy}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={textId} className="confirm-dialog__text">
        {text}
      </p>
      <div className="field">
        <label htmlFor={reasonId} className="field__label">
          Reason <span aria-hidden="true">*</span>
        </label>
        <textarea
          id={reasonId}
          ref={reasonRef}
          className="input"
          rows={2}
          maxLength={RECEIVABLES_LIMITS.notesMax}
          value={reason}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        {error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Reverse
        </button>
        <button type="button" className="button button--outline" onClick={cancel} disabled={busy}>
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}
