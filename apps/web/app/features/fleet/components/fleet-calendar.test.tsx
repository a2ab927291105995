// @vitest-environment happy-dom
import type { Depot, FleetCalendar } from '@signalway/shared/fleet'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { type FleetCalendarApi, FleetCalendarView } from './fleet-calendar.tsx'

const depot = (id: number, code: string, name: string, timeZone = 'Australia/Melbourne'): Depot => ({
  id,
  code,
  name,
  state: timeZone === 'Australia/Brisbane' ? 'QLD' : 'VIC',
  timeZone,
  address: { unitNumber: null, streetNumber: '1', streetName: 'Yard St', city: name, postcode: '3000' },
  postcodes: [],
  zones: [],
  version: 1,
})

const DEPOTS = [depot(2, 'CDN', 'Carrum Downs'), depot(1, 'LAV', 'Laverton'), depot(3, 'MOL', 'Molendinar')]

/** A month of a depot where the arrow board has none free on the 2nd. */
function calendarOf(depotId: number, month: string): FleetCalendar {
  const chosen = DEPOTS.find((candidate) => candidate.id === depotId) as Depot
  const [year, number] = month.split('-').map(Number) as [number, number]
  const length = new Date(Date.UTC(year, number, 0)).getUTCDate()
  const days = Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`)
  return {
    depot: { id: chosen.id, code: chosen.code, name: chosen.name, timeZone: chosen.timeZone },
    month,
    days,
    types: [
      {
        id: 7,
        slug: 'arrow-board',
        name: 'Arrow board',
        total: 2,
        days: days.map((day, index) => {
          const free = index === 1 ? 0 : 2
          return { day, free, total: 2, cannotBeMet: free === 0 }
        }),
      },
    ],
  }
}

function renderCalendar(route: string, now = new Date('2026-11-30T14:30:00.000Z')) {
  const api: FleetCalendarApi = {
    depots: vi.fn(async () => DEPOTS),
    calendar: vi.fn(async (depotId: number, month: string) => calendarOf(depotId, month)),
  }
  renderWithProviders(<FleetCalendarView api={api} now={() => now} />, {
    route,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe('the depot month calendar', () => {
  it("opens on the first depot and Melbourne's current month, whatever the browser's zone", async () => {
    // 14:30 UTC on 30 November is 01:30 on 1 December in Melbourne.
    const api = renderCalendar('/admin/fleet/calendar/')
    await screen.findByRole('table')
    expect(api.calendar).toHaveBeenLastCalledWith(2, '2026-12', expect.anything())
    expect(screen.getByRole('heading', { level: 2, name: 'Carrum Downs, December 2026' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Previous month (November 2026)' }).getAttribute('href')).toBe(
      '/admin/fleet/calendar/?depot=CDN&month=2026-11',
    )
    expect(screen.getByRole('link', { name: 'Next month (January 2027)' }).getAttribute('href')).toBe(
      '/admin/fleet/calendar/?depot=CDN&month=2027-01',
    )
  })

  it('shows free/total per type and day, with a day that cannot be met marked in words and with its mark', async () => {
    const api = renderCalendar('/admin/fleet/calendar/?depot=MOL&month=2028-02')
    const table = await screen.findByRole('table', {
      name: 'Free and total units per type and day: Molendinar, February 2028',
    })
    expect(api.calendar).toHaveBeenLastCalledWith(3, '2028-02', expect.anything())
    const headers = within(table).getAllByRole('columnheader')
    // The type's column, then the 29 days of a leap February.
    expect(headers).toHaveLength(30)
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true)
    expect(headers[1]?.textContent).toBe('Tue1Tuesday 1 February')
    const row = within(table).getByRole('row', { name: /Arrow board/ })
    const rowHeader = within(row).getByRole('rowheader')
    expect(rowHeader.getAttribute('scope')).toBe('row')
    expect(within(rowHeader).getByRole('link', { name: 'Arrow board' }).getAttribute('href')).toBe(
      '/admin/fleet/types/7/',
    )
    const cells = within(row).getAllByRole('cell')
    expect(cells).toHaveLength(29)
    expect(cells[0]?.textContent).toBe('2/2')
    expect(cells[0]?.className).not.toContain('fleet-calendar__cell--short')
    expect(cells[1]?.textContent).toBe('0/2 ✕cannot be met')
    expect(cells[1]?.className).toContain('fleet-calendar__cell--short')
    expect(screen.getByText('None free: a hire of the type that day cannot be met.')).toBeTruthy()
  })

  it("marks today's column in the depot's zone", async () => {
    renderCalendar('/admin/fleet/calendar/?depot=LAV&month=2026-12')
    const table = await screen.findByRole('table')
    const today = within(table)
      .getAllByRole('columnheader')
      .filter((header) => header.getAttribute('aria-current') === 'date')
    expect(today.map((header) => header.textContent)).toEqual(['Tue1Tuesday 1 December (today)'])
  })

  it('changes the depot with the form, keeping the month, through the address', async () => {
    const user = userEvent.setup()
    const api = renderCalendar('/admin/fleet/calendar/?depot=LAV&month=2027-03')
    await screen.findByRole('table')
    const form = screen.getByRole('form', { name: 'Choose the depot' })
    expect(form.getAttribute('method')).toBe('get')
    await user.selectOptions(within(form).getByLabelText('Depot'), 'MOL')
    await user.click(within(form).getByRole('button', { name: 'Show' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/fleet/calendar/?depot=MOL&month=2027-03',
      ),
    )
    await waitFor(() => expect(api.calendar).toHaveBeenLastCalledWith(3, '2027-03', expect.anything()))
  })
})
