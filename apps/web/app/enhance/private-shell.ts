import { getSecondFactorStatus } from '../features/auth/api/second-factor.ts'
import type { ApiClient } from '../lib/api-client.ts'
import type { AuthStorage, UserProfile } from '../lib/auth-storage.ts'
import { handOverProfile } from '../lib/hydration-handover.ts'
import { isAdmin } from '../lib/is-admin.ts'
import { paths } from '../lib/paths.ts'
import { PROFILE_LOADING_LABEL } from './auth.ts'
import { authSlot, blockingOverlay } from './markup.ts'
import { privateShellArea, type ShellStart, startPrivateShell } from './private-shell-start.ts'

/**
 * What the enhancement script of a private shell page (the profile, ADR 028 and 029; My Account, ADR 030) did
 * before the app takes over:
 * - 'shown': the page is in the signed-in state for the visitor's profile (header, the form's values or the
 *   account area), handed over to the app, which hydrates in that state on the first interaction;
 * - 'signed-out': no session; the login page is on its way (it brings the visitor back);
 * - 'app': the page needs the app at once (the profile or the account could not be fetched, the server rendered the other form
 *   because the browser's hint was missing or out of date (ADR 029), or an administrator must set up a second
 *   factor first); the page is as the server rendered it, behind the overlay.
 */
export type ShellOutcome = 'shown' | 'signed-out' | 'app'

/**
 * An administrator without a second factor sets one up before anything else: the app takes them there.
 * Asked as the app asks it; a failed answer leaves the page to the app as well.
 */
async function mustSetUpSecondFactor(profile: UserProfile, client: ApiClient): Promise<boolean> {
  if (!isAdmin(profile)) return false
  try {
    return (await getSecondFactorStatus(client)).setupRequired
  } catch {
    return true
  }
}

/**
 * The session is restored as the app would (requirements §1: the profile is fetched behind the blocking overlay, the
 * page inert) and the shell shown signed in: the header's account links, the profile form's values. The overlay
 * goes when the page is shown; with the outcome 'app' it stays until `release` (called just before the app
 * hydrates, which shows its own), so nothing can be typed into the empty form meanwhile.
 */
export async function showPrivateShell(
  doc: Document,
  storage: AuthStorage,
  client: ApiClient,
  started: ShellStart | undefined = startPrivateShell(doc, storage, client),
): Promise<{ outcome: ShellOutcome; release: () => void }> {
  const area = privateShellArea(doc)
  const scope = doc.querySelector<HTMLElement>('.auth-scope')
  const win = doc.defaultView
  const toLogin = () => {
    win?.location.replace(paths.loginWithReturn(win.location.pathname + win.location.search))
    return { outcome: 'signed-out' as const, release: () => undefined }
  }
  if (!area || !scope) return { outcome: 'app', release: () => undefined }
  if (!started) return toLogin()

  const overlay = blockingOverlay(doc, PROFILE_LOADING_LABEL)
  scope.inert = true
  scope.after(overlay)
  const release = () => {
    overlay.remove()
    scope.inert = false
  }

  let profile: UserProfile
  try {
    profile = await started.profile
  } catch {
    // The API client signs out on a refresh token that no longer works; anything else, the app tries again.
    return storage.getTokens() ? { outcome: 'app', release } : toLogin()
  }
  if ((await mustSetUpSecondFactor(profile, client)) || !(await started.show(profile))) {
    return { outcome: 'app', release }
  }
  doc.querySelector('.auth-slot')?.replaceWith(authSlot(doc, { status: 'signedIn', profile }))
  handOverProfile(doc, profile)
  release()
  return { outcome: 'shown', release: () => undefined }
}
