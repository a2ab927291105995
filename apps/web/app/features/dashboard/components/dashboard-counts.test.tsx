// @vitest-environment happy-dom
import type { AdminDashboard } from '@signalway/shared/admin-dashboard'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { DASHBOARD_LOAD_FAILED, DashboardCounts } from './dashboard-counts.tsx'

const dashboard: AdminDashboard = {
  newEnquiries: 3,
  creditAwaitingDecision: 2,
  bookingsRequested: 4,
  collectionsToSchedule: 1,
  undeliveredMail: 1,
  recentUsers: { count: 0, from: '2026-11-20', to: '2026-11-26' },
  openFaults: 2,
  medianAcknowledgeMinutes: 7,
}

function renderCounts(load: () => Promise<AdminDashboard>) {
  return renderWithProviders(<DashboardCounts load={load} />, {
    route: '/admin/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
}

/** Rejects after a macrotask, as a failed request does. */
const failing = () =>
  new Promise<AdminDashboard>((_, reject) => setTimeout(() => reject(new Error('down')), 0))

describe('the dashboard counts', () => {
  it('link each count to its list, filtered the same way', async () => {
    renderCounts(async () => dashboard)
    const region = screen.getByRole('region', { name: 'Waiting for you' })
    const enquiries = await within(region).findByRole('link', { name: '3 new enquiries' })
    expect(enquiries.getAttribute('href')).toBe('/admin/enquiries/?status=new')
    expect(
      within(region)
        .getByRole('link', { name: '2 credit applications awaiting a decision' })
        .getAttribute('href'),
    ).toBe('/admin/credit-applications/?status=awaiting_decision')
    expect(
      within(region).getByRole('link', { name: '4 booking requests to confirm' }).getAttribute('href'),
    ).toBe('/admin/bookings/?status=requested')
    expect(within(region).getByRole('link', { name: '1 collection to schedule' }).getAttribute('href')).toBe(
      '/admin/bookings/collections/',
    )
    expect(within(region).getByRole('link', { name: '1 undelivered email' }).getAttribute('href')).toBe(
      '/admin/undelivered-mail/',
    )
    expect(
      within(region)
        .getByRole('link', { name: '0 users registered in the last 7 days' })
        .getAttribute('href'),
    ).toBe('/admin/manage-users/?from=2026-11-20&to=2026-11-26')
    expect(region.getAttribute('aria-busy')).toBeNull()
  })

  it('keeps room for the figures while they load', () => {
    renderCounts(() => new Promise(() => {}))
    const region = screen.getByRole('region', { name: 'Waiting for you' })
    expect(region.getAttribute('aria-busy')).toBe('true')
    expect(region.querySelectorAll('.dashboard__count--loading')).toHaveLength(7)
  })

  it('says when they could not be loaded, and tries again', async () => {
    const user = userEvent.setup()
    const load = vi.fn(failing)
    renderCounts(load)
    const region = screen.getByRole('region', { name: 'Waiting for you' })
    await waitFor(() => expect(region.textContent).toContain(DASHBOARD_LOAD_FAILED))
    load.mockImplementation(async () => dashboard)
    await user.click(within(region).getByRole('button', { name: 'Try again' }))
    expect(await within(region).findByRole('link', { name: '3 new enquiries' })).toBeTruthy()
  })
})
