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
}

/**
 * Where a signed-in visitor of login, register, forgot or reset password goes (SPEC.md §2): the
 * 'return-url' value, else the previous page inside the app (the Login link's state, else the pages
 * this tab recorded; never a stale document.referrer), else home. Only same-site paths count, and never a
 * guest page itself (that would bounce straight back).
 */
export function resolveReturnLocation({ returnUrl, from, recent = [] }: ReturnLocationSources): string {
  return usable(returnUrl) ?? usable(from) ?? lastUsable(recent) ?? paths.home
}

/** The newest page of the list that may be returned to (guest pages, the login page itself, skipped). */
function lastUsable(pages: readonly string[]): string | undefined {
  for (let index = pages.length - 1; index >= 0; index--) {
    const page = usable(pages[index])
    if (page) return page
  }
  return undefined
}
