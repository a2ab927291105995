import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { BlockingOverlay } from '../../components/ui/blocking-overlay.tsx'
import { type ApiClient, apiClient } from '../../lib/api-client.ts'
import { AuthContext, type AuthState, type AuthStatus } from '../../lib/auth-context.ts'
import {
  type AuthStorage,
  getAuthStorage,
  type TokenResponse,
  type UserProfile,
} from '../../lib/auth-storage.ts'
import { handedOverProfile } from '../../lib/hydration-handover.ts'
import { isAdmin } from '../../lib/is-admin.ts'
import { paths } from '../../lib/paths.ts'
import { getSecondFactorStatus } from './api/second-factor.ts'
import { fetchStoredProfile, restoreSession } from './session.ts'

interface AuthProviderProps {
  children: ReactNode
  /** Injected for tests; the browser's localStorage-backed storage by default. */
  storage?: AuthStorage
  client?: ApiClient
  /** Full page load used by signOut; injected for tests. */
  reload?: (to: string) => void
}

type Busy = 'profile' | 'logout' | null

/**
 * Authentication state (requirements §4). The server and the hydration render know nothing
 * about the browser's storage, so both render status 'loading'; after hydration the
 * stored tokens decide: none -> signed out; tokens -> the profile is fetched behind the
 * blocking overlay -> signed in. Unless the enhancement script of a private page did that already and showed the
 * page signed in (ADR 028): the app then hydrates signed in with the profile it handed over.
 */
export function AuthProvider({
  children,
  storage: injectedStorage,
  client = apiClient,
  reload = (to) => window.location.replace(to),
}: AuthProviderProps) {
  const [handedOver] = useState(() =>
    handedOverProfile(typeof document === 'undefined' ? undefined : document),
  )
  const [status, setStatus] = useState<AuthStatus>(handedOver ? 'signedIn' : 'loading')
  const [profile, setProfile] = useState<UserProfile | null>(handedOver)
  const [secondFactorSetupRequired, setSecondFactorSetupRequired] = useState(false)
  const [busy, setBusy] = useState<Busy>(null)
  const storageRef = useRef<AuthStorage | null>(injectedStorage ?? null)
  const storage = useCallback(() => {
    storageRef.current ??= getAuthStorage()
    return storageRef.current
  }, [])

  const fetchProfile = useCallback(() => fetchStoredProfile(storage(), client), [client, storage])

  // On load: restore the session from storage and refresh the profile.
  useEffect(() => {
    let cancelled = false
    const store = storage()
    const tokens = store.getTokens()
    if (!tokens) {
      setStatus('signedOut')
    } else if (handedOver) {
      // Restored by the enhancement script a moment ago (ADR 028).
    } else {
      setBusy('profile')
      restoreSession(store, client)
        .then(async (session) => {
          const setupRequired = await needsSecondFactorSetup(session.profile, client)
          if (cancelled) return
          setProfile(session.profile)
          setSecondFactorSetupRequired(setupRequired)
          setStatus(session.status)
        })
        .finally(() => {
          if (!cancelled) setBusy(null)
        })
    }
    // Sign-out elsewhere (another tab, a failed token refresh) is reflected here.
    const unsubscribe = store.subscribe(() => {
      if (store.getTokens() === null) {
        setProfile(null)
        setStatus('signedOut')
      }
    })
    return () => {
      cancelled = true
      unsubscribe()
    }
  }, [client, storage, handedOver])

  const signIn = useCallback(
    async (tokens: TokenResponse) => {
      storage().setTokens(tokens)
      setBusy('profile')
      try {
        const fetched = await fetchProfile()
        setSecondFactorSetupRequired(await needsSecondFactorSetup(fetched, client))
        setProfile(fetched)
        setStatus('signedIn')
        return fetched
      } catch (error) {
        storage().clear()
        setProfile(null)
        setStatus('signedOut')
        throw error
      } finally {
        setBusy(null)
      }
    },
    [client, fetchProfile, storage],
  )

  const secondFactorSetUp = useCallback(() => setSecondFactorSetupRequired(false), [])

  const signOut = useCallback(async () => {
    setBusy('logout')
    // The session ends on the server first: a copy of the tokens is worthless afterwards.
    await client.revokeStoredSession()
    storage().clear()
    setProfile(null)
    setStatus('signedOut')
    reload(paths.home)
  }, [client, reload, storage])

  const value = useMemo<AuthState>(
    () => ({ status, profile, secondFactorSetupRequired, secondFactorSetUp, signIn, signOut }),
    [status, profile, secondFactorSetupRequired, secondFactorSetUp, signIn, signOut],
  )

  return (
    <AuthContext value={value}>
      {/* While the overlay blocks the page, nothing behind it can be focused or clicked either. */}
      <div className="auth-scope" inert={busy !== null}>
        {children}
      </div>
      {busy === 'profile' ? <BlockingOverlay label="Loading your profile…" /> : null}
      {busy === 'logout' ? <BlockingOverlay label="Logging out…" /> : null}
    </AuthContext>
  )
}

/**
 * Administrators must set up a second factor before anything else; only they need the extra
 * call. When it fails, the server's own 403 (second_factor_setup_required) still takes them there.
 */
async function needsSecondFactorSetup(profile: UserProfile | null, client: ApiClient): Promise<boolean> {
  if (!isAdmin(profile)) return false
  try {
    return (await getSecondFactorStatus(client)).setupRequired
  } catch {
    return false
  }
}
