import type { ResetPassword } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

export const resetRequestPath = (email: string) =>
  `/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`
export const VALIDATE_RESET_TOKEN_PATH = '/v1/core/accounts/token/validate'
export const RESET_PASSWORD_PATH = '/v1/core/accounts/password/reset'

/** What the server found when it rendered the Reset Password page: the link's token and its check. */
export interface CheckedResetLink {
  token: string
  check: 'valid' | 'invalid' | 'unavailable'
}

/** PATCH /v1/core/accounts/{email}/password/reset/request (requirements §7): emails a reset link. */
export function requestPasswordReset(email: string, client: ApiClient = apiClient): Promise<unknown> {
  return client.patch(resetRequestPath(email), undefined, { auth: false, redirect: false })
}

/** POST /v1/core/accounts/token/validate: resolves when the token can still be used, else rejects. */
export function validateResetToken(
  resetToken: string,
  options: { signal?: AbortSignal } = {},
  client: ApiClient = apiClient,
): Promise<unknown> {
  return client.post(VALIDATE_RESET_TOKEN_PATH, { resetToken }, { ...options, auth: false, redirect: false })
}

/** POST /v1/core/accounts/password/reset: sets the password and answers tokens (the user is signed in). */
export function resetPassword(values: ResetPassword, client: ApiClient = apiClient): Promise<TokenResponse> {
  return client.post<TokenResponse>(RESET_PASSWORD_PATH, values, { auth: false, redirect: false })
}
