import type {
  BookingDetail,
  BookingPrice,
  BookingPriceRequest,
  BookingRequest,
  BookingSummary,
} from '@signalway/shared/bookings'
import type { MyCustomerAccounts, MySite } from '@signalway/shared/customer-accounts'
import type { DocketList } from '@signalway/shared/field-operations'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/*
 * The calls of hiring online (ADR 048), under /api/my-account/customer-accounts/:id. None of them sends a person
 * to the 403 page: the booking form and the portal say themselves what a refusal means.
 */

const base = (id: number) => `/my-account/customer-accounts/${id}`
const bookings = (id: number) => `${base(id)}/bookings`
const quiet = { redirect: false } as const

/** GET /api/my-account/customer-accounts: the person's accounts with their role (who may book). */
function listAccounts(client: ApiClient = apiClient) {
  return client.get<MyCustomerAccounts>('/my-account/customer-accounts', quiet)
}

/** GET …/sites: the account's job sites the member may see. */
function listSites(id: number, client: ApiClient = apiClient) {
  return client.get<{ items: MySite[] }>(`${base(id)}/sites`, quiet)
}

/** POST …/bookings/price: the live price and availability; `signal` cancels a stale request. */
function priceBooking(
  id: number,
  input: BookingPriceRequest,
  signal?: AbortSignal,
  client: ApiClient = apiClient,
) {
  return client.post<BookingPrice>(`${bookings(id)}/price`, input, signal ? { ...quiet, signal } : quiet)
}

/** POST …/bookings: 201 with the booking; 400 with the fields refused; 409 when a unit or the terms changed. */
function createBooking(id: number, input: BookingRequest, client: ApiClient = apiClient) {
  return client.post<BookingDetail>(bookings(id), input, quiet)
}

/** GET …/bookings: the account's bookings the member may see, newest first. */
function listBookings(id: number, client: ApiClient = apiClient) {
  return client.get<{ items: BookingSummary[] }>(bookings(id), quiet)
}

/** GET …/bookings/:bookingId. */
function getBooking(id: number, bookingId: number, client: ApiClient = apiClient) {
  return client.get<BookingDetail>(`${bookings(id)}/${bookingId}`, quiet)
}

/** POST …/bookings/:bookingId/approve {version} (Account admins; 409 when stale). */
function approveBooking(
  id: number,
  booking: Pick<BookingDetail, 'id' | 'version'>,
  client: ApiClient = apiClient,
) {
  return client.post<BookingDetail>(
    `${bookings(id)}/${booking.id}/approve`,
    { version: booking.version },
    quiet,
  )
}

/** POST …/bookings/:bookingId/decline {version, reason} (Account admins). */
function declineBooking(
  id: number,
  booking: Pick<BookingDetail, 'id' | 'version'>,
  reason: string,
  client: ApiClient = apiClient,
) {
  return client.post<BookingDetail>(
    `${bookings(id)}/${booking.id}/decline`,
    { version: booking.version, reason },
    quiet,
  )
}

/** GET …/bookings/:bookingId/agreement.pdf: the hire agreement, as a file to save. */
function bookingAgreement(id: number, bookingId: number, client: ApiClient = apiClient) {
  return client.get<Blob>(`${bookings(id)}/${bookingId}/agreement.pdf`, { ...quiet, responseType: 'blob' })
}

/** GET …/bookings/:bookingId/dockets: the booking's delivery and collection dockets (ADR 050). */
function listDockets(id: number, bookingId: number, client: ApiClient = apiClient) {
  return client.get<DocketList>(`${bookings(id)}/${bookingId}/dockets`, quiet)
}

/** GET …/bookings/:bookingId/dockets/:docketId/pdf: a docket's sealed PDF (404 for the seconds before it is made). */
function docketPdf(id: number, bookingId: number, docketId: number, client: ApiClient = apiClient) {
  return client.get<Blob>(`${bookings(id)}/${bookingId}/dockets/${docketId}/pdf`, {
    ...quiet,
    responseType: 'blob',
    headers: { Accept: 'application/pdf, application/json' },
  })
}

export interface BookingApi {
  accounts: typeof listAccounts
  sites: typeof listSites
  price: typeof priceBooking
  create: typeof createBooking
  list: typeof listBookings
  get: typeof getBooking
  approve: typeof approveBooking
  decline: typeof declineBooking
  agreement: typeof bookingAgreement
  dockets: typeof listDockets
  docketPdf: typeof docketPdf
}

export const BOOKING_API: BookingApi = {
  accounts: listAccounts,
  sites: listSites,
  price: priceBooking,
  create: createBooking,
  list: listBookings,
  get: getBooking,
  approve: approveBooking,
  decline: declineBooking,
  agreement: bookingAgreement,
  dockets: listDockets,
  docketPdf,
}
