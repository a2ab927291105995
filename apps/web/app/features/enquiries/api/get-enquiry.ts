import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { EnquiryDetail } from '../types.ts'

/** GET /api/admin/enquiries/:id */
export function getEnquiry(id: string, client: ApiClient = apiClient): Promise<EnquiryDetail> {
  return client.get<EnquiryDetail>(`/admin/enquiries/${encodeURIComponent(id)}`)
}
