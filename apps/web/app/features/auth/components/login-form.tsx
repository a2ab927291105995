import { type LoginForm as LoginValues, loginFormSchema, MESSAGES } from '@signalway/shared'
import { FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { signInWithPassword } from '../api/sign-in.ts'
import { AuthForm, useSignInWithTokens } from './auth-form.tsx'
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
  const signIn = useSignInWithTokens()
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
    await signIn(tokens)
  }

  return (
    <AuthForm
      title="Log in to your account"
      form={form}
      onSubmit={onSubmit}
      actions={
        <FormActions className="auth-form__actions">
          <SubmitButton busyLabel="Logging in…" variant="primary">
            Login
          </SubmitButton>
          <GuestLink to={paths.forgotPassword} className="button button--outline">
            Forgot Password
          </GuestLink>
        </FormActions>
      }
    >
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
    </AuthForm>
  )
}
