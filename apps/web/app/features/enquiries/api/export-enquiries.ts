import { businessDay, formatIsoDay } from '@signalway/shared'
import type { EnquiryFilter } from '@signalway/shared/enquiry-inbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import { filterQuery } from '../types.ts'

/** GET /api/admin/enquiries.csv: the enquiries of a filter as a CSV blob. */
export function exportEnquiries(filter: EnquiryFilter, client: ApiClient = apiClient): Promise<Blob> {
  return client.get<Blob>(`/admin/enquiries.csv${filterQuery(filter)}`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  })
}

/** 'enquiries-2025-06-30.csv' (the business's day, as the server names it). */
export function csvFilename(now: Date = new Date()): string {
  return `enquiries-${formatIsoDay(businessDay(now))}.csv`
}
