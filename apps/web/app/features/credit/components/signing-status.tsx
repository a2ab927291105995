import { formatLongDateTime } from '@signalway/shared/business-time'
import {
  SIGNING_MESSAGES,
  type SignerStatus,
  type SigningStatus,
  signerEmailFormSchema,
} from '@signalway/shared/credit/signing'
import { useState } from 'react'
import {
  applyServerErrors,
  Form,
  FormActions,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { creditFailureMessage } from '../failure.ts'

const STATE_LABELS: Record<SignerStatus['state'], string> = {
  waiting: 'Waiting',
  signed: 'Signed',
  declined: 'Declined',
}

const BADGES: Record<SignerStatus['state'], string> = {
  waiting: 'badge--waiting',
  signed: 'badge--done',
  declined: 'badge--declined',
}

function ChangeEmailForm({
  signer,
  otherEmails,
  change,
  onDone,
}: {
  signer: SignerStatus
  /** The other signers' addresses: each signer needs their own. */
  otherEmails: readonly string[]
  change: (email: string) => Promise<void>
  onDone: () => void
}) {
  const notify = useNotify()
  const [schema] = useState(() => signerEmailFormSchema(otherEmails))
  const form = useZodForm(schema, { defaultValues: { email: signer.email } })
  return (
    <Form
      form={form}
      aria-label={`Change the email of ${signer.name}`}
      className="signing-signer__email"
      onSubmit={async ({ email }) => {
        try {
          await change(email)
          notify.success(SIGNING_MESSAGES.emailChanged(email))
          onDone()
        } catch (error) {
          const { applied } = applyServerErrors(form, error)
          if (applied.length === 0) notify.error(creditFailureMessage(error, SIGNING_MESSAGES.sendFailed))
        }
      }}
    >
      <TextField
        name="email"
        label={`New email for ${signer.name}`}
        type="email"
        autoComplete="off"
        required
      />
      <FormActions>
        <SubmitButton busyLabel="Sending…" variant="primary">
          Save and Send
        </SubmitButton>
        <button type="button" className="button button--outline" onClick={onDone}>
          Cancel
        </button>
      </FormActions>
    </Form>
  )
}

function SignerRow({
  signer,
  otherEmails,
  open,
  resend,
  changeEmail,
}: {
  signer: SignerStatus
  otherEmails: readonly string[]
  open: boolean
  resend: () => Promise<void>
  changeEmail: (email: string) => Promise<void>
}) {
  const notify = useNotify()
  const [editing, setEditing] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <li className={`signing-signer signing-signer--${signer.state}`}>
      <div className="signing-signer__head">
        <h3 className="signing-signer__name">
          {signer.name} <span className="signing-signer__role">({signer.role.toLowerCase()})</span>
        </h3>
        <span className={`badge ${BADGES[signer.state]}`}>{STATE_LABELS[signer.state]}</span>
      </div>
      <p className="signing-signer__detail">{signer.email}</p>
      {signer.state === 'signed' && signer.signedAt ? (
        <p className="signing-signer__detail">
          Signed {formatLongDateTime(signer.signedAt)}
          {signer.onDevice ? ', on the device that sent it for signing' : ''}
        </p>
      ) : null}
      {signer.state === 'waiting' ? (
        <p className="signing-signer__detail">
          Request sent {formatLongDateTime(signer.sentAt)}
          {signer.remindersSent > 0
            ? ` (reminder ${signer.remindersSent} of 3)`
            : '; a reminder goes after 48 hours'}
        </p>
      ) : null}
      {signer.state === 'declined' && signer.declinedAt ? (
        <p className="signing-signer__detail">
          Declined {formatLongDateTime(signer.declinedAt)}
          {signer.declineReason ? `: “${signer.declineReason}”` : ''}
        </p>
      ) : null}
      {signer.changedAfterSigning ? (
        <p className="signing-notice">{SIGNING_MESSAGES.changedAfterSigning(signer.name)}</p>
      ) : null}
      {open && signer.state !== 'signed' ? (
        editing ? (
          <ChangeEmailForm
            signer={signer}
            otherEmails={otherEmails}
            change={changeEmail}
            onDone={() => setEditing(false)}
          />
        ) : (
          <div className="signing-signer__actions">
            <button
              type="button"
              className="button button--outline"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={async () => {
                setBusy(true)
                try {
                  await resend()
                  notify.success(SIGNING_MESSAGES.resent(signer.email))
                } catch (error) {
                  notify.error(creditFailureMessage(error, SIGNING_MESSAGES.sendFailed))
                } finally {
                  setBusy(false)
                }
              }}
            >
              Send the request again<span className="visually-hidden"> to {signer.name}</span>
            </button>
            <button type="button" className="button button--outline" onClick={() => setEditing(true)}>
              Change email<span className="visually-hidden"> of {signer.name}</span>
            </button>
          </div>
        )
      ) : null}
    </li>
  )
}

/**
 * The status page of an application sent for signing: each signer with where they stand; while it
 * waits, a request can be sent again or to another address, and the application changed; once everyone has
 * signed, the signed PDF.
 */
export function SigningStatusView({
  status,
  resend,
  changeEmail,
  download,
  change,
}: {
  status: SigningStatus
  resend: (signerId: number) => Promise<void>
  changeEmail: (signerId: number, email: string) => Promise<void>
  download: () => Promise<void>
  change: () => void
}) {
  const signed = status.signers.filter((signer) => signer.state === 'signed').length
  const open = status.submitted === null
  const notify = useNotify()
  return (
    <div className="signing-status">
      <section className="signing-status__summary" aria-labelledby="signing-summary">
        <h2 id="signing-summary" className="credit-subheading">
          {status.businessName}
        </h2>
        {status.submitted ? (
          <p className="signing-done" role="status">
            {SIGNING_MESSAGES.submitted} Reference <strong>{status.submitted.reference}</strong>, submitted{' '}
            {formatLongDateTime(status.submitted.submittedAt)}.
          </p>
        ) : (
          <p>
            <strong>
              {signed} of {status.signers.length} signed.
            </strong>{' '}
            The application is submitted as soon as everyone has signed; then you can download the signed PDF
            here.
          </p>
        )}
      </section>
      <ul className="signing-signers" aria-label="Signers">
        {status.signers.map((signer) => (
          <SignerRow
            key={signer.id}
            signer={signer}
            otherEmails={status.signers.filter((other) => other.id !== signer.id).map((other) => other.email)}
            open={open}
            resend={() => resend(signer.id)}
            changeEmail={(email) => changeEmail(signer.id, email)}
          />
        ))}
      </ul>
      <div className="form-actions">
        {status.submitted ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() =>
              void download().catch((error: unknown) =>
                notify.error(failureMessage(error, 'Unable to download the PDF. Please try again.')),
              )
            }
          >
            Download the signed PDF
          </button>
        ) : (
          <button type="button" className="button button--outline" onClick={change}>
            Change the application
          </button>
        )}
      </div>
    </div>
  )
}
