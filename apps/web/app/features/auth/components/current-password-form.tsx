import { type CurrentPassword, currentPasswordSchema } from '@signalway/shared/auth'
import { useEffect } from 'react'
import { useZodForm } from '../../../components/form/index.ts'
import { AuthForm, SubmitOrCancel, useAccountErrors } from './auth-form.tsx'
import { CurrentPasswordField } from './password-field.tsx'

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
      actions={<SubmitOrCancel submit={submit} busy={busy} onCancel={onCancel} />}
    >
      {intro ? <p className="auth-form__intro">{intro}</p> : null}
      <CurrentPasswordField />
    </AuthForm>
  )
}
