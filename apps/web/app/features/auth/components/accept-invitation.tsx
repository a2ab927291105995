import { MESSAGES, resetTokenFromSearch } from '@signalway/shared'
import {
  type AcceptInvitationForm,
  type AcceptInvitation as AcceptInvitationValues,
  acceptInvitationFormSchema,
  INVITATION_MESSAGES,
  type Invitation,
} from '@signalway/shared/invitations'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FormActions, SubmitButton, useZodForm } from '../../../components/form/index.ts'
import { BlockingOverlay } from '../../../components/ui/blocking-overlay.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'
import { isAdmin } from '../../../lib/is-admin.ts'
import { paths } from '../../../lib/paths.ts'
import { acceptInvitation, checkInvitation } from '../api/invitations.ts'
import { landingAfterInvitation } from '../return-location.ts'
import { AuthForm } from './auth-form.tsx'
import { GuestLink } from './auth-panel.tsx'
import { PasswordField } from './password-field.tsx'
import { LinkCheckUnavailable } from './retry-panel.tsx'

type Check =
  | { state: 'checking' }
  | { state: 'valid'; invitation: Invitation }
  | { state: 'refused'; text: string }
  | { state: 'unavailable' }

export interface AcceptInvitationFlowProps {
  check?: (token: string, signal: AbortSignal) => Promise<Invitation>
  accept?: (values: AcceptInvitationValues) => Promise<TokenResponse>
}

const checkToken = (token: string, signal: AbortSignal) => checkInvitation(token, { signal })

/** The server's words for a refused link (used, expired, ended, unknown), else the invalid text. */
function refusal(error: unknown): string | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined
  return serverMessage(error) ?? INVITATION_MESSAGES.invalid
}

/**
 * The page an invitation's link opens (ADR 035): the token is read once and taken out of the address bar, then
 * checked. A usable link shows the password and its confirmation (the registration's rules and checklist);
 * setting it confirms the address and signs the person in. A used, expired or ended link says which, plainly.
 */
export function AcceptInvitationFlow({
  check = checkToken,
  accept = acceptInvitation,
}: AcceptInvitationFlowProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const [token] = useState(() => resetTokenFromSearch(location.search))
  const [outcome, setOutcome] = useState<Check>({ state: 'checking' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (location.search !== '') void navigate({ pathname: location.pathname }, { replace: true })
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` checks again (Try again)
  useEffect(() => {
    if (token === '') {
      setOutcome({ state: 'refused', text: INVITATION_MESSAGES.invalid })
      return
    }
    const controller = new AbortController()
    setOutcome({ state: 'checking' })
    check(token, controller.signal).then(
      (invitation) => {
        if (!controller.signal.aborted) setOutcome({ state: 'valid', invitation })
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) return
        const text = refusal(error)
        setOutcome(text ? { state: 'refused', text } : { state: 'unavailable' })
      },
    )
    return () => controller.abort()
  }, [token, check, attempt])

  if (outcome.state === 'checking')
    return (
      <>
        <p className="auth-panel__lead">Checking your invitation…</p>
        <BlockingOverlay label="Checking your invitation…" />
      </>
    )
  if (outcome.state === 'refused') return <InvitationRefused text={outcome.text} />
  if (outcome.state === 'unavailable')
    return <LinkCheckUnavailable onRetry={() => setAttempt((n) => n + 1)} />
  return (
    <SetPasswordForm
      token={token}
      email={outcome.invitation.email}
      accept={accept}
      onRefused={(text) => setOutcome({ state: 'refused', text })}
    />
  )
}

function InvitationRefused({ text }: { text: string }) {
  return (
    <div className="auth-invalid">
      <h2 className="auth-panel__title">This invitation link does not work</h2>
      <p className="auth-invalid__text" role="alert">
        {text}
      </p>
      <GuestLink to={paths.login} className="button button--primary">
        Log in
      </GuestLink>
    </div>
  )
}

function SetPasswordForm({
  token,
  email,
  accept,
  onRefused,
}: {
  token: string
  email: string
  accept: (values: AcceptInvitationValues) => Promise<TokenResponse>
  onRefused: (text: string) => void
}) {
  const notify = useNotify()
  const navigate = useNavigate()
  const { signIn } = useAuth()
  const form = useZodForm(acceptInvitationFormSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  })

  const onSubmit = async (values: AcceptInvitationForm) => {
    let tokens: TokenResponse
    try {
      tokens = await accept({ ...values, token })
    } catch (error) {
      const text = refusal(error)
      // A 400 about a field (a common password) stays on the form; one about the link replaces it.
      const fields = isApiError(error) && (error.body as { ModelState?: unknown } | undefined)?.ModelState
      if (text && !fields) {
        onRefused(text)
        return
      }
      if (fields) {
        const messages = (fields as Record<string, string[]>).password ?? []
        form.setError(
          'password',
          { type: 'server', message: messages[0] ?? MESSAGES.unknownError },
          { shouldFocus: true },
        )
      }
      notify.error(text && !fields ? text : MESSAGES.unknownError)
      return
    }
    try {
      const profile = await signIn(tokens)
      notify.success(INVITATION_MESSAGES.accepted)
      navigate(landingAfterInvitation(isAdmin(profile)), { replace: true })
    } catch {
      notify.error(MESSAGES.profileFetchFailed)
    }
  }

  return (
    <AuthForm
      title="Choose your password"
      form={form}
      onSubmit={onSubmit}
      requiredNote={false}
      actions={
        <FormActions>
          <SubmitButton busyLabel="Saving your password…" variant="primary">
            Set Password
          </SubmitButton>
        </FormActions>
      }
    >
      <p className="auth-form__intro">
        For the account <strong>{email}</strong>. Setting it also confirms that this email address is yours.
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordField name="password" label="Password" autoComplete="new-password" checklist required />
      <PasswordField name="confirmPassword" label="Confirm Password" autoComplete="new-password" required />
    </AuthForm>
  )
}
