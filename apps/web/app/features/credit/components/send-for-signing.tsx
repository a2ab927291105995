import { SIGNING_LINK_DAYS, SIGNING_MESSAGES } from '@signalway/shared/credit/signing'
import { emailField } from '@signalway/shared/fields'
import { z } from 'zod'
import { Form, SubmitButton, TextField } from '../../../components/form/index.ts'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { creditFailureMessage } from '../failure.ts'
import { DialogActions } from './dialog-actions.tsx'
import { useEmailDialog } from './use-email-dialog.ts'

const schema = z.object({ email: emailField({ invalid: 'Invalid email address.' }) })

export interface SendForSigningProps {
  /** Who is asked to sign, and where their request goes. */
  signers: readonly { name: string; email: string }[]
  /** Those who signed here, on this device (mixed signing, ADR 036): no request goes to them. */
  signedHere?: readonly string[]
  /** 'Director', 'Partner', 'Sole Trader'. */
  role: string
  /** The status page's link goes here first (the application's email). */
  suggestedEmail: string
  /** A change to an application already sent: no new status link. */
  changing?: boolean
  /** Sends the requests; resolves once they are on their way (the caller moves on). */
  send: (completerEmail: string) => Promise<void>
  onClose: () => void
}

/**
 * Remote signing: who will be asked to sign and where the person completing gets the status page's
 * link, confirmed in a modal dialog before anything is sent. A failure says so and keeps everything.
 */
export function SendForSigningDialog({
  signers,
  signedHere = [],
  role,
  suggestedEmail,
  changing = false,
  send,
  onClose,
}: SendForSigningProps) {
  const { titleId, textId, form, busy, setBusy, dialog } = useEmailDialog(schema, suggestedEmail)
  const notify = useNotify()

  const submit = async ({ email }: { email: string }) => {
    setBusy(true)
    try {
      await send(email)
    } catch (error) {
      setBusy(false)
      notify.error(creditFailureMessage(error, SIGNING_MESSAGES.sendFailed))
    }
  }

  return (
    <ModalDialog open onClose={onClose} {...dialog}>
      <h2 id={titleId} className="confirm-dialog__title">
        {changing ? 'Save the Changes' : 'Send for Signing'}
      </h2>
      <div id={textId} className="confirm-dialog__text">
        <p>
          {changing
            ? 'Anyone who signed before this change will be asked to sign again. Requests go to:'
            : `We will email a link to sign (valid for ${SIGNING_LINK_DAYS} days) to:`}
        </p>
        <ul className="credit-signing-choice__list">
          {signers.map((signer) => (
            <li key={`${signer.name}-${signer.email}`}>
              <strong>{signer.name}</strong> ({role.toLowerCase()}): {signer.email}
            </li>
          ))}
        </ul>
        {signedHere.length > 0 ? (
          <p>
            Signed here, on this device: {signedHere.join(', ')}. No request goes to{' '}
            {signedHere.length === 1 ? 'them' : 'any of them'}.
          </p>
        ) : null}
      </div>
      <Form form={form} onSubmit={submit} aria-label="Send for signing">
        <TextField
          name="email"
          label="Email me the link to follow the signatures"
          type="email"
          autoComplete="email"
          required
        />
        <DialogActions onCancel={onClose} busy={busy}>
          <SubmitButton busyLabel="Sending…" variant="primary">
            {changing ? 'Save and Send' : 'Send the Requests'}
          </SubmitButton>
        </DialogActions>
      </Form>
    </ModalDialog>
  )
}
