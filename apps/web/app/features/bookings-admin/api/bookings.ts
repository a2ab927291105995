import type {
  BookingAdminDetail,
  BookingAdminList,
  BookingAdminListQuery,
  BookingDeclineInput,
  BookingLinesAtInput,
  BookingSwapsInput,
  BookingVersionInput,
  CollectionList,
} from '@signalway/shared/bookings-admin'
import type { DocketList } from '@signalway/shared/field-operations'
import { type ApiClient, apiClient, type RequestOptions } from '../../../lib/api-client.ts'

/** GET /api/admin/bookings: one page of the inbox, filtered by status and searched. */
export function listBookings(
  query: Partial<BookingAdminListQuery>,
  options?: RequestOptions,
  client: ApiClient = apiClient,
) {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return client.get<BookingAdminList>(`/admin/bookings${search ? `?${search}` : ''}`, options)
}

/** GET /api/admin/bookings/:id: the booking with the account's credit, the orderer and the units free to swap to. */
export function getBooking(id: number, client: ApiClient = apiClient) {
  return client.get<BookingAdminDetail>(`/admin/bookings/${id}`)
}

/** POST /api/admin/bookings/:id/confirm with the version seen (409 if stale). */
export function confirmBooking(id: number, input: BookingVersionInput, client: ApiClient = apiClient) {
  return client.post<BookingAdminDetail>(`/admin/bookings/${id}/confirm`, input)
}

/** POST /api/admin/bookings/:id/decline with the reason. */
export function declineBooking(id: number, input: BookingDeclineInput, client: ApiClient = apiClient) {
  return client.post<BookingAdminDetail>(`/admin/bookings/${id}/decline`, input)
}

/** PUT /api/admin/bookings/:id/units: lines moved to other free units of their type. */
export function swapBookingUnits(id: number, input: BookingSwapsInput, client: ApiClient = apiClient) {
  return client.put<BookingAdminDetail>(`/admin/bookings/${id}/units`, input)
}

/** POST /api/admin/bookings/:id/on-hire: units delivered at a time (now when not given). */
export function markBookingOnHire(id: number, input: BookingLinesAtInput, client: ApiClient = apiClient) {
  return client.post<BookingAdminDetail>(`/admin/bookings/${id}/on-hire`, input)
}

/** POST /api/admin/bookings/:id/collect: units collected at a time (now when not given). */
export function markBookingCollected(id: number, input: BookingLinesAtInput, client: ApiClient = apiClient) {
  return client.post<BookingAdminDetail>(`/admin/bookings/${id}/collect`, input)
}

/** POST /api/admin/bookings/:id/close. */
export function closeBooking(id: number, input: BookingVersionInput, client: ApiClient = apiClient) {
  return client.post<BookingAdminDetail>(`/admin/bookings/${id}/close`, input)
}

/** GET /api/admin/collections: the off-hires to collect, by pick-up time. */
export function listCollections(options?: RequestOptions, client: ApiClient = apiClient) {
  return client.get<CollectionList>('/admin/collections', options)
}

/** GET /api/admin/bookings/:id/dockets: the booking's delivery and collection dockets, signed on site. */
export function listBookingDockets(id: number, client: ApiClient = apiClient) {
  return client.get<DocketList>(`/admin/bookings/${id}/dockets`)
}

/** GET /api/admin/dockets/:id/pdf: a docket's sealed PDF. */
export function getDocketPdf(id: number, client: ApiClient = apiClient) {
  return client.get<Blob>(`/admin/dockets/${id}/pdf`, {
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  })
}
