import type { ChangePassword, EmailChanged, PasswordChanged, SessionList } from '@signalway/shared/auth'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const SESSIONS_PATH = '/v1/core/auth/sessions'
export const CHANGE_PASSWORD_PATH = '/v1/core/accounts/password/change'

/** GET /v1/core/auth/sessions: the signed-in user's live sessions, the most recently used first. */
export function listSessions(client: ApiClient = apiClient): Promise<SessionList> {
  return client.get<SessionList>(SESSIONS_PATH, { redirect: false })
}

/** DELETE /v1/core/auth/sessions/:id: signs out one of one's own sessions. */
export async function signOutSession(id: string, client: ApiClient = apiClient): Promise<void> {
  await client.delete(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, { redirect: false })
}

/** POST /v1/core/auth/sessions/revoke-others: signs out every other session; answers how many. */
export async function signOutOtherSessions(client: ApiClient = apiClient): Promise<number> {
  const answer = await client.post<{ revoked: number }>(`${SESSIONS_PATH}/revoke-others`, undefined, {
    redirect: false,
  })
  return answer.revoked
}

/**
 * POST /v1/core/accounts/password/change: ends every other session; answers how many, and the passkeys, which
 * still sign in without a password.
 */
export function changePassword(
  values: ChangePassword,
  client: ApiClient = apiClient,
): Promise<PasswordChanged> {
  return client.post<PasswordChanged>(CHANGE_PASSWORD_PATH, values, { redirect: false })
}

/**
 * POST /v1/core/accounts/email/confirm: an address opened its link, signed in to the link's account (ADR 040, so
 * with the session); answers the account's email now and whether it changed (else the account's own address was
 * confirmed). 403 signed in to another account.
 */
export async function confirmEmailChange(
  token: string,
  client: ApiClient = apiClient,
): Promise<EmailChanged> {
  return client.post<EmailChanged>('/v1/core/accounts/email/confirm', { token }, { redirect: false })
}

/** POST /v1/core/accounts/email/cancel: the old address stops a pending change. */
export async function cancelEmailChange(token: string, client: ApiClient = apiClient): Promise<void> {
  await client.post('/v1/core/accounts/email/cancel', { token }, { auth: false, redirect: false })
}
