import { MEMBER_TYPE, MESSAGES, type Profile, type ProfileSettings } from '@signalway/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNotify } from '../../../components/ui/notifications/index.ts'
import { useAuth } from '../../../lib/auth-context.ts'
import { getAuthStorage } from '../../../lib/auth-storage.ts'
import { handedOverProfile } from '../../../lib/hydration-handover.ts'
import type { ProfileShape } from '../../../lib/profile-shape.ts'
import { getProfile } from '../api/get-profile.ts'
import { updateOwnProfile } from '../api/update-own-profile.ts'
import { ProfileForm } from './profile-form.tsx'
import { RetryPanel } from './retry-panel.tsx'

export interface UpdateProfileProps {
  load?: (userId: string) => Promise<ProfileSettings>
  save?: (values: Profile) => Promise<ProfileSettings>
  /** Called once the profile has loaded or failed to (what comes after it on the page can then show). */
  onSettled?: () => void
  /** The form shown while the sign-in is checked: the shape the browser's hint named (ADR 029). */
  shape?: ProfileShape
}

type Loaded = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; settings: ProfileSettings }

/**
 * What the page shows while the sign-in is checked (ADR 028): the form of a regular member, empty, or of a company
 * member when the browser's hint says so (ADR 029). The enhancement script fills it in from the profile it fetched,
 * and the app hydrates on the first interaction with that profile.
 */
export const SHELL_SETTINGS: ProfileSettings = {
  id: 'shell',
  memberType: MEMBER_TYPE.Regular,
  firstName: '',
  lastName: '',
  email: '',
  mobile: '',
}

const COMPANY_SHELL_SETTINGS: ProfileSettings = { ...SHELL_SETTINGS, memberType: MEMBER_TYPE.CompanyMember }

export function shellSettings(shape: ProfileShape): ProfileSettings {
  return shape === 'company' ? COMPANY_SHELL_SETTINGS : SHELL_SETTINGS
}

/** The profile the enhancement script showed, when it is this user's: the app starts from it (ADR 028). */
function initialLoad(userId: string | undefined): Loaded {
  const handedOver = handedOverProfile(typeof document === 'undefined' ? undefined : document)
  return handedOver && handedOver.id === userId
    ? { state: 'ready', settings: handedOver }
    : { state: 'loading' }
}

/**
 * The signed-in user's own profile (a private route): GET profile/settings, then the form.
 * The saved profile replaces the stored one. While the sign-in is checked, the empty form of `SHELL_SETTINGS`.
 */
export function UpdateProfile({
  load = getProfile,
  save = updateOwnProfile,
  onSettled,
  shape = 'person',
}: UpdateProfileProps) {
  const { status, profile } = useAuth()
  const notify = useNotify()
  const userId = profile?.id
  const [loaded, setLoaded] = useState<Loaded>(() => initialLoad(userId))
  const [attempt, setAttempt] = useState(0)
  // Handed over by the enhancement script, fetched a moment ago: not asked for again.
  const handedOver = useRef(loaded.state === 'ready')
  // The page as the enhancement script showed it: a company's address block filled in for manual entry.
  const [shown] = useState(loaded.state === 'ready')

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load (Try again)
  useEffect(() => {
    if (!userId) return
    if (handedOver.current) {
      handedOver.current = false
      return
    }
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

  if (status === 'loading')
    return (
      <ProfileForm key={SHELL_SETTINGS.id} settings={shellSettings(shape)} save={save} addressMode="manual" />
    )
  if (loaded.state === 'loading') {
    return (
      <p className="guard-status" role="status">
        Loading your profile…
      </p>
    )
  }
  if (loaded.state === 'failed') {
    return <RetryPanel onRetry={() => setAttempt((n) => n + 1)}>{MESSAGES.profileFetchFailed}</RetryPanel>
  }
  return (
    <ProfileForm
      key={loaded.settings.id}
      settings={loaded.settings}
      save={save}
      onSaved={onSaved}
      {...(shown ? { addressMode: 'manual' as const } : {})}
    />
  )
}
