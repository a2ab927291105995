import { type ChangePassword, type ChangePasswordInput, changePasswordSchema } from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { changePassword } from '../api/security.ts'
import { AuthForm, useAccountErrors } from './auth-form.tsx'
import { PasswordField } from './password-field.tsx'

const EMPTY: ChangePasswordInput = { currentPassword: '', password: '', confirmPassword: '' }

export interface ChangePasswordFormProps {
  change?: (values: ChangePassword) => Promise<number>
  /** After a change: the other sessions have ended (the session list reloads). */
  onChanged?: () => void
}

/**
 * Change password while signed in (issue 14, ASVS 6.2.2): the current password, the new one with the
 * spec's rules and live checklist, and its confirmation. A change ends every other session and the
 * account's address is told; a wrong current password counts towards the sign-in lock-out.
 */
export function ChangePasswordForm({ change = changePassword, onChanged }: ChangePasswordFormProps) {
  const notify = useNotify()
  const form = useZodForm(changePasswordSchema, { defaultValues: EMPTY })
  const errors = useAccountErrors(form)

  const onSubmit = async (values: ChangePassword) => {
    if (!(await errors.attempt(() => change(values), MESSAGES.passwordChangeFailed))) return
    form.reset(EMPTY)
    notify.success(MESSAGES.passwordChanged)
    onChanged?.()
  }

  return (
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
      <PasswordField
        name="currentPassword"
        label="Current Password"
        autoComplete="current-password"
        required
      />
      <div className="form-row">
        <PasswordField name="password" label="New Password" autoComplete="new-password" checklist required />
        <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
      </div>
    </AuthForm>
  )
}
