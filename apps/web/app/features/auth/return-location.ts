import { paths, safeReturnUrl } from '../../lib/paths.ts'

/** Pages a signed-in user is sent away from (and so never sent back to). */
const GUEST_PATHS: readonly string[] = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.resetPassword,
  paths.logout,
]

function pathnameOf(location: string): string {
  const end = location.search(/[?#]/u)
  const pathname = end === -1 ? location : location.slice(0, end)
  return pathname.endsWith('/') ? pathname : `${pathname}/`
}

/** A same-site path that is not a guest page, else undefined. */
function usable(location: string | null | undefined): string | undefined {
  const safe = safeReturnUrl(location, '')
  if (safe === '' || GUEST_PATHS.includes(pathnameOf(safe))) return undefined
  return safe
}

export interface ReturnLocationSources {
  /** The 'return-url' query value. */
  returnUrl?: string | null | undefined
  /** The page the visitor came from inside the app (location state `from`). */
  from?: string | null | undefined
  /** The pages this tab showed inside the app, newest last (lib/last-page.ts). */
  recent?: readonly string[] | undefined
  /** The person signing in is an administrator (member type 3). */
  staff?: boolean | undefined
}

/**
 * Where a signed-in visitor of login, register, forgot or reset password goes (requirements §2): the
 * 'return-url' value, else the previous page inside the app (the Login link's state, else the pages
 * this tab recorded; never a stale document.referrer), else home. An administrator goes to the admin area's
 * dashboard instead of a public page they happened to be on (ADR 035). Only same-site paths count, and never a
 * guest page itself (that would bounce straight back).
 */
export function resolveReturnLocation({
  returnUrl,
  from,
  recent = [],
  staff = false,
}: ReturnLocationSources): string {
  const previous = usable(from) ?? lastUsable(recent)
  // Staff land on the admin area (ADR 035) unless a page sent them to log in, or they were working in it.
  if (staff) return usable(returnUrl) ?? (previous && isAdminPage(previous) ? previous : paths.admin.index)
  return usable(returnUrl) ?? previous ?? paths.home
}

/** Where someone goes after setting a password from an invitation: staff the admin area, others their account. */
export function landingAfterInvitation(staff: boolean): string {
  return staff ? paths.admin.index : paths.myAccount
}

function isAdminPage(location: string): boolean {
  return pathnameOf(location).startsWith(paths.admin.index)
}

/** The newest page of the list that may be returned to (guest pages, the login page itself, skipped). */
function lastUsable(pages: readonly string[]): string | undefined {
  for (let index = pages.length - 1; index >= 0; index--) {
    const page = usable(pages[index])
    if (page) return page
  }
  return undefined
}
