import { getSecondFactorStatus } from '../features/auth/api/second-factor.ts'
import { toFormValues } from '../features/auth/profile-values.ts'
import { fetchStoredProfile } from '../features/auth/session.ts'
import type { ApiClient } from '../lib/api-client.ts'
import { isAdmin } from '../lib/auth-context.ts'
import type { AuthStorage, UserProfile } from '../lib/auth-storage.ts'
import { handOverProfile, PRIVATE_SHELL_ATTRIBUTE } from '../lib/hydration-handover.ts'
import { paths } from '../lib/paths.ts'
import { profileShapeOf } from '../lib/profile-shape.ts'
import { PROFILE_LOADING_LABEL } from './auth.ts'
import { authSlot, blockingOverlay } from './markup.ts'

/**
 * What the enhancement script of a private shell page (ADR 028) did before the app takes over:
 * - 'shown': the page is in the signed-in state for the visitor's profile (header, form values), handed over to
 *   the app, which hydrates in that state on the first interaction;
 * - 'signed-out': no session; the login page is on its way (it brings the visitor back);
 * - 'app': the page needs the app at once (the profile could not be fetched, the server rendered the other form
 *   because the browser's hint was missing or out of date (ADR 029), or an administrator must set up a second
 *   factor first); the page is as the server rendered it, behind the overlay.
 */
export type ShellOutcome = 'shown' | 'signed-out' | 'app'

/** The private area of a private shell page, if this is one. */
export function privateShellArea(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`.private-area[${PRIVATE_SHELL_ATTRIBUTE}]`)
}

/**
 * Fills the server-rendered form in with the profile form's values (`toFormValues`), value and default value alike
 * (checked and default checked, selected and default selected): as if the server had rendered them, so that the
 * app, hydrating, counts as typed only what the visitor typed (`lib/typed-values.ts`). Every named field must have
 * its value; false (nothing changed) when one has none.
 */
export function fillForm(form: HTMLFormElement, values: object): boolean {
  const fields = [...form.elements].filter(
    (field): field is HTMLInputElement | HTMLSelectElement =>
      (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field.name !== '',
  )
  if (!fields.every((field) => field.name in values)) return false
  for (const field of fields) {
    const value = (values as Record<string, unknown>)[field.name]
    if (field instanceof HTMLSelectElement) {
      for (const option of field.options) {
        const chosen = option.value === String(value)
        option.toggleAttribute('selected', chosen)
        option.selected = chosen
      }
    } else if (field.type === 'checkbox') {
      field.defaultChecked = value === true
      field.checked = value === true
    } else {
      field.defaultValue = String(value ?? '')
      field.value = field.defaultValue
    }
  }
  return true
}

/** Whether the server rendered the form of this profile's shape (ADR 029): with the company's details or without. */
function formFits(form: HTMLFormElement, profile: UserProfile): boolean {
  const company = form.elements.namedItem('companyName') !== null
  return company === (profileShapeOf(profile) === 'company')
}

/**
 * An administrator without a second factor sets one up before anything else (issue 14): the app takes them there.
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
  if (!form || !formFits(form, profile) || (await mustSetUpSecondFactor(profile, client))) {
    return { outcome: 'app', release }
  }
  if (!fillForm(form, toFormValues(profile))) return { outcome: 'app', release }
  doc.querySelector('.auth-slot')?.replaceWith(authSlot(doc, { status: 'signedIn', profile }))
  handOverProfile(doc, profile)
  release()
  return { outcome: 'shown', release: () => undefined }
}
