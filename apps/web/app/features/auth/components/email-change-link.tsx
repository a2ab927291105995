import { type EmailChanged, resetTokenFromSearch } from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { BlockingOverlay } from '../../../components/ui/blocking-overlay.tsx'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { paths } from '../../../lib/paths.ts'
import { cancelEmailChange, confirmEmailChange } from '../api/security.ts'

type Outcome = { state: 'working' } | { state: 'done'; text: string } | { state: 'failed'; text: string }

export interface EmailChangeLinkProps {
  /** What the link does: confirm the new address, or cancel the change from the old one. */
  action: 'confirm' | 'cancel'
  confirm?: (token: string) => Promise<EmailChanged>
  cancel?: (token: string) => Promise<void>
}

/**
 * The page an email-change link opens. It reads the token once, takes it out of the address bar, and sends it:
 * the new address confirms the change (or the account's own address is confirmed), the old one cancels it.
 */
export function EmailChangeLink({
  action,
  confirm = confirmEmailChange,
  cancel = cancelEmailChange,
}: EmailChangeLinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const { status } = useAuth()
  const [token] = useState(() => resetTokenFromSearch(location.search))
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' })

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (location.search !== '') void navigate({ pathname: location.pathname }, { replace: true })
    if (token === '') {
      setOutcome({ state: 'failed', text: MESSAGES.emailChangeLinkInvalid })
      return
    }
    const send =
      action === 'confirm'
        ? confirm(token).then(({ email, changed }) =>
            // "… is now …" only when the address did change; a link that confirmed the same address says so.
            changed ? MESSAGES.emailChangeConfirmed(email) : MESSAGES.emailConfirmed(email),
          )
        : cancel(token).then(() => MESSAGES.emailChangeCancelled)
    send.then(
      (text) => setOutcome({ state: 'done', text }),
      (error: unknown) =>
        setOutcome({
          state: 'failed',
          text:
            isApiError(error) && (error.status === 400 || error.status === 409)
              ? (serverMessage(error) ?? MESSAGES.emailChangeLinkInvalid)
              : MESSAGES.unknownError,
        }),
    )
  }, [])

  if (outcome.state === 'working') {
    const label = action === 'confirm' ? 'Confirming your email address…' : 'Cancelling the change…'
    return (
      <>
        <p className="auth-panel__lead">{label}</p>
        <BlockingOverlay label={label} />
      </>
    )
  }
  const next = status === 'signedIn' ? paths.updateProfile : paths.login
  return (
    <div className={outcome.state === 'done' ? 'auth-sent' : 'auth-invalid'}>
      <p
        className={outcome.state === 'done' ? 'auth-sent__text' : 'auth-invalid__text'}
        role={outcome.state === 'done' ? 'status' : 'alert'}
      >
        {outcome.text}
      </p>
      <Link to={next} className="button button--primary">
        {status === 'signedIn' ? 'Go to your profile' : 'Log in'}
      </Link>
    </div>
  )
}
