import type { Session } from '@signalway/shared/auth'
import { formatDateTime } from '@signalway/shared/business-time'
import { MESSAGES } from '@signalway/shared/messages'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { LoadFailed } from '../../../components/ui/load-failed.tsx'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useLoaded } from '../../../components/ui/use-loaded.ts'
import { failureMessage } from '../../../lib/api-client.ts'
import { paths } from '../../../lib/paths.ts'
import { listSessions, signOutOtherSessions, signOutSession } from '../api/security.ts'

export interface SessionListProps {
  load?: () => Promise<{ items: Session[] }>
  signOutOne?: (id: string) => Promise<void>
  signOutOthers?: () => Promise<number>
  /** Changes when something else ended sessions (a password change): the list loads again. */
  version?: number
  /** False while the page does not yet know it may ask (the Security section shown before its app): loading. */
  active?: boolean
}

/**
 * Where the account is signed in (ASVS 7.5.2): each live session with its browser and system,
 * where and when it was last used, and when it started; "This device" for the session asking. Any other
 * session can be signed out, or all of them at once.
 */
export function SessionList({
  load = listSessions,
  signOutOne = signOutSession,
  signOutOthers = signOutOtherSessions,
  version = 0,
  active = true,
}: SessionListProps) {
  const notify = useNotify()
  const headingId = useId()
  const { loaded, reload: refresh } = useLoaded(load, MESSAGES.sessionsLoadFailed, version, active)
  const [busy, setBusy] = useState<string | null>(null)

  const run = async (key: string, action: () => Promise<string>) => {
    setBusy(key)
    try {
      notify.success(await action())
    } catch (error) {
      notify.error(failureMessage(error, MESSAGES.sessionSignOutFailed))
    } finally {
      setBusy(null)
    }
    await refresh()
  }

  const items = loaded.state === 'ready' ? loaded.value.items : []
  const others = items.filter((item) => !item.current)

  return (
    <section
      className="sessions"
      aria-labelledby={headingId}
      aria-busy={loaded.state === 'loading' || undefined}
    >
      <h3 id={headingId} className="auth-panel__title">
        Where you are signed in
      </h3>
      {loaded.state === 'loading' ? (
        <p className="sessions__status" role="status">
          Loading your sessions…
        </p>
      ) : null}
      {loaded.state === 'failed' ? (
        <LoadFailed message={MESSAGES.sessionsLoadFailed} onRetry={refresh} />
      ) : null}
      {items.length > 0 ? (
        <ul className="sessions__list">
          {items.map((item) => (
            <li key={item.id} className="sessions__item">
              <div className="sessions__what">
                <span className="sessions__device">
                  {item.browser} on {item.system}
                </span>
                {item.current ? <span className="sessions__badge">This device</span> : null}
              </div>
              <p className="sessions__when">
                Last used <time dateTime={item.lastUsedAt}>{formatDateTime(item.lastUsedAt)}</time>
                {item.ip ? <> from {item.ip}</> : null}
                <br />
                Signed in <time dateTime={item.startedAt}>{formatDateTime(item.startedAt)}</time>
              </p>
              {item.current ? (
                <Link className="button button--outline button--sm sessions__action" to={paths.logout}>
                  Log out
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button--outline button--sm sessions__action"
                  disabled={busy !== null}
                  aria-busy={busy === item.id || undefined}
                  onClick={() =>
                    void run(item.id, async () => {
                      await signOutOne(item.id)
                      return MESSAGES.sessionSignedOut
                    })
                  }
                >
                  Sign out<span className="visually-hidden"> {`${item.browser} on ${item.system}`}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {others.length > 0 ? (
        <div className="sessions__footer">
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            aria-busy={busy === 'others' || undefined}
            onClick={() =>
              void run('others', async () => MESSAGES.otherSessionsSignedOut(await signOutOthers()))
            }
          >
            Sign out everywhere else
          </button>
        </div>
      ) : null}
    </section>
  )
}
