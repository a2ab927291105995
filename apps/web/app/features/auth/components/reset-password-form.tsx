import {
  MESSAGES,
  type ResetPassword,
  type ResetPasswordForm as ResetPasswordValues,
  resetPasswordFormSchema,
  resetTokenFromSearch,
} from '@signalway/shared'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { BlockingOverlay } from '../../../components/ui/blocking-overlay.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, type SecondStepGrant } from '../../../lib/api-client.ts'
import type { TokenResponse, UserProfile } from '../../../lib/auth-storage.ts'
import { isAdmin } from '../../../lib/is-admin.ts'
import { paths } from '../../../lib/paths.ts'
import { type CheckedResetLink, resetPassword, validateResetToken } from '../api/password-reset.ts'
import { refusingCommonPasswords } from '../common-passwords.ts'
import { AuthForm, useSignInWithTokens } from './auth-form.tsx'
import { GuestLink } from './auth-panel.tsx'
import { type Factor, SecondStep, secondFactorChallenge } from './login-form.tsx'
import { PasswordField } from './password-field.tsx'
import { LinkCheckUnavailable } from './retry-panel.tsx'
import { usePasskeySupport } from './use-passkey-support.ts'

/** The server refuses the most common passwords: flagged before the form is sent. */
const resetPasswordFormSchemaRefusingCommon = refusingCommonPasswords(resetPasswordFormSchema)

export type TokenCheck = 'checking' | 'valid' | 'invalid' | 'unavailable'

export interface ResetPasswordFlowProps {
  validate?: (token: string, signal: AbortSignal) => Promise<unknown>
  reset?: (values: ResetPassword) => Promise<TokenResponse>
  /** The sign-in's second step, for an account with a second factor (injected for tests). */
  secondStep?: ((grant: SecondStepGrant) => Promise<TokenResponse>) | undefined
  /**
   * The server's check of the link (ADR 027): the page is rendered with the form or the invalid text, so it
   * needs no app until the visitor uses it. Without it (a page rendered without the API) the app checks.
   */
  checked?: CheckedResetLink | undefined
}

/**
 * Reset Password (requirements §2, §4): the token is the query string after its first three characters
 * ('?t='). It is checked first, behind a loader; an invalid one shows 'Your password reset request
 * is invalid, please reset your password again.' with a link to start again. A valid one shows the
 * new password (with the checklist) and its confirmation; success signs the user in and goes home (staff: the
 * admin area, ADR 035),
 * any failure says 'Account does not exist.'.
 */
const validateToken = (token: string, signal: AbortSignal) => validateResetToken(token, { signal })

export function ResetPasswordFlow({
  validate = validateToken,
  reset = resetPassword,
  secondStep,
  checked,
}: ResetPasswordFlowProps) {
  const location = useLocation()
  const navigate = useNavigate()
  // Read once: the token then leaves the address bar (and so history, bookmarks and shared screens). The
  // enhancement script may have taken it out before the app loaded: the server's check then carries it.
  const [token] = useState(() => checked?.token || resetTokenFromSearch(location.search))
  const [check, setCheck] = useState<TokenCheck>(checked?.check ?? 'checking')

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens with a token
  useEffect(() => {
    if (location.search !== '') {
      void navigate(
        { pathname: location.pathname, hash: location.hash },
        { replace: true, state: location.state },
      )
    }
  }, [])
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` checks again (Try again)
  useEffect(() => {
    // Checked by the server as it rendered the page; Try again checks from here.
    if (checked && attempt === 0) return
    if (token === '') {
      setCheck('invalid')
      return
    }
    const controller = new AbortController()
    setCheck('checking')
    validate(token, controller.signal).then(
      () => {
        if (!controller.signal.aborted) setCheck('valid')
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return
        // Refused (400): the link is invalid. No answer, a server error or a lock-out says nothing
        // about the link: the check can be tried again.
        setCheck(
          isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 429
            ? 'invalid'
            : 'unavailable',
        )
      },
    )
    return () => controller.abort()
  }, [token, validate, attempt])

  if (check === 'checking') {
    return (
      <>
        <p className="auth-panel__lead">Checking your password reset link…</p>
        <BlockingOverlay label="Checking your password reset link…" />
      </>
    )
  }
  if (check === 'invalid') return <InvalidResetRequest />
  if (check === 'unavailable') return <LinkCheckUnavailable onRetry={() => setAttempt((n) => n + 1)} />
  return <ResetPasswordForm token={token} reset={reset} secondStep={secondStep} />
}

export function InvalidResetRequest() {
  return (
    <div className="auth-invalid">
      <h2 className="auth-panel__title">Reset link not valid</h2>
      <p className="auth-invalid__text" role="alert">
        {MESSAGES.resetPasswordInvalid}
      </p>
      <GuestLink to={paths.forgotPassword} className="button button--primary">
        Reset your password again
      </GuestLink>
    </div>
  )
}

function ResetPasswordForm({
  token,
  reset,
  secondStep,
}: {
  token: string
  reset: (values: ResetPassword) => Promise<TokenResponse>
  secondStep: ((grant: SecondStepGrant) => Promise<TokenResponse>) | undefined
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const signIn = useSignInWithTokens()
  const passkeys = usePasskeySupport()
  const form = useZodForm(resetPasswordFormSchemaRefusingCommon, {
    defaultValues: { password: '', confirmPassword: '' },
  })
  // An account with a second factor: the new password is saved, and the emailed link alone does not sign in.
  const [challenge, setChallenge] = useState<{ token: string; factors: Factor[] } | null>(null)
  // Home, or for staff the admin area (ADR 035).
  const done = (profile: UserProfile) => {
    notify.success(MESSAGES.passwordChangedSignedIn)
    navigate(isAdmin(profile) ? paths.admin.index : paths.home, { replace: true })
  }

  const onSubmit = async (values: ResetPasswordValues) => {
    let tokens: TokenResponse
    try {
      tokens = await reset({ ...values, resetToken: token })
    } catch (error) {
      const second = secondFactorChallenge(error)
      if (second) {
        setChallenge(second)
        return
      }
      notify.error(MESSAGES.resetPasswordFailed)
      return
    }
    const profile = await signIn(tokens)
    if (profile) done(profile)
  }

  if (challenge)
    return (
      <>
        <p className="auth-form__intro" role="status">
          Your new password is saved. Your account has two-step sign-in: confirm it is you to sign in.
        </p>
        <SecondStep
          challenge={challenge.token}
          factors={passkeys ? challenge.factors : challenge.factors.filter((factor) => factor === 'totp')}
          onSignedIn={done}
          {...(secondStep ? { secondStep } : {})}
          onExpired={(message) => {
            notify.error(message)
            navigate(paths.login, { replace: true })
          }}
        />
      </>
    )

  return (
    <AuthForm
      title="Choose a new password"
      form={form}
      onSubmit={onSubmit}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Saving your new password…" variant="primary">
            Reset Password
          </SubmitButton>
        </FormActions>
      }
    >
      <PasswordField name="password" label="New Password" autoComplete="new-password" checklist required />
      <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
    </AuthForm>
  )
}
