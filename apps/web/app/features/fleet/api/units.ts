import type {
  UnitDetail,
  UnitInput,
  UnitList,
  UnitListQuery,
  UnitServiceInput,
} from '@signalway/shared/fleet'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/units: one page of units, searched and filtered. */
export function listUnits(
  query: Partial<UnitListQuery>,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return client.get<UnitList>(`/admin/fleet/units${search ? `?${search}` : ''}`, options)
}

/** GET /api/admin/fleet/units/:id: the unit with its service history, newest first. */
export function getUnit(id: number, client: ApiClient = apiClient) {
  return client.get<UnitDetail>(`/admin/fleet/units/${id}`)
}

/** POST /api/admin/fleet/units. */
export function createUnit(input: UnitInput, client: ApiClient = apiClient) {
  return client.post<UnitDetail>('/admin/fleet/units', input)
}

/** PUT /api/admin/fleet/units/:id with the version the person saw (409 if stale). */
export function updateUnit(id: number, input: UnitInput, client: ApiClient = apiClient) {
  return client.put<UnitDetail>(`/admin/fleet/units/${id}`, input)
}

/** POST /api/admin/fleet/units/:id/services: answers the unit with its history. */
export function addUnitService(id: number, input: UnitServiceInput, client: ApiClient = apiClient) {
  return client.post<UnitDetail>(`/admin/fleet/units/${id}/services`, input)
}
