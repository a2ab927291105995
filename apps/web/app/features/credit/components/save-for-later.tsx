import {
  CREDIT_DRAFT_DAYS,
  CREDIT_DRAFT_MESSAGES,
  type CreditDraftSaved,
} from '@signalway/shared/credit/drafts'
import { emailField } from '@signalway/shared/fields'
import { z } from 'zod'
import { Form, SubmitButton, TextField } from '../../../components/form/index.ts'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError } from '../../../lib/api-client.ts'
import { creditFailureMessage } from '../failure.ts'
import { DialogActions } from './dialog-actions.tsx'
import { useEmailDialog } from './use-email-dialog.ts'

const emailSchema = z.object({ email: emailField() })

export interface SaveForLaterProps {
  open: boolean
  /** The email the link goes to first (the application's, when it has one). */
  suggestedEmail: string
  /** Saves the form as it is now; answers where the link went and until when. */
  save: (email: string) => Promise<CreditDraftSaved>
  onClose: () => void
}

/**
 * "Save and continue later": the email the link goes to, in a modal dialog of its own (its form is
 * not inside the application's). A failed save says so and keeps the dialog, and the application, as they are.
 */
export function SaveForLaterDialog({ open, suggestedEmail, save, onClose }: SaveForLaterProps) {
  const { titleId, textId, form, busy, setBusy, dialog } = useEmailDialog(emailSchema, suggestedEmail)
  const notify = useNotify()

  const submit = async ({ email }: { email: string }) => {
    setBusy(true)
    try {
      const saved = await save(email)
      notify.success(CREDIT_DRAFT_MESSAGES.saved(saved.email))
      onClose()
    } catch (error) {
      notify.error(
        isApiError(error) && error.status === 413
          ? CREDIT_DRAFT_MESSAGES.tooLarge
          : creditFailureMessage(error, CREDIT_DRAFT_MESSAGES.saveFailed),
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <ModalDialog open={open} onClose={onClose} {...dialog}>
      <h2 id={titleId} className="confirm-dialog__title">
        Save and Continue Later
      </h2>
      <p id={textId} className="confirm-dialog__text">
        We will email you a link to continue this application in any browser, with everything entered so far,
        files and signatures included. The link works for {CREDIT_DRAFT_DAYS} days.
      </p>
      <Form form={form} onSubmit={submit} aria-label="Save and continue later">
        <TextField name="email" label="Email the link to" type="email" autoComplete="email" required />
        <DialogActions onCancel={onClose} busy={busy}>
          <SubmitButton busyLabel="Saving…" variant="primary">
            Save and Email the Link
          </SubmitButton>
        </DialogActions>
      </Form>
    </ModalDialog>
  )
}
