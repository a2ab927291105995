import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

/**
 * POST /v1/core/auth/token, password grant (requirements §7). The tokens are returned, not stored:
 * the auth provider's signIn stores them. No maintenance redirect: the login page says
 * "...unable to connect to the server" itself.
 */
export function signInWithPassword(
  username: string,
  password: string,
  client: ApiClient = apiClient,
): Promise<TokenResponse> {
  return client.requestToken(username, password, { redirect: false })
}
