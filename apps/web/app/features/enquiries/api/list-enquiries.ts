import type { Enquiry, EnquiryFilter } from '@signalway/shared/enquiry-inbox'
import type { Paged } from '@signalway/shared/http'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import { filterQuery } from '../types.ts'

export const ENQUIRY_PAGE_SIZE = 20

/** GET /api/admin/enquiries: newest first, filtered, one page. */
export function listEnquiries(
  filter: EnquiryFilter,
  page: number,
  pageSize: number = ENQUIRY_PAGE_SIZE,
  client: ApiClient = apiClient,
): Promise<Paged<Enquiry>> {
  return client.get<Paged<Enquiry>>(`/admin/enquiries${filterQuery(filter, { page, pageSize })}`)
}
