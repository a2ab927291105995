import type { EnquiryDetail } from '@signalway/shared/enquiry-inbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/enquiries/:id */
export function getEnquiry(id: string, client: ApiClient = apiClient): Promise<EnquiryDetail> {
  return client.get<EnquiryDetail>(`/admin/enquiries/${encodeURIComponent(id)}`)
}
