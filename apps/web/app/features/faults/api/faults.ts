import type { FaultDetail, FaultSummary, FaultTransition } from '@signalway/shared/faults'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/faults: open faults oldest first, then the latest resolved. */
export function listFaults(client: ApiClient = apiClient) {
  return client.get<FaultSummary[]>('/admin/faults')
}

export function getFault(id: number, client: ApiClient = apiClient) {
  return client.get<FaultDetail>(`/admin/faults/${id}`)
}

/** The photo as a blob (the request carries the staff's token, which an <img> cannot). */
export function getFaultPhoto(id: number, client: ApiClient = apiClient) {
  return client.get<Blob>(`/admin/faults/${id}/photo`, { responseType: 'blob' })
}

/** PATCH /api/admin/faults/:id with the version seen (409 if stale). */
export function moveFault(id: number, input: FaultTransition, client: ApiClient = apiClient) {
  return client.request<FaultDetail>('PATCH', `/admin/faults/${id}`, input)
}
