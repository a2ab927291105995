import type { Depot } from '@signalway/shared/fleet'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/depots. */
export function listDepots(client: ApiClient = apiClient) {
  return client.get<Depot[]>('/admin/fleet/depots')
}
