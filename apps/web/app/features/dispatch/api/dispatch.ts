import type { DepotRef } from '@signalway/shared/bookings'
import type { DispatchBoard, DispatchSaveInput } from '@signalway/shared/field-operations'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/depots, read for the depot picker (the board needs a depot before it loads). */
export function listDispatchDepots(client: ApiClient = apiClient): Promise<DepotRef[]> {
  return client.get<DepotRef[]>('/admin/fleet/depots')
}

/** GET /api/admin/dispatch?depotId=&date=: a depot's day, the saved stops merged with the candidates. */
export function getDispatchBoard(
  depotId: number,
  date: string,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const query = new URLSearchParams({ depotId: String(depotId), date })
  return client.get<DispatchBoard>(`/admin/dispatch?${query.toString()}`, options)
}

/** PUT /api/admin/dispatch: each stop's driver and place with the version shown (409 when one is stale). */
export function saveDispatchBoard(input: DispatchSaveInput, client: ApiClient = apiClient) {
  return client.put<DispatchBoard>('/admin/dispatch', input, { redirect: false })
}
