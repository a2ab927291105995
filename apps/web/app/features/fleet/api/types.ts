import type { EquipmentTypeAdmin, EquipmentTypeInput } from '@signalway/shared/fleet'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/types: every equipment type with its rates in cents ex GST. */
export function listEquipmentTypes(client: ApiClient = apiClient) {
  return client.get<EquipmentTypeAdmin[]>('/admin/fleet/types')
}

/** GET /api/admin/fleet/types/:id. */
export function getEquipmentType(id: number, client: ApiClient = apiClient) {
  return client.get<EquipmentTypeAdmin>(`/admin/fleet/types/${id}`)
}

/** POST /api/admin/fleet/types (no version) or PUT /api/admin/fleet/types/:id from `input.version` (409 if stale). */
export function saveEquipmentType(
  id: number | null,
  input: EquipmentTypeInput,
  client: ApiClient = apiClient,
) {
  return id === null
    ? client.post<EquipmentTypeAdmin>('/admin/fleet/types', input)
    : client.put<EquipmentTypeAdmin>(`/admin/fleet/types/${id}`, input)
}
