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
import { useEffect, useId, useState } from 'react'
import { FormActions, SubmitButton, TextField, useZodForm } from '../../../components/form/index.ts'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, type SecondStepGrant, serverMessage } from '../../../lib/api-client.ts'
import type { TokenResponse, UserProfile } from '../../../lib/auth-storage.ts'
import { paths } from '../../../lib/paths.ts'
import { signInWithPasskey } from '../api/passkeys.ts'
import { completeSignIn } from '../api/second-factor.ts'
import { signInWithPassword } from '../api/sign-in.ts'
import { AuthForm, useSignInWithTokens } from './auth-form.tsx'
import { GuestLink } from './auth-panel.tsx'
import { AuthenticatorCodeField } from './code-field.tsx'
import { PasswordField } from './password-field.tsx'
import { usePasskeySupport } from './use-passkey-support.ts'

export interface LoginFormProps {
  signInWith?: (username: string, password: string) => Promise<TokenResponse>
  secondStep?: (grant: SecondStepGrant) => Promise<TokenResponse>
  /** A passkey alone, or as the second step (with the mfa_token). */
  withPasskey?: (mfaToken?: string) => Promise<TokenResponse>
  /** Whether this browser can use passkeys (injected for tests). */
  passkeys?: boolean
}

export type Factor = 'totp' | 'passkey'

/**
 * The challenge and factors of a step that answered 403 mfa_required (the password step, or a password reset
 * of an account with a second factor), else undefined.
 */
export function secondFactorChallenge(error: unknown): { token: string; factors: Factor[] } | undefined {
  if (!isApiError(error) || error.status !== 403) return undefined
  const body = error.body as { error?: unknown; mfa_token?: unknown; factors?: unknown } | undefined
  if (body?.error !== 'mfa_required' || typeof body.mfa_token !== 'string') return undefined
  const factors = Array.isArray(body.factors) ? (body.factors as Factor[]) : ['totp' as const]
  return { token: body.mfa_token, factors }
}

/**
 * Login (requirements §2): Username, Password, Login and Forgot Password. Signed in, the guest guard
 * sends the user to the return location. A failure says 'Sorry, your user name or password is
 * incorrect or we were unable to connect to the server.'; a lock-out (429) says the server's words.
 * Ours: for an account with two-step sign-in, the right password leads to a code step.
 */
export function LoginForm({
  signInWith = signInWithPassword,
  secondStep = completeSignIn,
  withPasskey = signInWithPasskey,
  passkeys: passkeysOverride,
}: LoginFormProps) {
  const supported = usePasskeySupport()
  const passkeys = passkeysOverride ?? supported
  const notify = useNotify()
  const signIn = useSignInWithTokens()
  const [challenge, setChallenge] = useState<{ token: string; factors: Factor[] } | null>(null)
  // The last failure, beside the form until the next attempt: the notification fades, this does not.
  const [failure, setFailure] = useState<string | null>(null)
  const failureId = useId()
  const form = useZodForm(loginFormSchema, { defaultValues: { username: '', password: '' } })

  const onSubmit = async (values: LoginValues) => {
    setFailure(null)
    let tokens: TokenResponse
    try {
      tokens = await signInWith(values.username, values.password)
    } catch (error) {
      const second = secondFactorChallenge(error)
      form.setValue('password', '')
      if (second) {
        setChallenge(second)
        return
      }
      const locked = isApiError(error) && error.status === 429 ? serverMessage(error) : undefined
      notify.error(locked ?? MESSAGES.loginFailed)
      setFailure(locked ?? MESSAGES.loginFailed)
      return
    }
    await signIn(tokens)
  }

  if (challenge)
    return (
      <SecondStep
        challenge={challenge.token}
        factors={passkeys ? challenge.factors : challenge.factors.filter((factor) => factor === 'totp')}
        secondStep={secondStep}
        withPasskey={withPasskey}
        onExpired={(message) => {
          setChallenge(null)
          notify.error(message)
        }}
      />
    )

  return (
    <>
      <AuthForm
        title="Log in to your account"
        form={form}
        onSubmit={onSubmit}
        alert={failure}
        alertId={failureId}
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
        {/* An email keyboard on phones (its required label and 'Username is required.' kept): type email, and no
            browser validation of its own (noValidate on the form), so the required messages are the only ones. */}
        <TextField
          name="username"
          label="Username"
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          hint="The email address you registered with."
          autoComplete="username"
          refusedBy={failure ? failureId : null}
          required
        />
        <PasswordField
          name="password"
          label="Password"
          autoComplete="current-password"
          refusedBy={failure ? failureId : null}
          required
        />
      </AuthForm>
      {passkeys ? <PasskeyButton label="Sign In with a Passkey" run={() => withPasskey()} /> : null}
    </>
  )
}

/** Signs in with a passkey; says so when the device was cancelled or the passkey refused. */
function PasskeyButton({
  label,
  run,
  onSignedIn,
}: {
  label: string
  run: () => Promise<TokenResponse>
  onSignedIn?: ((profile: UserProfile) => void) | undefined
}) {
  const notify = useNotify()
  const signIn = useSignInWithTokens()
  const [busy, setBusy] = useState(false)
  const go = async () => {
    setBusy(true)
    let tokens: TokenResponse
    try {
      tokens = await run()
    } catch {
      notify.error(MESSAGES.passkeySignInFailed)
      setBusy(false)
      return
    }
    const signedIn = await signIn(tokens)
    setBusy(false)
    if (signedIn) onSignedIn?.(signedIn)
  }
  return (
    <div className="auth-form__passkey">
      <button
        type="button"
        className="button button--outline"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => void go()}
      >
        {busy ? 'Waiting for your device…' : label}
      </button>
    </div>
  )
}

/** The server's words when the sign-in itself has expired (five minutes, or five wrong codes). */
const EXPIRED = /expired/iu

/**
 * The second step of a sign-in (after the password, or after a password reset of an account with a second
 * factor): a code from the authenticator app, a recovery code or a passkey.
 */
export function SecondStep({
  challenge,
  factors,
  secondStep = completeSignIn,
  withPasskey = signInWithPasskey,
  onExpired,
  onSignedIn,
}: {
  challenge: string
  factors: Factor[]
  secondStep?: (grant: SecondStepGrant) => Promise<TokenResponse>
  withPasskey?: (mfaToken?: string) => Promise<TokenResponse>
  onExpired: (message: string) => void
  /** After the tokens are stored (the login page leaves it to the guest guard). */
  onSignedIn?: ((profile: UserProfile) => void) | undefined
}) {
  const [method, setMethod] = useState<'code' | 'recovery'>('code')
  const passkey = factors.includes('passkey') ? (
    <PasskeyButton label="Use a Passkey" run={() => withPasskey(challenge)} onSignedIn={onSignedIn} />
  ) : null
  if (!factors.includes('totp'))
    return (
      <>
        <h2 className="auth-panel__title">Two-step sign-in</h2>
        <p className="auth-form__intro">Confirm it is you with the passkey on your device.</p>
        {passkey}
      </>
    )
  return (
    <>
      {method === 'code' ? (
        <CodeStep
          key="code"
          name="code"
          schema={totpStepFormSchema}
          grant={(values: TotpStepForm) => ({ GrantType: 'mfa_otp', mfa_token: challenge, otp: values.code })}
          secondStep={secondStep}
          onExpired={onExpired}
          onSignedIn={onSignedIn}
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
          onSignedIn={onSignedIn}
          switchTo={() => setMethod('code')}
        />
      )}
      {passkey}
    </>
  )
}

type StepSchema = typeof totpStepFormSchema | typeof recoveryStepFormSchema

function CodeStep<S extends StepSchema>({
  name,
  schema,
  grant,
  secondStep,
  onExpired,
  onSignedIn,
  switchTo,
}: {
  name: 'code' | 'recoveryCode'
  schema: S
  grant: (values: never) => SecondStepGrant
  secondStep: (grant: SecondStepGrant) => Promise<TokenResponse>
  onExpired: (message: string) => void
  onSignedIn?: ((profile: UserProfile) => void) | undefined
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
      // Wrong codes lock the account as wrong passwords do: the lock-out says so in the server's words.
      const locked = isApiError(error) && error.status === 429
      notify.error(locked && message ? message : MESSAGES.twoStepCodeFailed)
      return
    }
    const signedIn = await signIn(tokens)
    if (signedIn) onSignedIn?.(signedIn)
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
