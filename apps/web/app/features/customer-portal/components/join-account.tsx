import { resetTokenFromSearch } from '@signalway/shared/auth'
import { formatLongDateTime } from '@signalway/shared/business-time'
import { type AccountInvitationPreview, MEMBER_MESSAGES } from '@signalway/shared/customer-account-members'
import { CUSTOMER_ACCOUNT_ROLE_LABELS } from '@signalway/shared/customer-account-words'
import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { isApiError, serverMessage } from '../../../lib/api-client.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { paths } from '../../../lib/paths.ts'
import { JOIN_API, type JoinApi } from '../api/members.ts'
import { forgetJoinToken, keepJoinToken, keptJoinToken } from '../join-token.ts'
import { PORTAL_MESSAGES } from '../messages.ts'

type Check =
  | { state: 'checking' }
  | { state: 'ready'; preview: AccountInvitationPreview }
  | { state: 'refused'; text: string; otherAddress?: boolean; newLink?: boolean }

/** A link that no longer works (used, expired, withdrawn, unknown): the server's words and what to do next. */
function refusalOf(error: unknown, fallback: string): Check {
  if (isApiError(error) && error.status === 403)
    return { state: 'refused', text: serverMessage(error) ?? MEMBER_MESSAGES.wrongUser, otherAddress: true }
  if (isApiError(error) && (error.status === 400 || error.status === 409))
    return {
      state: 'refused',
      text: serverMessage(error) ?? MEMBER_MESSAGES.invalid,
      newLink: error.status === 400,
    }
  if (isApiError(error) && error.status === 429)
    return { state: 'refused', text: serverMessage(error) ?? fallback }
  return { state: 'refused', text: fallback }
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The page an account invitation's link opens (requirements §18, ADR 045). It reads the token once, takes it out of
 * the address bar, and asks the server what the link is for: the account, the role and the invited address.
 * Signed in with that address, the person joins with one button and lands on the account's page; signed out,
 * the token waits in this tab while they sign in or register, and those pages bring them back here (ADR 040);
 * signed in with another address, they are told so and offered to sign out.
 */
export function JoinAccount({ api = JOIN_API }: { api?: JoinApi }) {
  const location = useLocation()
  const navigate = useNavigate()
  const notify = useNotify()
  const { status, profile } = useAuth()
  const [token] = useState(() => resetTokenFromSearch(location.search) || keptJoinToken())
  const [check, setCheck] = useState<Check>({ state: 'checking' })
  const [joining, setJoining] = useState(false)

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (location.search !== '') void navigate({ pathname: location.pathname }, { replace: true })
    if (token === '') {
      setCheck({ state: 'refused', text: MEMBER_MESSAGES.invalid, newLink: true })
      return
    }
    keepJoinToken(token)
    api.check(token).then(
      (preview) => setCheck({ state: 'ready', preview }),
      (error: unknown) => {
        if (isApiError(error) && error.status === 400) forgetJoinToken()
        setCheck(refusalOf(error, PORTAL_MESSAGES.joinLoadFailed))
      },
    )
  }, [])

  const join = async () => {
    setJoining(true)
    try {
      const account = await api.accept(token)
      forgetJoinToken()
      notify.success(MEMBER_MESSAGES.joined(account.legalName))
      void navigate(paths.myCustomerAccount.account(account.id))
    } catch (error) {
      if (isApiError(error) && error.status !== 429) forgetJoinToken()
      setCheck(refusalOf(error, PORTAL_MESSAGES.joinFailed))
      setJoining(false)
    }
  }

  if (check.state === 'checking') return <p role="status">Checking the invitation…</p>
  if (check.state === 'refused') return <Refused check={check} />
  const { preview } = check
  const name =
    preview.tradingName && preview.tradingName !== preview.legalName
      ? `${preview.legalName} (${preview.tradingName})`
      : preview.legalName
  const otherAddress = status === 'signedIn' && profile !== null && !sameAddress(profile.email, preview.email)
  return (
    <div className="join-account">
      <p>You have been invited to join a customer account with Signalway Traffic Hire.</p>
      <dl className="portal__site-facts">
        <div>
          <dt>Account</dt>
          <dd>{name}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>{CUSTOMER_ACCOUNT_ROLE_LABELS[preview.role]}</dd>
        </div>
        <div>
          <dt>Invited address</dt>
          <dd>{preview.email}</dd>
        </div>
        <div>
          <dt>Link works until</dt>
          <dd>{formatLongDateTime(preview.expiresAt)}</dd>
        </div>
      </dl>
      {status === 'loading' ? <p role="status">Checking whether you are signed in…</p> : null}
      {status === 'signedOut' ? (
        <>
          <p>{`Sign in with ${preview.email} to join, or register with that address if you have no login yet.`}</p>
          <p className="join-account__actions">
            <Link to={paths.loginWithReturn(paths.joinAccount)} className="button button--primary">
              Sign in
            </Link>
            <Link to={paths.registerWithReturn(paths.joinAccount)} className="button button--outline">
              Register
            </Link>
          </p>
        </>
      ) : null}
      {otherAddress ? (
        <Refused check={{ state: 'refused', text: MEMBER_MESSAGES.wrongUser, otherAddress: true }} />
      ) : null}
      {status === 'signedIn' && !otherAddress ? (
        <p className="join-account__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={joining}
            onClick={() => void join()}
          >
            {joining ? 'Joining…' : `Join ${preview.legalName}`}
          </button>
        </p>
      ) : null}
    </div>
  )
}

function Refused({ check }: { check: Extract<Check, { state: 'refused' }> }) {
  return (
    <div className="auth-invalid">
      <p className="auth-invalid__text" role="alert">
        {check.text}
      </p>
      {check.newLink ? <p>{PORTAL_MESSAGES.askForNewLink}</p> : null}
      {check.otherAddress ? (
        <p>
          <Link to={paths.logout} className="button button--primary">
            Sign out
          </Link>
        </p>
      ) : null}
    </div>
  )
}
