import {
  type ChangePassword,
  type ChangePasswordInput,
  changePasswordSchema,
  type Passkey,
  type PasswordChanged,
  type RemoveSecondFactor,
} from '@signalway/shared/auth'
import { formatDateTime } from '@signalway/shared/business-time'
import { MESSAGES } from '@signalway/shared/messages'
import { useEffect, useId, useRef, useState } from 'react'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { removePasskey } from '../api/passkeys.ts'
import { changePassword } from '../api/security.ts'
import { refusingCommonPasswords } from '../common-passwords.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { CurrentPasswordField, PasswordField } from './password-field.tsx'

/** The server refuses the most common passwords: flagged before the form is sent. */
const changePasswordSchemaRefusingCommon = refusingCommonPasswords(changePasswordSchema)

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' }

export interface ChangePasswordFormProps {
  change?: (values: ChangePassword) => Promise<PasswordChanged>
  remove?: (id: string, values: RemoveSecondFactor) => Promise<void>
  /** After a change (the other sessions have ended) or after the passkeys were removed: the lists reload. */
  onChanged?: () => void
}

/**
 * Change password while signed in (ASVS 6.2.2): the current password, the new one with the requirements' rules and
 * live checklist, and its confirmation. A change ends every other session and the account's address is told;
 * a wrong current password counts towards the sign-in lock-out. Passkeys sign in without a password, so a
 * change does not end them: they are listed after it, with an offer to remove them.
 */
export function ChangePasswordForm({
  change = changePassword,
  remove = removePasskey,
  onChanged,
}: ChangePasswordFormProps) {
  const notify = useNotify()
  const form = useZodForm(changePasswordSchemaRefusingCommon, { defaultValues: EMPTY })
  const errors = useAccountErrors(form)
  const [left, setLeft] = useState<{ passkeys: Passkey[]; password: string } | null>(null)

  const onSubmit = async (values: ChangePassword) => {
    setLeft(null)
    const changed = await errors.attempt(() => change(values), MESSAGES.passwordChangeFailed)
    if (!changed) return
    form.reset(EMPTY)
    notify.success(MESSAGES.passwordChanged)
    onChanged?.()
    if (changed.value.passkeys.length > 0)
      setLeft({ passkeys: changed.value.passkeys, password: values.password })
  }

  return (
    <>
      <AuthForm
        title="Change your password"
        level={3}
        form={form}
        onSubmit={onSubmit}
        alert={errors.alert}
        actions={
          <FormActions>
            <SubmitButton busyLabel="Changing your password…" variant="primary">
              Change Password
            </SubmitButton>
          </FormActions>
        }
      >
        <CurrentPasswordField />
        <div className="form-row">
          <PasswordField
            name="password"
            label="New Password"
            autoComplete="new-password"
            checklist
            required
          />
          <PasswordField
            name="confirmPassword"
            label="Confirm Password"
            autoComplete="new-password"
            required
          />
        </div>
      </AuthForm>
      {left ? (
        <PasskeysLeft
          passkeys={left.passkeys}
          removeAll={async () => {
            for (const passkey of left.passkeys) await remove(passkey.id, { currentPassword: left.password })
            onChanged?.()
          }}
          onDone={() => setLeft(null)}
        />
      ) : null}
    </>
  )
}

/** The passkeys a password change left working, with Remove Them and Keep Them. */
function PasskeysLeft({
  passkeys,
  removeAll,
  onDone,
}: {
  passkeys: Passkey[]
  removeAll: () => Promise<void>
  onDone: () => void
}) {
  const notify = useNotify()
  const headingId = useId()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const [busy, setBusy] = useState(false)
  // The form was reset under the person's focus: the question it leads to takes it.
  useEffect(() => headingRef.current?.focus(), [])
  const run = async () => {
    setBusy(true)
    try {
      await removeAll()
      notify.success(MESSAGES.passkeysRemoved)
      onDone()
    } catch {
      notify.error(MESSAGES.passkeysRemoveFailed)
      setBusy(false)
    }
  }
  return (
    <section className="passkeys-left" aria-labelledby={headingId}>
      <h4 id={headingId} ref={headingRef} tabIndex={-1} className="auth-panel__title">
        Your passkeys still sign you in
      </h4>
      <p>
        A passkey signs in without your password, so changing the password does not stop it. If you changed
        your password because someone else may know it, remove your passkeys, then add again the ones on your
        own devices.
      </p>
      <ul className="sessions__list" aria-label="Passkeys that still sign you in">
        {passkeys.map((passkey) => (
          <li key={passkey.id} className="sessions__item">
            <div className="sessions__what">{passkey.name}</div>
            <p className="sessions__when">
              Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
            </p>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void run()}
        >
          {busy ? 'Removing…' : 'Remove Them'}
        </button>
        <button type="button" className="button button--outline" disabled={busy} onClick={onDone}>
          Keep Them
        </button>
      </div>
    </section>
  )
}
