import { type EmailChanged, resetTokenFromSearch } from '@signalway/shared/auth'
import { MESSAGES } from '@signalway/shared/messages'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { BlockingOverlay } from '../../../components/ui/blocking-overlay.tsx'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { paths } from '../../../lib/paths.ts'
import { cancelEmailChange, confirmEmailChange } from '../api/security.ts'
import {
  forgetConfirmationToken,
  keepConfirmationToken,
  keptConfirmationToken,
} from '../confirmation-token.ts'

type Outcome =
  | { state: 'working' }
  | { state: 'done'; text: string }
  | { state: 'failed'; text: string; otherAccount?: boolean }

export interface EmailChangeLinkProps {
  /** What the link does: confirm the new address, or cancel the change from the old one. */
  action: 'confirm' | 'cancel'
  confirm?: (token: string) => Promise<EmailChanged>
  cancel?: (token: string) => Promise<void>
}

/**
 * The page an email-change link opens. It reads the token once, takes it out of the address bar, and sends it:
 * the new address confirms the change (or the account's own address is confirmed), the old one cancels it.
 * A confirmation counts only signed in to the link's account (ADR 040): signed out, the page keeps the token in
 * this tab and asks to log in, and the login page brings the visitor back here to finish.
 */
export function EmailChangeLink({
  action,
  confirm = confirmEmailChange,
  cancel = cancelEmailChange,
}: EmailChangeLinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const { status } = useAuth()
  const [token] = useState(
    () => resetTokenFromSearch(location.search) || (action === 'confirm' ? keptConfirmationToken() : ''),
  )
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' })
  const sent = useRef(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (location.search !== '') void navigate({ pathname: location.pathname }, { replace: true })
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: sent once, when whether someone is signed in is known
  useEffect(() => {
    if (sent.current) return
    if (token === '') {
      sent.current = true
      setOutcome({ state: 'failed', text: MESSAGES.emailChangeLinkInvalid })
      return
    }
    if (action === 'confirm') {
      if (status === 'loading') return
      // Kept until the answer comes: a session that ends meanwhile also comes back here after logging in.
      keepConfirmationToken(token)
      if (status === 'signedOut') {
        sent.current = true
        void navigate(paths.loginWithReturn(paths.confirmEmail), { replace: true })
        return
      }
    }
    sent.current = true
    const send =
      action === 'confirm'
        ? confirm(token).then(({ email, changed }) =>
            // "… is now …" only when the address did change; a link that confirmed the same address says so.
            changed ? MESSAGES.emailChangeConfirmed(email) : MESSAGES.emailConfirmed(email),
          )
        : cancel(token).then(() => MESSAGES.emailChangeCancelled)
    send.then(
      (text) => {
        if (action === 'confirm') forgetConfirmationToken()
        setOutcome({ state: 'done', text })
      },
      (error: unknown) => {
        // The link's own answer ends it; a session that ended meanwhile goes to the login page, which returns
        // here with the token still kept.
        if (action === 'confirm' && answeredByTheLink(error)) forgetConfirmationToken()
        setOutcome(failureOf(error))
      },
    )
  }, [status])

  if (outcome.state === 'working') {
    const label = action === 'confirm' ? 'Confirming your email address…' : 'Cancelling the change…'
    return (
      <>
        <p className="auth-panel__lead">{label}</p>
        <BlockingOverlay label={label} />
      </>
    )
  }
  return (
    <div className={outcome.state === 'done' ? 'auth-sent' : 'auth-invalid'}>
      <p
        className={outcome.state === 'done' ? 'auth-sent__text' : 'auth-invalid__text'}
        role={outcome.state === 'done' ? 'status' : 'alert'}
      >
        {outcome.text}
      </p>
      <NextStep otherAccount={outcome.state === 'failed' && outcome.otherAccount === true} />
    </div>
  )
}

/** The confirmation endpoint itself refused the token (not a session that could not be refreshed). */
function answeredByTheLink(error: unknown): boolean {
  if (!isApiError(error)) return false
  return (
    error.status === 403 ||
    ((error.status === 400 || error.status === 409) && serverMessage(error) !== undefined)
  )
}

function failureOf(error: unknown): Outcome {
  if (isApiError(error) && error.status === 403)
    return {
      state: 'failed',
      text: serverMessage(error) ?? MESSAGES.emailLinkOtherAccount,
      otherAccount: true,
    }
  return {
    state: 'failed',
    text:
      isApiError(error) && (error.status === 400 || error.status === 409)
        ? (serverMessage(error) ?? MESSAGES.emailChangeLinkInvalid)
        : MESSAGES.unknownError,
  }
}

/** Signed in to the wrong account: log out first; else the profile, or the login page. */
function NextStep({ otherAccount }: { otherAccount: boolean }) {
  const { status } = useAuth()
  if (otherAccount)
    return (
      <Link to={paths.logout} className="button button--primary">
        Log out
      </Link>
    )
  return (
    <Link to={status === 'signedIn' ? paths.updateProfile : paths.login} className="button button--primary">
      {status === 'signedIn' ? 'Go to your profile' : 'Log in'}
    </Link>
  )
}
