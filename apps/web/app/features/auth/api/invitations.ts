import type { AcceptInvitation, Invitation } from '@signalway/shared/invitations'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { TokenResponse } from '../../../lib/auth-storage.ts'

export const CHECK_INVITATION_PATH = '/v1/core/accounts/invitation/check'
export const ACCEPT_INVITATION_PATH = '/v1/core/accounts/invitation/accept'

/** POST /v1/core/accounts/invitation/check (ADR 035): whose account the link opens, or 400 saying why not. */
export function checkInvitation(
  token: string,
  options: { signal?: AbortSignal } = {},
  client: ApiClient = apiClient,
): Promise<Invitation> {
  return client.post<Invitation>(
    CHECK_INVITATION_PATH,
    { token },
    { ...options, auth: false, redirect: false },
  )
}

/** POST /v1/core/accounts/invitation/accept: sets the password, confirms the address, answers tokens. */
export function acceptInvitation(
  values: AcceptInvitation,
  client: ApiClient = apiClient,
): Promise<TokenResponse> {
  return client.post<TokenResponse>(ACCEPT_INVITATION_PATH, values, { auth: false, redirect: false })
}
