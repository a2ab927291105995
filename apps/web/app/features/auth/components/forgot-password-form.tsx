import { type ForgotPassword, forgotPasswordSchema, MESSAGES } from '@signalway/shared'
import { useState } from 'react'
import { FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { paths } from '../../../lib/paths.ts'
import { requestPasswordReset } from '../api/password-reset.ts'
import { AuthForm } from './auth-form.tsx'
import { GuestLink } from './auth-panel.tsx'

export interface ForgotPasswordFormProps {
  requestReset?: (email: string) => Promise<unknown>
}

/**
 * Forgot Password (requirements §2, §8): Email Address and Submit. After success the page says a reset
 * link has been sent to that address and notifies 'Change password has been initiated. Please
 * check you email.'; any failure notifies 'Account does not exist.'.
 */
export function ForgotPasswordForm({ requestReset = requestPasswordReset }: ForgotPasswordFormProps) {
  const notify = useNotify()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } })

  const onSubmit = async ({ email }: ForgotPassword) => {
    try {
      await requestReset(email)
    } catch {
      notify.error(MESSAGES.forgotPasswordFailed)
      return
    }
    setSentTo(email)
    notify.success(MESSAGES.forgotPasswordInitiated)
  }

  if (sentTo !== null) {
    return (
      <div className="auth-sent" role="status">
        <h2 className="auth-panel__title">Check your email</h2>
        <p className="auth-sent__text">{MESSAGES.forgotPasswordSent(sentTo)}</p>
        <p className="auth-sent__hint">
          The link works once, for 30 minutes. No email? Check your junk folder, or{' '}
          <button type="button" className="link-button" onClick={() => setSentTo(null)}>
            try again
          </button>
          .
        </p>
        <GuestLink to={paths.login} className="button button--primary">
          Back to Login
        </GuestLink>
      </div>
    )
  }

  return (
    <AuthForm
      title="Reset your password"
      form={form}
      onSubmit={onSubmit}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Sending the reset link…" variant="primary">
            Submit
          </SubmitButton>
        </FormActions>
      }
    >
      <TextField name="email" type="email" label="Email Address" autoComplete="email" required />
    </AuthForm>
  )
}
