import type { Depot, DepotZonesInput } from '@signalway/shared/fleet'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/depots. */
export function listDepots(client: ApiClient = apiClient) {
  return client.get<Depot[]>('/admin/fleet/depots')
}

/** GET /api/admin/fleet/depots/:id. */
export function getDepot(id: number, client: ApiClient = apiClient) {
  return client.get<Depot>(`/admin/fleet/depots/${id}`)
}

/** PUT /api/admin/fleet/depots/:id/zones from `input.version` (409 if stale). */
export function saveDepotZones(id: number, input: DepotZonesInput, client: ApiClient = apiClient) {
  return client.put<Depot>(`/admin/fleet/depots/${id}/zones`, input)
}
