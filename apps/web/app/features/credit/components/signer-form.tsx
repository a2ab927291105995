import { SIGNING_MESSAGES, type SigningRequestView } from '@signalway/shared/credit/signing'
import { useId, useState } from 'react'
import { useController, useFormContext } from 'react-hook-form'
import { z } from 'zod'
import {
  applyServerErrors,
  Checkbox,
  FieldErrorText,
  Form,
  FormActions,
  SubmitButton,
  TextArea,
  useZodForm,
} from '../../../components/form/index.ts'
import { SignaturePad } from '../../../components/signature-pad/index.ts'
import { ModalDialog } from '../../../components/ui/modal-dialog.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { TermsBox } from '../../../components/ui/terms-box.tsx'
import { failureMessage, isApiError } from '../../../lib/api-client.ts'
import { ApplicationSectionList } from './credit-application-values.tsx'
import { DialogActions } from './dialog-actions.tsx'

const signerSchema = (guarantee: boolean) =>
  z.object({
    agree: z.literal(true, { error: SIGNING_MESSAGES.agreementRequired }),
    signature: z.string().min(1, { error: SIGNING_MESSAGES.signatureRequired }),
    guarantee: guarantee
      ? z.string().min(1, { error: SIGNING_MESSAGES.guaranteeRequired })
      : z.string().optional(),
  })
type SignerValues = { agree: boolean; signature: string; guarantee?: string | undefined }

function PadField({
  name,
  label,
  caption,
}: {
  name: 'signature' | 'guarantee'
  label: string
  caption: string
}) {
  const { control, clearErrors } = useFormContext<SignerValues>()
  const { field, fieldState } = useController({ control, name })
  const errorId = useId()
  const error = fieldState.error?.message
  return (
    <div className="credit-signature" data-field={name} tabIndex={-1}>
      <p className="credit-signature__caption">{caption}</p>
      <SignaturePad
        value={field.value ?? ''}
        onChange={(value) => {
          field.onChange(value)
          if (value) clearErrors(name)
        }}
        label={label}
        invalid={Boolean(error)}
        describedBy={error ? errorId : undefined}
      />
      <FieldErrorText id={errorId} message={error} />
    </div>
  )
}

/**
 * What a signer reads and signs: the application as the person completing it entered it, read-only;
 * the Terms and Conditions of Hire; for a Pty Ltd the Guarantee and Indemnity; then the agreement, the
 * signature (drawn, or the typed name) and, for a Pty Ltd, the guarantor's signature. "Decline to sign" asks
 * for an optional reason first.
 */
export function SignerDocument({
  view,
  sign,
  decline,
}: {
  view: SigningRequestView
  sign: (values: { signature: string; guarantee?: string }) => Promise<void>
  decline: (reason: string) => Promise<void>
}) {
  const { document, signer } = view
  const guarantee = document.guarantee.length > 0
  const notify = useNotify()
  const form = useZodForm(signerSchema(guarantee), {
    defaultValues: { agree: false, signature: '', guarantee: '' } as never,
  })
  const [declining, setDeclining] = useState(false)

  const submit = async (values: SignerValues) => {
    try {
      await sign({ signature: values.signature, ...(guarantee ? { guarantee: values.guarantee ?? '' } : {}) })
    } catch (error) {
      const { applied } = applyServerErrors(form, error)
      if (applied.length === 0)
        notify.error(failureMessage(error, 'Unable to record your signature. Please try again.'))
    }
  }

  return (
    <>
      <section className="credit-record__panel signer-document" aria-labelledby="signer-application">
        <h2 id="signer-application" className="credit-record__title">
          {document.title}
        </h2>
        <ApplicationSectionList sections={document.sections} />
      </section>
      <section className="credit-terms signer-document__terms" aria-labelledby="signer-terms">
        <h2 id="signer-terms" className="credit-subheading">
          Terms and Conditions of Hire
        </h2>
        <TermsBox clauses={document.terms} level={3} />
      </section>
      {guarantee ? (
        <section className="credit-guarantee" aria-labelledby="signer-guarantee">
          <h2 id="signer-guarantee" className="credit-subheading">
            Guarantee and Indemnity
          </h2>
          <p className="form-note">
            As a director, you sign this guarantee and indemnity personally, as guarantor.
          </p>
          <ol className="credit-guarantee__clauses">
            {document.guarantee.map((clause) => (
              <li key={clause.title}>
                <strong>{clause.title}.</strong> {clause.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <Form form={form} onSubmit={submit} aria-label="Sign the application" className="signer-form">
        <Checkbox name="agree" label={document.agreement} required />
        <div className="credit-signatures__grid">
          <PadField
            name="signature"
            label={`Signature of ${signer.name}`}
            caption={`${signer.name}, ${signer.role.toLowerCase()}`}
          />
          {guarantee ? (
            <PadField
              name="guarantee"
              label={`Guarantor signature of ${signer.name}`}
              caption={`${signer.name}, guarantor`}
            />
          ) : null}
        </div>
        <FormActions>
          <SubmitButton busyLabel="Signing…">Sign the application</SubmitButton>
          <button type="button" className="button button--outline" onClick={() => setDeclining(true)}>
            Decline to sign
          </button>
        </FormActions>
      </Form>
      {declining ? (
        <DeclineDialog
          decline={async (reason) => {
            await decline(reason)
            setDeclining(false)
          }}
          onClose={() => setDeclining(false)}
        />
      ) : null}
    </>
  )
}

const declineSchema = z.object({ reason: z.string().trim().max(500, { error: 'Reason is too long.' }) })

function DeclineDialog({
  decline,
  onClose,
}: {
  decline: (reason: string) => Promise<void>
  onClose: () => void
}) {
  const titleId = useId()
  const textId = useId()
  const notify = useNotify()
  const form = useZodForm(declineSchema, { defaultValues: { reason: '' } })
  const [busy, setBusy] = useState(false)
  return (
    <ModalDialog
      open
      onClose={onClose}
      className="confirm-dialog"
      danger
      labelledBy={titleId}
      describedBy={textId}
      busy={busy}
    >
      <h2 id={titleId} className="confirm-dialog__title">
        Decline to Sign
      </h2>
      <p id={textId} className="confirm-dialog__text">
        The person completing the application will be told that you declined, with your reason if you give
        one.
      </p>
      <Form
        form={form}
        aria-label="Decline to sign"
        onSubmit={async ({ reason }) => {
          setBusy(true)
          try {
            await decline(reason)
          } catch (error) {
            setBusy(false)
            notify.error(
              isApiError(error)
                ? error.message
                : failureMessage(error, 'Unable to decline. Please try again.'),
            )
          }
        }}
      >
        <TextArea name="reason" label="Reason (optional)" rows={3} />
        <DialogActions onCancel={onClose} busy={busy}>
          <SubmitButton busyLabel="Declining…" variant="danger">
            Decline
          </SubmitButton>
        </DialogActions>
      </Form>
    </ModalDialog>
  )
}
