// @vitest-environment happy-dom
import { BOOKING_ADMIN_MESSAGES, type BookingAdminDetail } from '@signalway/shared/bookings-admin'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { BookingPage, type BookingPageApi } from './booking-page.tsx'

const unit = (
  lineId: number,
  fleetNumber: string,
  overrides: Partial<BookingAdminDetail['units'][number]> = {},
) => ({
  lineId,
  itemId: 1,
  unitId: lineId + 100,
  fleetNumber,
  typeName: 'VMS board',
  onHireAt: null,
  offHireAt: null,
  offHireNumber: null,
  collectedAt: null,
  ...overrides,
})

const booking: BookingAdminDetail = {
  id: 12,
  reference: 'BK-2026-000012',
  status: 'requested',
  staffCheck: 'over_credit',
  accountId: 3,
  accountNumber: 'SW-10003',
  accountName: 'Harbour Civil Pty Ltd',
  siteId: 4,
  siteName: 'Gold Coast Highway',
  depot: { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane' },
  // 6 am on 8 December in Brisbane.
  startsAt: '2026-12-07T20:00:00.000Z',
  endsAt: '2026-12-14T20:00:00.000Z',
  delivery: true,
  poNumber: 'PO-7781',
  jobReference: null,
  orderedByName: 'Sam Orderer',
  totalCents: 132_000,
  createdAt: '2026-11-20T01:00:00.000Z',
  version: 4,
  siteAddress: '1 Gold Coast Highway, Southport QLD 4215',
  siteContactName: 'Pat Site',
  siteContactPhone: '0412 345 678',
  nightWorks: false,
  items: [
    {
      id: 1,
      typeId: 5,
      description: 'VMS board',
      quantity: 2,
      dayRateCents: 25_000,
      weekRateCents: 120_000,
      minimumDays: 1,
      subtotalCents: 120_000,
    },
  ],
  units: [unit(21, 'VMS-101'), unit(22, 'VMS-102')],
  deliveryFeeCents: 0,
  collectionFeeCents: 0,
  subtotalCents: 120_000,
  gstCents: 12_000,
  acceptedName: 'Sam Orderer',
  acceptedAt: '2026-11-20T01:00:00.000Z',
  termsVersion: '2026-11',
  hasAgreement: true,
  declineReason: null,
  accountOnHold: false,
  accountHoldReason: null,
  creditLimitCents: 100_000,
  availableCreditCents: -32_000,
  staffCheckWords: 'Over the account’s available credit: check the figures before confirming.',
  orderedByEmail: 'sam@harbour.example',
  swapOptions: [
    { lineId: 21, units: [{ id: 130, fleetNumber: 'VMS-130' }] },
    { lineId: 22, units: [] },
  ],
}

function renderPage(shown: BookingAdminDetail, overrides: Partial<BookingPageApi> = {}) {
  const api: BookingPageApi = {
    get: vi.fn(async () => shown),
    confirm: vi.fn(),
    decline: vi.fn(),
    swap: vi.fn(),
    onHire: vi.fn(),
    collect: vi.fn(),
    close: vi.fn(),
    dockets: vi.fn(async () => ({ items: [] })),
    docketPdf: vi.fn(),
    ...overrides,
  }
  renderWithProviders(<BookingPage id={12} api={api} />, {
    route: '/admin/bookings/12/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe("a booking's page for staff", () => {
  it('shows the staff check, the credit figures, the orderer and the times in the depot’s zone', async () => {
    renderPage(booking)
    const summary = await screen.findByRole('region', { name: 'BK-2026-000012' })
    expect(summary.textContent).toContain('Over the account’s available credit')
    expect(summary.textContent).toContain('-$320.00')
    expect(summary.textContent).toContain('sam@harbour.example')
    expect(summary.textContent).toContain('08/12/2026, 06:00')
    expect(screen.getByRole('region', { name: 'Equipment and units' }).textContent).toContain('VMS-102')
  })

  it('confirms with the version seen', async () => {
    const user = userEvent.setup()
    const confirm = vi.fn(async () => ({ ...booking, status: 'confirmed' as const, version: 5 }))
    renderPage(booking, { confirm })
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }))
    expect(confirm).toHaveBeenCalledWith(12, { version: 4 })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull())
  })

  it('declines only with a reason', async () => {
    const user = userEvent.setup()
    const decline = vi.fn(async () => ({ ...booking, status: 'declined' as const, version: 5 }))
    renderPage(booking, { decline })
    await user.click(await screen.findByRole('button', { name: 'Decline booking' }))
    expect(screen.getByText(BOOKING_ADMIN_MESSAGES.reasonRequired)).toBeTruthy()
    expect(decline).not.toHaveBeenCalled()
    await user.type(screen.getByRole('textbox', { name: 'Reason for declining' }), 'No trailer free.')
    await user.click(screen.getByRole('button', { name: 'Decline booking' }))
    expect(decline).toHaveBeenCalledWith(12, { version: 4, reason: 'No trailer free.' })
  })

  it('changes a unit for a free one chosen from the list', async () => {
    const user = userEvent.setup()
    const swap = vi.fn(async () => ({ ...booking, version: 5 }))
    renderPage(booking, { swap })
    const select = await screen.findByRole('combobox', { name: 'Change VMS-101 to' })
    expect(screen.queryByRole('combobox', { name: 'Change VMS-102 to' })).toBeNull()
    await user.selectOptions(select, 'VMS-130')
    await user.click(screen.getByRole('button', { name: 'Change VMS-101' }))
    expect(swap).toHaveBeenCalledWith(12, { version: 4, swaps: [{ lineId: 21, unitId: 130 }] })
  })

  it('marks the units chosen delivered at a time read in the depot’s zone', async () => {
    const user = userEvent.setup()
    const confirmed = { ...booking, status: 'confirmed' as const, swapOptions: [] }
    const onHire = vi.fn(async () => ({ ...confirmed, version: 5 }))
    renderPage(confirmed, { onHire })
    const form = await screen.findByRole('region', { name: 'Mark delivered' })
    await user.click(within(form).getByRole('checkbox', { name: 'VMS-102 (VMS board)' }))
    const time = within(form).getByLabelText('On hire from (Brisbane time)', { exact: true })
    fireEvent.change(time, { target: { value: '2026-11-21T08:30' } })
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }))
    // 8:30 am in Brisbane (UTC+10) is 22:30 UTC the day before.
    expect(onHire).toHaveBeenCalledWith(12, { version: 4, lineIds: [21], at: '2026-11-20T22:30:00.000Z' })
  })

  it('refuses a time in the future before sending', async () => {
    const user = userEvent.setup()
    const confirmed = { ...booking, status: 'confirmed' as const, swapOptions: [] }
    const onHire = vi.fn()
    renderPage(confirmed, { onHire })
    const form = await screen.findByRole('region', { name: 'Mark delivered' })
    fireEvent.change(within(form).getByLabelText('On hire from (Brisbane time)', { exact: true }), {
      target: { value: '2099-01-01T08:30' },
    })
    await user.click(within(form).getByRole('button', { name: 'Mark delivered' }))
    expect(within(form).getByRole('alert').textContent).toBe(BOOKING_ADMIN_MESSAGES.inFuture)
    expect(onHire).not.toHaveBeenCalled()
  })

  it('marks units on hire collected, and closes an off-hired booking', async () => {
    const user = userEvent.setup()
    const onHireAt = '2026-11-20T22:30:00.000Z'
    const onHire = {
      ...booking,
      status: 'on_hire' as const,
      swapOptions: [],
      units: [unit(21, 'VMS-101', { onHireAt }), unit(22, 'VMS-102', { onHireAt, collectedAt: onHireAt })],
    }
    const collect = vi.fn(async () => ({ ...onHire, status: 'off_hired' as const, version: 5 }))
    renderPage(onHire, { collect })
    const form = await screen.findByRole('region', { name: 'Mark collected' })
    expect(within(form).getAllByRole('checkbox')).toHaveLength(1)
    await user.click(within(form).getByRole('button', { name: 'Mark collected' }))
    expect(collect).toHaveBeenCalledWith(12, expect.objectContaining({ version: 4, lineIds: [21] }))
    expect(await screen.findByRole('button', { name: 'Close booking' })).toBeTruthy()
  })

  it('says so when someone changed the booking since, and reloads it', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: BOOKING_ADMIN_MESSAGES.conflict })
    const confirm = vi.fn(async () => {
      throw conflict
    })
    const api = renderPage(booking, { confirm })
    await user.click(await screen.findByRole('button', { name: 'Confirm booking' }))
    const reload = await screen.findByRole('button', { name: 'Reload the booking' })
    expect(reload.closest('[role="alert"]')?.textContent).toContain(BOOKING_ADMIN_MESSAGES.conflict)
    vi.mocked(api.get).mockResolvedValueOnce({ ...booking, status: 'confirmed', version: 5 })
    await user.click(reload)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm booking' })).toBeNull())
    expect(api.get).toHaveBeenCalledTimes(2)
  })

  it("lists a delivered booking's dockets, times in the depot's zone, and says when there are none yet", async () => {
    const user = userEvent.setup()
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:docket'), revokeObjectURL: vi.fn() })
    const collection = {
      id: 40,
      reference: 'DK-2026-000040',
      clientId: '5b0f0a4c-3f3e-4a57-9d2c-0d7e0f9b8a11',
      kind: 'collection' as const,
      stopId: 9,
      bookingId: 12,
      bookingReference: 'BK-2026-000012',
      offHireNumber: 'OH-2026-000004',
      // 3:15 pm on 14 December in Brisbane.
      at: '2026-12-14T05:15:00.000Z',
      receivedAt: '2026-12-14T05:16:00.000Z',
      receivedBy: 'Pat Site',
      driverName: 'Dana Driver',
      units: [{ fleetNumber: 'VMS-101', typeName: 'VMS board' }],
      photoCount: 0,
      notes: '',
      pdfReady: true,
    }
    const docketPdf = vi.fn(async () => new Blob(['%PDF']))
    const api = renderPage(
      { ...booking, status: 'off_hired' },
      {
        dockets: vi.fn(async () => ({ items: [collection] })),
        docketPdf,
      },
    )
    const panel = await screen.findByRole('region', { name: 'Dockets' })
    const row = await within(panel).findByRole('row', { name: /DK-2026-000040/ })
    expect(row.textContent).toContain('Collection (OH-2026-000004)')
    expect(row.textContent).toContain('14/12/2026, 15:15')
    expect(row.textContent).toContain('Pat Site')
    expect(api.dockets).toHaveBeenCalledWith(12)
    await user.click(within(row).getByRole('button', { name: 'Download docket DK-2026-000040 (PDF)' }))
    expect(docketPdf).toHaveBeenCalledWith(40)
  })

  it('says a confirmed booking has no dockets yet', async () => {
    const api = renderPage({ ...booking, status: 'confirmed' })
    const panel = await screen.findByRole('region', { name: 'Dockets' })
    expect(await within(panel).findByText('No dockets yet.')).toBeTruthy()
    expect(api.dockets).toHaveBeenCalledTimes(1)
  })

  it('asks for no dockets for a request not confirmed yet', async () => {
    const api = renderPage({ ...booking, status: 'requested' })
    await screen.findByRole('region', { name: 'BK-2026-000012' })
    expect(screen.queryByRole('region', { name: 'Dockets' })).toBeNull()
    expect(api.dockets).not.toHaveBeenCalled()
  })
})
