import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { UserProfile } from '../../../lib/auth-storage.ts'

export const profilePath = (userId: string) =>
  `/v1/core/accounts/${encodeURIComponent(userId)}/profile/settings`

/** `GET /v1/core/accounts/{userId}/profile/settings` (requirements §7). */
export function getProfile(userId: string, client: ApiClient = apiClient): Promise<UserProfile> {
  return client.get<UserProfile>(profilePath(userId))
}
