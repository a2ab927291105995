import { MESSAGES, type UserRow, userDisplayName } from '@signalway/shared'
import { useId, useRef, useState } from 'react'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'

/**
 * 'Delete User' (SPEC.md §2): 'Are you sure you want to delete {name}? This cannot be undone.'
 * with Yes and Cancel. A native modal <dialog>: focus moves to Cancel (the safe choice), stays
 * inside, Escape cancels; the caller decides where focus goes afterwards.
 */
export function DeleteUserDialog({
  user,
  onConfirm,
  onCancel,
}: {
  /** The user to delete; null when closed. */
  user: UserRow | null
  onConfirm: (user: UserRow) => Promise<void>
  onCancel: () => void
}) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const textId = useId()
  const [busy, setBusy] = useState(false)

  const confirm = async () => {
    if (!user || busy) return
    setBusy(true)
    try {
      await onConfirm(user)
    } finally {
      setBusy(false)
    }
  }

  return (
    <ModalDialog
      open={user !== null}
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
        {MESSAGES.deleteUserTitle}
      </h2>
      <p id={textId} className="confirm-dialog__text">
        {user ? MESSAGES.deleteUserConfirm(userDisplayName(user)) : ''}
      </p>
      <div className="confirm-dialog__actions">
        <button
          type="button"
          className="button button--danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          Yes
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
