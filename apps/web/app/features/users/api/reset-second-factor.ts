import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const resetSecondFactorPath = (id: string) => `/v1/users/${encodeURIComponent(id)}/second-factor/reset`

/**
 * POST /v1/users/{id}/second-factor/reset (ours): for a user who lost their authenticator app
 * and recovery codes. Ends their sessions and emails them; the audit log records who did it.
 */
export async function resetSecondFactor(id: string, client: ApiClient = apiClient): Promise<void> {
  await client.post(resetSecondFactorPath(id), undefined, { redirect: false })
}
