import { MESSAGES, type Profile, type ProfileSettings } from '@signalway/shared'
import { useCallback, useEffect, useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { getAuthStorage } from '../../../lib/auth-storage.ts'
import { getProfile } from '../api/get-profile.ts'
import { updateOwnProfile } from '../api/update-own-profile.ts'
import { ProfileForm } from './profile-form.tsx'

export interface UpdateProfileProps {
  load?: (userId: string) => Promise<ProfileSettings>
  save?: (values: Profile) => Promise<ProfileSettings>
  /** Called once the profile has loaded or failed to (what comes after it on the page can then show). */
  onSettled?: () => void
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; settings: ProfileSettings }

/**
 * The signed-in user's own profile (a private route): GET profile/settings, then the form.
 * The saved profile replaces the stored one.
 */
export function UpdateProfile({ load = getProfile, save = updateOwnProfile, onSettled }: UpdateProfileProps) {
  const { profile } = useAuth()
  const notify = useNotify()
  const userId = profile?.id
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load (Try again)
  useEffect(() => {
    if (!userId) return
    let cancelled = false
    setLoaded({ state: 'loading' })
    load(userId).then(
      (settings) => {
        if (!cancelled) setLoaded({ state: 'ready', settings })
      },
      () => {
        if (cancelled) return
        setLoaded({ state: 'failed' })
        notify.error(MESSAGES.profileFetchFailed)
      },
    )
    return () => {
      cancelled = true
    }
  }, [userId, load, notify, attempt])

  const settled = loaded.state !== 'loading'
  useEffect(() => {
    if (settled) onSettled?.()
  }, [settled, onSettled])

  const onSaved = useCallback((settings: ProfileSettings) => getAuthStorage().setProfile(settings), [])

  if (loaded.state === 'loading') {
    return (
      <p className="guard-status" role="status">
        Loading your profile…
      </p>
    )
  }
  if (loaded.state === 'failed') {
    return (
      <div className="auth-invalid">
        <p className="auth-invalid__text" role="alert">
          {MESSAGES.profileFetchFailed}
        </p>
        <button type="button" className="button button--primary" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      </div>
    )
  }
  return <ProfileForm key={loaded.settings.id} settings={loaded.settings} save={save} onSaved={onSaved} />
}
