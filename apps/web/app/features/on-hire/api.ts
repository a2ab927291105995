import type {
  ExtendRequest,
  ExtendResult,
  OffHireRequest,
  OffHireResult,
  OnHire,
  OnHireQuery,
} from '@signalway/shared/on-hire'
import { type ApiClient, apiClient } from '../../lib/api-client.ts'

const base = (id: number) => `/my-account/customer-accounts/${id}`

function search(query: OnHireQuery): string {
  const params = new URLSearchParams()
  if (query.siteId !== undefined) params.set('siteId', String(query.siteId))
  if (query.po) params.set('po', query.po)
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** GET …/on-hire: the units the member may see on hire, with their running costs. */
export function getOnHire(id: number, query: OnHireQuery, client: ApiClient = apiClient) {
  return client.get<OnHire>(`${base(id)}/on-hire${search(query)}`)
}

/** GET …/on-hire.csv: the same units as a CSV blob. */
export function exportOnHireCsv(id: number, query: OnHireQuery, client: ApiClient = apiClient) {
  return client.get<Blob>(`${base(id)}/on-hire.csv${search(query)}`, {
    responseType: 'blob',
    headers: { Accept: 'text/csv' },
  })
}

/** POST …/bookings/:bookingId/off-hires: 201 with the off-hire's number. */
export function requestOffHire(
  id: number,
  bookingId: number,
  input: OffHireRequest,
  client: ApiClient = apiClient,
) {
  return client.post<OffHireResult>(`${base(id)}/bookings/${bookingId}/off-hires`, input)
}

/** POST …/bookings/:bookingId/extend: 409 with `conflicts` (ApiError.body) when units are booked by others. */
export function extendBooking(
  id: number,
  bookingId: number,
  input: ExtendRequest,
  client: ApiClient = apiClient,
) {
  return client.post<ExtendResult>(`${base(id)}/bookings/${bookingId}/extend`, input)
}

export interface OnHireApi {
  get: typeof getOnHire
  csv: typeof exportOnHireCsv
  offHire: typeof requestOffHire
  extend: typeof extendBooking
}

export const ON_HIRE_API: OnHireApi = {
  get: getOnHire,
  csv: exportOnHireCsv,
  offHire: requestOffHire,
  extend: extendBooking,
}
