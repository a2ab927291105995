import { MEMBER_TYPE } from '@signalway/shared/constants'
import { formatMobile } from '@signalway/shared/mobile'
import { fetchStoredProfile } from '../features/auth/session.ts'
import type { ApiClient } from '../lib/api-client.ts'
import type { AuthStorage, UserProfile } from '../lib/auth-storage.ts'
import { handOverProfile, PRIVATE_SHELL_ATTRIBUTE } from '../lib/hydration-handover.ts'
import { paths } from '../lib/paths.ts'
import { PROFILE_LOADING_LABEL } from './auth.ts'
import { authSlot, blockingOverlay } from './markup.ts'

/**
 * What the enhancement script of a private shell page (ADR 028) did before the app takes over:
 * - 'shown': the page is in the signed-in state for the visitor's profile (header, form values), handed over to
 *   the app, which hydrates in that state on the first interaction;
 * - 'signed-out': no session; the login page is on its way (it brings the visitor back);
 * - 'app': the page needs the app at once (the profile could not be fetched, or its form is not the shell's:
 *   a company member's or an administrator's); the page is as the server rendered it, behind the overlay.
 */
export type ShellOutcome = 'shown' | 'signed-out' | 'app'

/** The private area of a private shell page, if this is one. */
export function privateShellArea(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`.private-area[${PRIVATE_SHELL_ATTRIBUTE}]`)
}

/** The values the profile form shows a regular member (`toFormValues` of the form: the mobile in its mask). */
export function regularMemberFields(profile: UserProfile): Record<string, string> {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    mobile: formatMobile(profile.mobile),
  }
}

/**
 * Fills the server-rendered form in, value and default value alike: as if the server had rendered them, so
 * that the app, hydrating, counts as typed only what the visitor typed (`lib/typed-values.ts`).
 */
export function fillForm(form: HTMLFormElement, values: Record<string, string>): boolean {
  const fields = Object.entries(values).map(
    ([name, value]) => [form.elements.namedItem(name), value] as const,
  )
  if (!fields.every(([field]) => field instanceof HTMLInputElement)) return false
  for (const [field, value] of fields) {
    const input = field as HTMLInputElement
    input.defaultValue = value
    input.value = value
  }
  return true
}

/**
 * The session is restored as the app would (SPEC.md §1: the profile is fetched behind the blocking overlay, the
 * page inert) and the shell shown signed in: the header's account links, the profile form's values. The overlay
 * goes when the page is shown; with the outcome 'app' it stays until `release` (called just before the app
 * hydrates, which shows its own), so nothing can be typed into the empty form meanwhile.
 */
export async function showPrivateShell(
  doc: Document,
  storage: AuthStorage,
  client: ApiClient,
): Promise<{ outcome: ShellOutcome; release: () => void }> {
  const area = privateShellArea(doc)
  const scope = doc.querySelector<HTMLElement>('.auth-scope')
  const win = doc.defaultView
  const toLogin = () => {
    win?.location.replace(paths.loginWithReturn(win.location.pathname + win.location.search))
    return { outcome: 'signed-out' as const, release: () => undefined }
  }
  if (!area || !scope) return { outcome: 'app', release: () => undefined }
  if (!storage.getTokens()) return toLogin()

  const overlay = blockingOverlay(doc, PROFILE_LOADING_LABEL)
  scope.inert = true
  scope.after(overlay)
  const release = () => {
    overlay.remove()
    scope.inert = false
  }

  let profile: UserProfile
  try {
    profile = await fetchStoredProfile(storage, client)
  } catch {
    // The API client signs out on a refresh token that no longer works; anything else, the app tries again.
    return storage.getTokens() ? { outcome: 'app', release } : toLogin()
  }
  const form = area.querySelector('form')
  if (profile.memberType !== MEMBER_TYPE.Regular || !form || !fillForm(form, regularMemberFields(profile))) {
    return { outcome: 'app', release }
  }
  doc.querySelector('.auth-slot')?.replaceWith(authSlot(doc, { status: 'signedIn', profile }))
  handOverProfile(doc, profile)
  release()
  return { outcome: 'shown', release: () => undefined }
}
