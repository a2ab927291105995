import { useId, useRef, useState } from 'react'
import { ModalDialog } from './modal-dialog.tsx'

/**
 * A destructive choice confirmed in a native modal <dialog>: the question, then the confirming button and
 * Cancel. Focus moves to Cancel (the safe choice) and stays inside; Escape cancels; while the confirmed
 * action runs, both buttons wait. The caller decides where focus goes afterwards.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  onConfirm: () => Promise<void>
  onCancel: () => void
}) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const textId = useId()
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (!open || busy) return
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
    }
  }

  return (
    <ModalDialog
      open={open}
      onClose={onCancel}
      className="confirm-dialog"
      danger
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={cancelRef}
      restoreFocus={false}
      busy={busy}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        {title}
      </h2>
      <p id={textId} className="confirm-dialog__text">
        {text}
      </p>
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="button button--outline"
          onClick={onCancel}
          disabled={busy}
        >
          Cancel
        </button>
      </div>
    </ModalDialog>
  )
}
