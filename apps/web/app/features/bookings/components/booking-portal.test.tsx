// @vitest-environment happy-dom
import type { BookingDetail, BookingSummary } from '@signalway/shared/bookings'
import type { Docket } from '@signalway/shared/field-operations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import type { BookingApi } from '../api/bookings.ts'
import { BOOKING_FORM_MESSAGES } from '../messages.ts'
import { BookingView } from './booking-detail.tsx'
import { BookingList } from './booking-list.tsx'

const summary: BookingSummary = {
  id: 99,
  reference: 'BK-2026-000099',
  status: 'awaiting_approval',
  staffCheck: null,
  accountId: 7,
  accountNumber: 'SW-10007',
  accountName: 'Harbour Civil Pty Ltd',
  siteId: 3,
  siteName: 'Monash Freeway upgrade',
  depot: { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane' },
  startsAt: '2026-11-30T21:00:00.000Z',
  endsAt: '2026-12-08T07:00:00.000Z',
  delivery: true,
  poNumber: 'PO-4471',
  jobReference: null,
  orderedByName: 'Olive Orderer',
  totalCents: 847_000,
  createdAt: '2026-11-27T03:00:00.000Z',
  version: 4,
}

const detail: BookingDetail = {
  ...summary,
  siteAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
  siteContactName: 'Sam Site',
  siteContactPhone: '0412 345 678',
  nightWorks: true,
  items: [
    {
      id: 1,
      typeId: 11,
      description: 'VMS board',
      quantity: 2,
      dayRateCents: 25_000,
      weekRateCents: 120_000,
      minimumDays: 1,
      subtotalCents: 240_000,
    },
  ],
  units: [
    {
      lineId: 5,
      itemId: 1,
      unitId: 40,
      fleetNumber: 'VMS-0142',
      typeName: 'VMS board',
      onHireAt: null,
      offHireAt: null,
      offHireNumber: null,
      collectedAt: null,
    },
  ],
  deliveryFeeCents: 15_000,
  collectionFeeCents: 15_000,
  subtotalCents: 770_000,
  gstCents: 77_000,
  acceptedName: 'Olive Orderer',
  acceptedAt: '2026-11-27T03:00:00.000Z',
  termsVersion: '2026-11-27',
  hasAgreement: true,
  declineReason: null,
}

const docket: Docket = {
  id: 31,
  reference: 'DK-2026-000031',
  clientId: '0f6b3c2e-8a57-4d0e-9d55-1b7a4f1c2d3e',
  kind: 'delivery',
  stopId: 8,
  bookingId: 99,
  bookingReference: 'BK-2026-000099',
  offHireNumber: null,
  // 6:40 am on 1 December in Brisbane.
  at: '2026-11-30T20:40:00.000Z',
  receivedAt: '2026-11-30T20:41:00.000Z',
  receivedBy: 'Sam Site',
  driverName: 'Dana Driver',
  units: [{ fleetNumber: 'VMS-0142', typeName: 'VMS board' }],
  photoCount: 1,
  notes: '',
  pdfReady: true,
}

function fakeApi(overrides: Partial<BookingApi> = {}): BookingApi {
  return {
    accounts: vi.fn(),
    sites: vi.fn(),
    price: vi.fn(),
    create: vi.fn(),
    list: vi.fn(async () => ({ items: [summary] })),
    get: vi.fn(async () => detail),
    approve: vi.fn(async () => ({ ...detail, status: 'requested' as const })),
    decline: vi.fn(async () => ({ ...detail, status: 'declined' as const })),
    agreement: vi.fn(async () => new Blob(['%PDF'])),
    dockets: vi.fn(async () => ({ items: [docket] })),
    docketPdf: vi.fn(async () => new Blob(['%PDF'])),
    ...overrides,
  }
}

const signedIn = { status: 'signedIn' as const, profile: regularProfile }
const fact = (region: HTMLElement, term: string) =>
  within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

describe("the portal's bookings", () => {
  it('lists each booking with its status, site, times in the depot’s zone, total inc GST and orderer', async () => {
    renderWithProviders(<BookingList account={{ id: 7, role: 'orderer' }} api={fakeApi()} />, {
      auth: signedIn,
    })
    const list = await screen.findByRole('region', { name: 'Bookings' })
    const link = await within(list).findByRole('link', { name: 'BK-2026-000099' })
    expect(link.getAttribute('href')).toBe('/my-account/accounts/7/bookings/99/')
    expect(fact(list, 'Status')).toBe('Awaiting approval')
    expect(fact(list, 'Site')).toBe('Monash Freeway upgrade')
    expect(fact(list, 'Start')).toBe('01/12/2026, 07:00')
    expect(fact(list, 'Expected end')).toBe('08/12/2026, 17:00')
    expect(fact(list, 'Total inc GST')).toBe('$8,470.00')
    expect(fact(list, 'Ordered by')).toBe('Olive Orderer')
    expect(within(list).getByRole('link', { name: 'Book equipment' }).getAttribute('href')).toBe(
      '/book/?account=7',
    )
  })

  it('offers booking only to the roles that book', async () => {
    renderWithProviders(<BookingList account={{ id: 7, role: 'accounts' }} api={fakeApi()} />, {
      auth: signedIn,
    })
    await screen.findByRole('link', { name: 'BK-2026-000099' })
    expect(screen.queryByRole('link', { name: 'Book equipment' })).toBeNull()
  })

  it("shows a booking's details, price with GST, units and the terms' acceptance, without approval for an Orderer", async () => {
    renderWithProviders(<BookingView account={{ id: 7, role: 'orderer' }} bookingId={99} api={fakeApi()} />, {
      auth: signedIn,
    })
    const view = await screen.findByRole('region', { name: 'Booking BK-2026-000099' })
    expect(view.textContent).toContain('It is waiting for an Account admin’s approval')
    expect(fact(view, 'Works')).toBe('Night works')
    expect(fact(view, 'Total inc GST')).toBe('$8,470.00')
    expect(fact(view, 'Delivery fee')).toBe('$150.00 ex GST, GST $15.00')
    expect(view.textContent).toContain('2 × VMS board')
    expect(view.textContent).toContain('VMS-0142 (VMS board)')
    expect(view.textContent).toContain(
      'Accepted by Olive Orderer on 27 November 2026 at 1:00 pm AEST (version 2026-11-27).',
    )
    expect(within(view).getByRole('button', { name: 'Download the hire agreement (PDF)' })).toBeTruthy()
    expect(within(view).queryByRole('button', { name: 'Approve' })).toBeNull()
  })

  it('lets an Account admin approve a booking awaiting approval, from the version seen', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderWithProviders(<BookingView account={{ id: 7, role: 'account_admin' }} bookingId={99} api={api} />, {
      auth: signedIn,
    })
    await user.click(await screen.findByRole('button', { name: 'Approve' }))
    await waitFor(() => expect(api.approve).toHaveBeenCalledWith(7, detail))
    expect(await screen.findByText(BOOKING_FORM_MESSAGES.approved('BK-2026-000099'))).toBeTruthy()
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2))
  })

  it('declines with a required reason, and loads the booking again when it changed meanwhile', async () => {
    const user = userEvent.setup()
    const stale = new ApiError({ status: 409, message: 'x' })
    const api = fakeApi({ decline: vi.fn(async () => Promise.reject(stale)) })
    renderWithProviders(<BookingView account={{ id: 7, role: 'account_admin' }} bookingId={99} api={api} />, {
      auth: signedIn,
    })
    await user.click(await screen.findByRole('button', { name: 'Decline' }))
    const form = screen.getByRole('form', { name: 'Decline the booking' })
    await user.click(within(form).getByRole('button', { name: 'Decline the Booking' }))
    expect(await within(form).findByText(BOOKING_FORM_MESSAGES.declineReasonRequired)).toBeTruthy()
    expect(api.decline).not.toHaveBeenCalled()
    await user.type(within(form).getByRole('textbox', { name: /^Reason for declining/ }), 'Not needed now')
    await user.click(within(form).getByRole('button', { name: 'Decline the Booking' }))
    await waitFor(() => expect(api.decline).toHaveBeenCalledWith(7, detail, 'Not needed now'))
    expect(await screen.findByText(BOOKING_FORM_MESSAGES.decisionConflict)).toBeTruthy()
    await waitFor(() => expect(api.get).toHaveBeenCalledTimes(2))
  })

  it("lists a delivered booking's dockets with the time in the depot's zone, and downloads one's PDF", async () => {
    const user = userEvent.setup()
    const createObjectURL = vi.fn(() => 'blob:docket')
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() })
    const onHire = { ...detail, status: 'on_hire' as const }
    const api = fakeApi({
      get: vi.fn(async () => onHire),
      dockets: vi.fn(async () => ({
        items: [docket, { ...docket, id: 32, reference: 'DK-2026-000032', pdfReady: false }],
      })),
    })
    renderWithProviders(<BookingView account={{ id: 7, role: 'orderer' }} bookingId={99} api={api} />, {
      auth: signedIn,
    })
    const table = await screen.findByRole('table', { name: 'Delivery and collection dockets' })
    expect(api.dockets).toHaveBeenCalledWith(7, 99)
    const first = within(table).getAllByRole('row')[1] as HTMLElement
    expect(first.textContent).toContain('DK-2026-000031')
    expect(first.textContent).toContain('Delivery')
    expect(first.textContent).toContain('01/12/2026, 06:40')
    expect(first.textContent).toContain('Sam Site')
    expect(first.textContent).toContain('VMS-0142 (VMS board)')
    expect((within(table).getAllByRole('row')[2] as HTMLElement).textContent).toContain('PDF on its way')
    await user.click(within(first).getByRole('button', { name: 'Download docket DK-2026-000031 (PDF)' }))
    await waitFor(() => expect(api.docketPdf).toHaveBeenCalledWith(7, 99, 31))
    expect(createObjectURL).toHaveBeenCalled()
  })

  it('asks for no dockets before a booking is confirmed', async () => {
    const api = fakeApi()
    renderWithProviders(<BookingView account={{ id: 7, role: 'orderer' }} bookingId={99} api={api} />, {
      auth: signedIn,
    })
    await screen.findByRole('region', { name: 'Booking BK-2026-000099' })
    expect(screen.queryByRole('heading', { name: 'Dockets' })).toBeNull()
    expect(api.dockets).not.toHaveBeenCalled()
  })
})
