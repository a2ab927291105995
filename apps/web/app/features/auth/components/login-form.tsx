import {
  type LoginForm as LoginValues,
  loginFormSchema,
  MESSAGES,
  type RecoveryStepForm,
  recoveryStepFormSchema,
  type TotpStepForm,
  totpStepFormSchema,
} from '@signalway/shared'
import { SITE } from '@signalway/shared/site'
import { useEffect, useState } from 'react'
import { FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, type SecondStepGrant, serverMessage } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { completeSignIn } from '../api/second-factor.ts'
import { signInWithPassword } from '../api/sign-in.ts'
import { AuthForm, useSignInWithTokens } from './auth-form.tsx'
import { GuestLink } from './auth-panel.tsx'
import { AuthenticatorCodeField } from './code-field.tsx'
import { PasswordField } from './password-field.tsx'

export interface LoginFormProps {
  signInWith?: (username: string, password: string) => Promise<TokenResponse>
  secondStep?: (grant: SecondStepGrant) => Promise<TokenResponse>
}

/** The challenge of a password step that answered 403 mfa_required (issue 14), else undefined. */
function secondFactorChallenge(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 403) return undefined
  const body = error.body as { error?: unknown; mfa_token?: unknown } | undefined
  return body?.error === 'mfa_required' && typeof body.mfa_token === 'string' ? body.mfa_token : undefined
}

/**
 * Login (SPEC.md §2): Username, Password, Login and Forgot Password. Signed in, the guest guard
 * sends the user to the return location. A failure says 'Sorry, your user name or password is
 * incorrect or we were unable to connect to the server.'; a lock-out (429) says the server's words.
 * Ours (issue 14): for an account with two-step sign-in, the right password leads to a code step.
 */
export function LoginForm({ signInWith = signInWithPassword, secondStep = completeSignIn }: LoginFormProps) {
  const notify = useNotify()
  const signIn = useSignInWithTokens()
  const [challenge, setChallenge] = useState<string | null>(null)
  const form = useZodForm(loginFormSchema, { defaultValues: { username: '', password: '' } })

  const onSubmit = async (values: LoginValues) => {
    let tokens: TokenResponse
    try {
      tokens = await signInWith(values.username, values.password)
    } catch (error) {
      const mfaToken = secondFactorChallenge(error)
      form.setValue('password', '')
      if (mfaToken) {
        setChallenge(mfaToken)
        return
      }
      const locked = isApiError(error) && error.status === 429 ? serverMessage(error) : undefined
      notify.error(locked ?? MESSAGES.loginFailed)
      return
    }
    await signIn(tokens)
  }

  if (challenge)
    return (
      <SecondStep
        challenge={challenge}
        secondStep={secondStep}
        onExpired={(message) => {
          setChallenge(null)
          notify.error(message)
        }}
      />
    )

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

/** The server's words when the sign-in itself has expired (five minutes, or five wrong codes). */
const EXPIRED = /expired/iu

function SecondStep({
  challenge,
  secondStep,
  onExpired,
}: {
  challenge: string
  secondStep: (grant: SecondStepGrant) => Promise<TokenResponse>
  onExpired: (message: string) => void
}) {
  const [method, setMethod] = useState<'code' | 'recovery'>('code')
  return method === 'code' ? (
    <CodeStep
      key="code"
      name="code"
      schema={totpStepFormSchema}
      grant={(values: TotpStepForm) => ({ GrantType: 'mfa_otp', mfa_token: challenge, otp: values.code })}
      secondStep={secondStep}
      onExpired={onExpired}
      switchTo={() => setMethod('recovery')}
    />
  ) : (
    <CodeStep
      key="recovery"
      name="recoveryCode"
      schema={recoveryStepFormSchema}
      grant={(values: RecoveryStepForm) => ({
        GrantType: 'mfa_recovery',
        mfa_token: challenge,
        recovery_code: values.recoveryCode,
      })}
      secondStep={secondStep}
      onExpired={onExpired}
      switchTo={() => setMethod('code')}
    />
  )
}

type StepSchema = typeof totpStepFormSchema | typeof recoveryStepFormSchema

function CodeStep<S extends StepSchema>({
  name,
  schema,
  grant,
  secondStep,
  onExpired,
  switchTo,
}: {
  name: 'code' | 'recoveryCode'
  schema: S
  grant: (values: never) => SecondStepGrant
  secondStep: (grant: SecondStepGrant) => Promise<TokenResponse>
  onExpired: (message: string) => void
  switchTo: () => void
}) {
  const notify = useNotify()
  const signIn = useSignInWithTokens()
  const isCode = name === 'code'
  const form = useZodForm(schema as typeof totpStepFormSchema, {
    defaultValues: { [name]: '' } as TotpStepForm,
  })
  // The step replaced the password field under the person's focus: its field takes it.
  useEffect(() => form.setFocus(name as 'code'), [form, name])

  const onSubmit = async (values: TotpStepForm | RecoveryStepForm) => {
    let tokens: TokenResponse
    try {
      tokens = await secondStep(grant(values as never))
    } catch (error) {
      const message = isApiError(error) ? serverMessage(error) : undefined
      if (message && EXPIRED.test(message)) {
        onExpired(message)
        return
      }
      form.setValue(name as 'code', '')
      form.setError(
        name as 'code',
        { type: 'server', message: message ?? MESSAGES.twoStepCodeFailed },
        {
          shouldFocus: true,
        },
      )
      notify.error(MESSAGES.twoStepCodeFailed)
      return
    }
    await signIn(tokens)
  }

  return (
    <AuthForm
      title="Two-step sign-in"
      form={form}
      onSubmit={onSubmit}
      requiredNote={false}
      actions={
        <FormActions className="auth-form__actions">
          <SubmitButton busyLabel="Checking…" variant="primary">
            Verify
          </SubmitButton>
          <button type="button" className="button button--outline" onClick={switchTo}>
            {isCode ? 'Use a Recovery Code' : 'Use the Authenticator App'}
          </button>
        </FormActions>
      }
    >
      <p className="auth-form__intro">
        {isCode
          ? `Enter the 6-digit code your authenticator app shows for ${SITE.name}.`
          : 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'}
      </p>
      {isCode ? (
        <AuthenticatorCodeField />
      ) : (
        <TextField
          name="recoveryCode"
          label="Recovery Code"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          required
        />
      )}
    </AuthForm>
  )
}
