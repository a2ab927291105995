import type { InternalNote } from '@signalway/shared/back-office'
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

/** PATCH /api/admin/enquiries/:id { assigneeId }: an administrator's id, or null for nobody. */
export function assignEnquiry(
  id: string,
  assigneeId: number | null,
  client: ApiClient = apiClient,
): Promise<EnquiryDetail> {
  return client.patch<EnquiryDetail>(`/admin/enquiries/${encodeURIComponent(id)}`, { assigneeId })
}

/** POST /api/admin/enquiries/:id/notes: an internal note. */
export function addEnquiryNote(
  id: string,
  body: string,
  client: ApiClient = apiClient,
): Promise<InternalNote> {
  return client.post<InternalNote>(`/admin/enquiries/${encodeURIComponent(id)}/notes`, { body })
}
