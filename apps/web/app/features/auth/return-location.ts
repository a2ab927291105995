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

/** The path and query of a same-origin referrer URL; undefined for another origin or none. */
export function sameOriginPath(
  referrer: string | null | undefined,
  origin: string | undefined,
): string | undefined {
  if (!referrer || !origin) return undefined
  try {
    const url = new URL(referrer)
    return url.origin === origin ? url.pathname + url.search : undefined
  } catch {
    return undefined
  }
}

export interface ReturnLocationSources {
  /** The 'return-url' query value. */
  returnUrl?: string | null | undefined
  /** The page the visitor came from inside the app (location state `from`). */
  from?: string | null | undefined
  /** The previous page of a full page load (a same-origin document.referrer). */
  referrer?: string | null | undefined
}

/**
 * Where a signed-in visitor of login, register, forgot or reset password goes (SPEC.md §2): the
 * 'return-url' value, else the previous page, else home. Only same-site paths count, and never a
 * guest page itself (that would bounce straight back).
 */
export function resolveReturnLocation({ returnUrl, from, referrer }: ReturnLocationSources): string {
  return usable(returnUrl) ?? usable(from) ?? usable(referrer) ?? paths.home
}
