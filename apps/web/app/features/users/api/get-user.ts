import type { UserDetail } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const userPath = (id: string) => `/v1/users/${encodeURIComponent(id)}`

/** GET /v1/users/{id} (requirements §7): the user's details, with userType. */
export function getUser(id: string, client: ApiClient = apiClient): Promise<UserDetail> {
  return client.get<UserDetail>(userPath(id))
}
