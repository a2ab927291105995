import type { StaffMember } from '@signalway/shared/back-office'
import { type ApiClient, apiClient } from './api-client.ts'

/** GET /api/admin/staff: the administrators back-office work can be assigned to. */
export function listStaff(client: ApiClient = apiClient): Promise<StaffMember[]> {
  return client.get<StaffMember[]>('/admin/staff')
}
