import { type RestoredSession, restoreSession } from '../features/auth/session.ts'
import type { ApiClient } from '../lib/api-client.ts'
import type { AuthStorage } from '../lib/auth-storage.ts'
import { authSlot, blockingOverlay } from './markup.ts'

/** The overlay's text while the profile loads (as `features/auth/auth-provider.tsx` shows it). */
export const PROFILE_LOADING_LABEL = 'Loading your profile…'

/**
 * The header's sign-in state on a page that is not hydrated, as the auth provider does it
 * (requirements §1): no stored tokens, Login; tokens, the profile is fetched behind the blocking overlay
 * (the page behind it inert), then Logout, or Login if the session turned out to be over. A
 * sign-out in another tab shows Login again.
 */
export function enhanceAuth(doc: Document, storage: AuthStorage, client: ApiClient): Promise<void> {
  const scope = doc.querySelector<HTMLElement>('.auth-scope')
  if (!doc.querySelector('.auth-slot') || !scope) return Promise.resolve()
  const show = (session: RestoredSession) =>
    doc.querySelector('.auth-slot')?.replaceWith(authSlot(doc, session))
  const signedOut: RestoredSession = { status: 'signedOut', profile: null }

  storage.subscribe(() => {
    if (storage.getTokens() === null) show(signedOut)
  })

  if (!storage.getTokens()) {
    show(signedOut)
    return Promise.resolve()
  }
  const overlay = blockingOverlay(doc, PROFILE_LOADING_LABEL)
  scope.inert = true
  scope.after(overlay)
  return restoreSession(storage, client)
    .then((session) => show(session))
    .finally(() => {
      overlay.remove()
      scope.inert = false
    })
}
