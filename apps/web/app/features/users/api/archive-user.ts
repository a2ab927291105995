import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const archiveUserPath = (id: string) => `/v1/users/${encodeURIComponent(id)}/archive`

/** PATCH /v1/users/{id}/archive (requirements §7): deletes (archives) the user. */
export async function archiveUser(id: string, client: ApiClient = apiClient): Promise<void> {
  await client.patch(archiveUserPath(id), undefined, { redirect: false })
}
