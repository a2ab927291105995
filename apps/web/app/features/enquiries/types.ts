import type { EnquiryKind, EnquiryStatus } from '@signalway/shared/constants'
import type { EnquiryFilter } from '@signalway/shared/enquiry-inbox'

/*
 * How the inbox shows the shapes of @signalway/shared/enquiry-inbox (the answers of the admin
 * enquiry endpoints): their labels, and the filter as a query string.
 */

export const KIND_LABELS: Record<EnquiryKind, string> = {
  contact: 'Contact message',
  quote: 'Quote request',
}

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
}

/** The filter as query parameters (empty values left out). */
export function filterQuery(filter: EnquiryFilter, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries({ ...filter, ...extra })) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const query = params.toString()
  return query ? `?${query}` : ''
}
