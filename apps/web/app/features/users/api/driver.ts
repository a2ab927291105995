import type { DepotRef } from '@signalway/shared/bookings'
import type { UserDriver, UserDriverInput } from '@signalway/shared/field-operations'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const userDriverPath = (id: string) => `/admin/users/${encodeURIComponent(id)}/driver`

/** GET /api/admin/users/:id/driver (ADR 050): whether the user is a driver, and at which depot. */
export function getUserDriver(id: string, client: ApiClient = apiClient): Promise<UserDriver> {
  return client.get<UserDriver>(userDriverPath(id))
}

/** PUT /api/admin/users/:id/driver: makes the user a driver at a depot (or moves them to another). */
export function setUserDriver(id: string, input: UserDriverInput, client: ApiClient = apiClient) {
  return client.put<UserDriver>(userDriverPath(id), input, { redirect: false })
}

/** DELETE /api/admin/users/:id/driver: no longer a driver; their stops not done go back to Unassigned. */
export function removeUserDriver(id: string, client: ApiClient = apiClient) {
  return client.delete<UserDriver>(userDriverPath(id), { redirect: false })
}

/** GET /api/admin/fleet/depots, for the depot a driver works from. */
export function listDriverDepots(client: ApiClient = apiClient): Promise<DepotRef[]> {
  return client.get<DepotRef[]>('/admin/fleet/depots')
}
