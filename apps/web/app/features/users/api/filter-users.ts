import type { UserFilterRequest, UserPage } from '@signalway/shared'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const FILTER_USERS_PATH = '/v1/users/filter'

/**
 * POST /v1/users/filter (requirements §7) with a page: one page of the filtered, searched and sorted
 * users and their total. (Without `page` the server answers the plain list the requirements describe.)
 */
export function filterUsers(
  request: UserFilterRequest & { page: number; pageSize: number },
  options: { signal?: AbortSignal } = {},
  client: ApiClient = apiClient,
): Promise<UserPage> {
  return client.post<UserPage>(FILTER_USERS_PATH, request, options.signal ? { signal: options.signal } : {})
}
