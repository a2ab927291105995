import type { ApiClient } from '../../lib/api-client.ts'
import { type AuthStorage, decodeClaims, type UserProfile } from '../../lib/auth-storage.ts'
import { getProfile } from './api/get-profile.ts'

/**
 * Restoring the sign-in on page load (requirements §1 and §4), without React: used by the auth provider
 * and by the pages that are not hydrated (`app/enhance`).
 */

/** Fetches the profile of the user whose access token is stored (its id claim), and stores it. */
export async function fetchStoredProfile(storage: AuthStorage, client: ApiClient): Promise<UserProfile> {
  const claims = decodeClaims(storage.getTokens()?.access_token)
  if (!claims) throw new Error('The stored access token has no user id.')
  const fetched = await getProfile(claims.id, client)
  storage.setProfile(fetched)
  return fetched
}

export interface RestoredSession {
  status: 'signedIn' | 'signedOut'
  profile: UserProfile | null
}

/**
 * With tokens stored: the profile is fetched (the API client refreshes an expired token once, and
 * signs out on an invalid refresh token). Tokens that survive a failure (e.g. a temporary server
 * error) keep the stored profile.
 */
export async function restoreSession(storage: AuthStorage, client: ApiClient): Promise<RestoredSession> {
  try {
    return { status: 'signedIn', profile: await fetchStoredProfile(storage, client) }
  } catch {
    const stillSignedIn = storage.getTokens() !== null
    return stillSignedIn
      ? { status: 'signedIn', profile: storage.getProfile() }
      : { status: 'signedOut', profile: null }
  }
}
