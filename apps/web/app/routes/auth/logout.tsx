import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { SimplePage } from '../../components/ui/page-header.tsx'
import { forgetKeptAnswers } from '../../features/runs/offline.ts'
import { unsentDockets } from '../../features/runs/unsent.ts'
import { useAuth } from '../../lib/auth-context.ts'
import { decodeClaims, getAuthStorage } from '../../lib/auth-storage.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import type { Route } from './+types/logout'

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Logout',
    description: 'Log out of your Signalway Traffic Hire account.',
    path: paths.logout,
    noIndex: true,
  })

/** The count of dockets a driver's phone still has to send; 0 when it cannot tell. */
function useUnsentDockets(): number | null {
  const [unsent, setUnsent] = useState<number | null>(null)
  useEffect(() => {
    const userId = decodeClaims(getAuthStorage().getTokens()?.access_token)?.id
    unsentDockets(userId).then(setUnsent, () => setUnsent(0))
  }, [])
  return unsent
}

/**
 * Clears the stored sign-in data and the driver's answers the runs app kept offline, then reloads the app on the
 * home page (requirements §2). A driver whose phone still holds dockets is warned first (ADR 050): they are kept,
 * and sent once the driver signs in again, but not before.
 */
export default function LogoutPage() {
  const { signOut } = useAuth()
  const unsent = useUnsentDockets()
  const [confirmed, setConfirmed] = useState(false)
  const go = unsent === 0 || confirmed
  useEffect(() => {
    if (!go) return
    void forgetKeptAnswers()
      .catch(() => undefined)
      .finally(() => signOut())
  }, [go, signOut])

  if (unsent !== null && unsent > 0 && !confirmed)
    return (
      <SimplePage title="Logout" lead="Your phone still has dockets to send.">
        <div className="logout-warning" role="alert">
          <p>
            {unsent === 1 ? '1 docket has' : `${unsent} dockets have`} not reached us yet. They stay on this
            phone, but they are only sent while you are signed in here.
          </p>
        </div>
        <div className="form-actions">
          <Link className="button button--accent" to={paths.runs}>
            Back to your run
          </Link>
          <button type="button" className="button button--outline" onClick={() => setConfirmed(true)}>
            Log out anyway
          </button>
        </div>
      </SimplePage>
    )
  return <SimplePage title="Logout" lead="Logging you out and taking you back to the home page." />
}
