/** Shapes of the admin enquiry endpoints (apps/api/src/modules/enquiries/schemas.ts, outbox/admin-routes.ts). */

export const ENQUIRY_KINDS = ['contact', 'quote'] as const
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number]

export const ENQUIRY_STATUSES = ['new', 'in_progress', 'done'] as const
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number]

export const KIND_LABELS: Record<EnquiryKind, string> = {
  contact: 'Contact message',
  quote: 'Quote request',
}

export const STATUS_LABELS: Record<EnquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  done: 'Done',
}

export interface Enquiry {
  id: string
  kind: EnquiryKind
  status: EnquiryStatus
  name: string
  email: string
  phone: string | null
  message: string
  services: string[]
  source: string[]
  /** ISO 8601, UTC. */
  createdAt: string
  updatedAt: string
}

export interface EnquiryDetail extends Enquiry {
  ip: string | null
  userAgent: string | null
}

export interface EnquiryFilter {
  kind?: EnquiryKind | undefined
  status?: EnquiryStatus | undefined
  /** First day, YYYY-MM-DD (Melbourne), inclusive. */
  from?: string | undefined
  /** Last day, YYYY-MM-DD (Melbourne), inclusive. */
  to?: string | undefined
  search?: string | undefined
}

export interface Paged<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

export interface OutboxItem {
  id: number
  to: string
  subject: string
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  lastError: string | null
  createdAt: string
  nextAttemptAt: string
  sentAt: string | null
}

export function isEnquiryKind(value: unknown): value is EnquiryKind {
  return typeof value === 'string' && (ENQUIRY_KINDS as readonly string[]).includes(value)
}

export function isEnquiryStatus(value: unknown): value is EnquiryStatus {
  return typeof value === 'string' && (ENQUIRY_STATUSES as readonly string[]).includes(value)
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
