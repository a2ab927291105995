import { type CurrentPassword, currentPasswordSchema } from '@signalway/shared/auth'
import { useEffect } from 'react'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { PasswordField } from './password-field.tsx'

/**
 * A form of the current password alone, for what a stolen access token must not do: set up or turn off the
 * authenticator app, new recovery codes, add or remove a passkey. A wrong password shows on its field (and
 * counts towards the sign-in lock-out, whose message shows as the form's alert).
 */
export function PasswordForm({
  title,
  submit,
  busy,
  failed,
  run,
  onCancel,
  intro,
  level = 4,
}: {
  title: string
  submit: string
  busy: string
  failed: string
  run: (values: CurrentPassword) => Promise<void>
  /** Without it, the form has no Cancel (a step that must be done, such as an administrator's set-up). */
  onCancel?: (() => void) | undefined
  /** A line above the field: what the password is asked for. */
  intro?: string | undefined
  level?: 2 | 3 | 4
}) {
  const form = useZodForm(currentPasswordSchema, { defaultValues: { currentPassword: '' } })
  const errors = useAccountErrors(form)
  // The button that opened the form is gone: its field takes the focus.
  useEffect(() => form.setFocus('currentPassword'), [form])

  return (
    <AuthForm
      title={title}
      level={level}
      form={form}
      onSubmit={async (values: CurrentPassword) => {
        await errors.attempt(() => run(values), failed)
      }}
      alert={errors.alert}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel={busy} variant="primary">
            {submit}
          </SubmitButton>
          {onCancel ? (
            <button type="button" className="button button--outline" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </FormActions>
      }
    >
      {intro ? <p className="auth-form__intro">{intro}</p> : null}
      <PasswordField
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        required
      />
    </AuthForm>
  )
}
