import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { EnquiryDetail, EnquiryStatus } from '../types.ts'

/** PATCH /api/admin/enquiries/:id { status } */
export function updateEnquiryStatus(
  id: string,
  status: EnquiryStatus,
  client: ApiClient = apiClient,
): Promise<EnquiryDetail> {
  return client.patch<EnquiryDetail>(`/admin/enquiries/${encodeURIComponent(id)}`, { status })
}
