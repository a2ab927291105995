import type { AdminDashboard } from '@signalway/shared/admin-dashboard'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/dashboard: what waits for staff, each count the total of the list it links to. */
export function getDashboard(client: ApiClient = apiClient): Promise<AdminDashboard> {
  return client.get<AdminDashboard>('/admin/dashboard')
}
