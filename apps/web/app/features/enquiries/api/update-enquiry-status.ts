import type { EnquiryStatus } from '@signalway/shared/constants'
import type { EnquiryDetail } from '@signalway/shared/enquiry-inbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** PATCH /api/admin/enquiries/:id { status } */
export function updateEnquiryStatus(
  id: string,
  status: EnquiryStatus,
  client: ApiClient = apiClient,
): Promise<EnquiryDetail> {
  return client.patch<EnquiryDetail>(`/admin/enquiries/${encodeURIComponent(id)}`, { status })
}
