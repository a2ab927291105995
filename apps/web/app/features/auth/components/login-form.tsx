import { type LoginForm as LoginValues, loginFormSchema, MESSAGES } from '@signalway/shared'
import { useId } from 'react'
import {
  Form,
  FormActions,
  RequiredFieldsNote,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { signInWithPassword } from '../api/sign-in.ts'
import { GuestLink } from './auth-panel.tsx'
import { PasswordField } from './password-field.tsx'

export interface LoginFormProps {
  signInWith?: (username: string, password: string) => Promise<TokenResponse>
}

/**
 * Login (SPEC.md §2): Username, Password, Login and Forgot Password. Signed in, the guest guard
 * sends the user to the return location. A failure says 'Sorry, your user name or password is
 * incorrect or we were unable to connect to the server.'; a lock-out (429) says the server's words.
 */
export function LoginForm({ signInWith = signInWithPassword }: LoginFormProps) {
  const notify = useNotify()
  const { signIn } = useAuth()
  const headingId = useId()
  const form = useZodForm(loginFormSchema, { defaultValues: { username: '', password: '' } })

  const onSubmit = async (values: LoginValues) => {
    let tokens: TokenResponse
    try {
      tokens = await signInWith(values.username, values.password)
    } catch (error) {
      const locked = isApiError(error) && error.status === 429 ? serverMessage(error) : undefined
      notify.error(locked ?? MESSAGES.loginFailed)
      form.setValue('password', '')
      return
    }
    try {
      await signIn(tokens)
    } catch {
      notify.error(MESSAGES.profileFetchFailed)
    }
  }

  return (
    <>
      <h2 id={headingId} className="auth-panel__title">
        Log in to your account
      </h2>
      <Form form={form} onSubmit={onSubmit} aria-labelledby={headingId} className="auth-form">
        <RequiredFieldsNote />
        <TextField
          name="username"
          label="Username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          hint="The email address you registered with."
          autoComplete="username"
          required
        />
        <PasswordField name="password" label="Password" autoComplete="current-password" required />
        <FormActions className="auth-form__actions">
          <SubmitButton busyLabel="Logging in…" variant="primary">
            Login
          </SubmitButton>
          <GuestLink to={paths.forgotPassword} className="button button--outline">
            Forgot Password
          </GuestLink>
        </FormActions>
      </Form>
    </>
  )
}
