// @vitest-environment happy-dom

import type { BookingSummary } from '@signalway/shared/bookings'
import { AWAITING_APPROVAL_WORDS } from '@signalway/shared/bookings-admin'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { BookingsList } from './bookings-list.tsx'

const summary = (id: number, status: BookingSummary['status']): BookingSummary => ({
  id,
  reference: `BK-2026-00000${id}`,
  status,
  staffCheck: null,
  accountId: 3,
  accountNumber: 'SW-10003',
  accountName: 'Harbour Civil Pty Ltd',
  siteId: 4,
  siteName: 'Gold Coast Highway',
  depot: { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane' },
  startsAt: '2026-12-07T20:00:00.000Z',
  endsAt: '2026-12-14T20:00:00.000Z',
  delivery: true,
  poNumber: null,
  jobReference: null,
  orderedByName: 'Sam Orderer',
  totalCents: 132_000,
  createdAt: '2026-11-20T01:00:00.000Z',
  version: 1,
})

describe('the bookings inbox', () => {
  it('lists the bookings, says an awaiting one waits for the customer, and filters by status', async () => {
    const user = userEvent.setup()
    const list = vi.fn(async () => ({
      items: [summary(1, 'requested'), summary(2, 'awaiting_approval')],
      total: 2,
      page: 1,
      pageSize: 20,
    }))
    renderWithProviders(<BookingsList list={list} />, {
      route: '/admin/bookings/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(await screen.findByRole('link', { name: 'BK-2026-000001' })).toBeTruthy()
    expect(screen.getByText(AWAITING_APPROVAL_WORDS)).toBeTruthy()
    expect(screen.getAllByText('08/12/2026, 06:00 MOL').length).toBeGreaterThan(0)
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Confirmed')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: 'confirmed' }),
        expect.anything(),
      ),
    )
  })
})
