import type { ReactNode } from 'react'
import { FormActions } from '../../../components/form/index.ts'

/** A dialog form's actions: its submit button, then Cancel, which waits while the submit is under way. */
export function DialogActions({
  children,
  onCancel,
  busy,
}: {
  children: ReactNode
  onCancel: () => void
  busy: boolean
}) {
  return (
    <FormActions className="confirm-dialog__actions">
      {children}
      <button type="button" className="button button--outline" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
    </FormActions>
  )
}
