import type { FleetCalendar } from '@signalway/shared/fleet'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/fleet/calendar: a depot's month, free / total per type and day. */
export function getFleetCalendar(
  depotId: number,
  month: string,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const params = new URLSearchParams({ depotId: String(depotId), month })
  return client.get<FleetCalendar>(`/admin/fleet/calendar?${params.toString()}`, options)
}
