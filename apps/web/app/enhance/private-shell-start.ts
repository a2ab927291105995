import { getMyAccount } from '../features/account/api/my-account.ts'
import { fetchStoredProfile } from '../features/auth/session.ts'
import type { ApiClient } from '../lib/api-client.ts'
import type { AuthStorage, UserProfile } from '../lib/auth-storage.ts'
import { PRIVATE_SHELL_ATTRIBUTE, type PrivateShell } from '../lib/hydration-handover.ts'

/** Shows a private shell page for this profile; false when it cannot be shown as the app would render it. */
export type ShowShell = (profile: UserProfile) => Promise<boolean>

/** A private shell page's start: its profile asked for, and the page's own code loading (with its data, if any). */
export interface ShellStart {
  profile: Promise<UserProfile>
  show: ShowShell
}

/** The private area of a private shell page (ADR 028, ADR 030), if this is one. */
export function privateShellArea(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>(`.private-area[${PRIVATE_SHELL_ATTRIBUTE}]`)
}

/**
 * Starts what a private shell page needs as soon as the enhancement script runs, before the code that shows it
 * has loaded (each step waited for the one before): the profile and the page's data are asked for, and
 * the page's own code (`profile-shell.ts`, `my-account-shell.ts`) loads beside them. Undefined on any other page,
 * or without a sign-in (the page then sends the visitor to the login page).
 */
export function startPrivateShell(
  doc: Document,
  storage: AuthStorage,
  client: ApiClient,
): ShellStart | undefined {
  const area = privateShellArea(doc)
  if (!area || !storage.getTokens()) return undefined
  const profile = fetchStoredProfile(storage, client)
  // Its failure is handled where it is awaited (`showPrivateShell`); not an unhandled rejection meanwhile.
  profile.catch(() => undefined)
  const loading = loadShell(area, doc, client)
  // Could not be loaded (offline, a new deployment): the app shows the page.
  return { profile, show: (shown) => loading.then((show) => show(shown)).catch(() => false) }
}

/** How the private shell page in `area` is filled in (its name: `PrivateShell` of `lib/hydration-handover.ts`). */
function loadShell(area: HTMLElement, doc: Document, client: ApiClient): Promise<ShowShell> {
  switch (area.getAttribute(PRIVATE_SHELL_ATTRIBUTE) as PrivateShell | null) {
    case 'profile':
      return import('./profile-shell.ts').then((module) => module.profileShell(area))
    case 'my-account': {
      // Asked for at once, beside the profile (one refresh of the token serves both), while the code loads.
      const account = getMyAccount(client).catch(() => null)
      return import('./my-account-shell.ts').then((module) => module.myAccountShell(area, doc, account))
    }
    default:
      return Promise.resolve(async () => false)
  }
}
