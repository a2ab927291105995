import { MESSAGES, type UserRow, userDisplayName } from '@signalway/shared'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx'

/**
 * 'Delete User' (requirements §2): 'Are you sure you want to delete {name}? This cannot be undone.'
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
  return (
    <ConfirmDialog
      open={user !== null}
      title={MESSAGES.deleteUserTitle}
      text={user ? MESSAGES.deleteUserConfirm(userDisplayName(user)) : ''}
      confirmLabel="Yes"
      onConfirm={async () => {
        if (user) await onConfirm(user)
      }}
      onCancel={onCancel}
    />
  )
}
