// @vitest-environment happy-dom
import { type Depot, FLEET_MESSAGES, type UnitDetail } from '@signalway/shared/fleet'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import { UnitPage, type UnitPageApi } from './unit-page.tsx'

const depot = (id: number, code: string, name: string): Depot => ({
  id,
  code,
  name,
  state: code === 'LAV' ? 'VIC' : 'QLD',
  timeZone: 'Australia/Melbourne',
  address: { unitNumber: null, streetNumber: '1', streetName: 'Yard Street', city: name, postcode: '3028' },
  postcodes: [],
  zones: [],
  version: 1,
})
const DEPOTS = [depot(1, 'LAV', 'Laverton'), depot(2, 'MOL', 'Molendinar')]

const unit: UnitDetail = {
  id: 12,
  fleetNumber: 'VMS-0142',
  typeId: 4,
  typeName: 'VMS board, full matrix',
  depotId: 1,
  depotCode: 'LAV',
  registrationOrSerial: 'SN-88121',
  status: 'available',
  nextServiceDue: '2020-01-31',
  version: 5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  depotTimeZone: 'Australia/Melbourne',
  bookings: [],
  services: [
    {
      id: 1,
      date: '2026-10-01',
      workDone: 'New LED panel',
      byUserId: 1,
      byName: 'Ada Admin',
      createdAt: '2026-10-01T01:00:00.000Z',
    },
  ],
}

function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderPage(overrides: Partial<UnitPageApi> = {}, shown: UnitDetail = unit) {
  const api: UnitPageApi = {
    get: vi.fn(async () => shown),
    save: vi.fn(),
    addService: vi.fn(),
    depots: vi.fn(async () => DEPOTS),
    ...overrides,
  }
  renderWithProviders(<UnitPage id={12} api={api} />, {
    route: '/admin/fleet/units/12/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

/** happy-dom shows a form-bound select's first option, whatever its value: chosen again as a browser shows it. */
async function choicesShown(user: ReturnType<typeof userEvent.setup>, region: HTMLElement) {
  await user.selectOptions(within(region).getByLabelText(/^Status/), unit.status)
  await user.selectOptions(within(region).getByLabelText(/^Home depot/), String(unit.depotId))
}

describe("a unit's page", () => {
  it('shows the details, an overdue service in words, and the history', async () => {
    renderPage()
    const summary = await screen.findByRole('region', { name: 'VMS-0142' })
    expect(summary.textContent).toContain('VMS board, full matrix')
    await waitFor(() => expect(summary.textContent).toContain('Laverton'))
    expect(within(summary).getByText('Overdue')).toBeTruthy()
    const history = screen.getByRole('table', { name: 'Service history, newest first' })
    expect(history.textContent).toContain('New LED panel')
    expect(history.textContent).toContain('Ada Admin')
  })

  it('saves a new status with the version it was loaded at', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...unit, status: 'in_service' as const, version: 6 }))
    renderPage({ save })
    const form = await screen.findByRole('region', { name: 'Edit the Unit' })
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Molendinar' })).toHaveLength(1))
    await choicesShown(user, form)
    await user.selectOptions(within(form).getByLabelText(/^Status/), 'in_service')
    await user.click(within(form).getByRole('button', { name: 'Save Unit' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(12, {
      fleetNumber: 'VMS-0142',
      typeId: 4,
      status: 'in_service',
      depotId: 1,
      registrationOrSerial: 'SN-88121',
      nextServiceDue: '2020-01-31',
      version: 5,
    })
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.unitSaved)).toBeTruthy()
    const summary = screen.getByRole('region', { name: 'VMS-0142' })
    await waitFor(() => expect(summary.textContent).toContain('In service'))
  })

  it('keeps a status chosen as soon as the form shows when the depots answer after the unit', async () => {
    const user = userEvent.setup()
    let depotsAnswer: (depots: Depot[]) => void = () => undefined
    const depots = vi.fn(() => new Promise<Depot[]>((resolve) => (depotsAnswer = resolve)))
    const save = vi.fn(async () => ({ ...unit, status: 'in_service' as const, version: 6 }))
    renderPage({ save, depots })
    await waitFor(() => expect(depots).toHaveBeenCalled())
    // The unit has answered, the depots not yet: a form shown now would start again when they come.
    expect(screen.queryByRole('region', { name: 'Edit the Unit' })).toBeNull()
    depotsAnswer(DEPOTS)
    const form = await screen.findByRole('region', { name: 'Edit the Unit' })
    await choicesShown(user, form)
    await user.selectOptions(within(form).getByLabelText(/^Status/), 'in_service')
    await user.click(within(form).getByRole('button', { name: 'Save Unit' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(12, expect.objectContaining({ status: 'in_service', version: 5 }))
  })

  it("shows the form with the unit's own depot when the depots fail to load", async () => {
    renderPage({ depots: vi.fn(() => later<Depot[]>(new Error('down'))) })
    const form = await screen.findByRole('region', { name: 'Edit the Unit' })
    const depot = within(form).getByLabelText(/^Home depot/) as HTMLSelectElement
    expect([...depot.options].map((option) => option.textContent)).toEqual(['LAV'])
  })

  it('says when someone else saved first and keeps what was typed', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({ status: 409, message: FLEET_MESSAGES.unitConflict })
    renderPage({ save: vi.fn(() => later<UnitDetail>(conflict)) })
    const form = await screen.findByRole('region', { name: 'Edit the Unit' })
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Molendinar' })).toHaveLength(1))
    await choicesShown(user, form)
    const serial = within(form).getByLabelText(/^Registration or serial/) as HTMLInputElement
    await user.clear(serial)
    await user.type(serial, 'SN-99999')
    await user.click(within(form).getByRole('button', { name: 'Save Unit' }))
    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toContain(FLEET_MESSAGES.unitConflict)
    expect(within(alert).getByRole('button', { name: 'Reload the Unit' })).toBeTruthy()
    expect(serial.value).toBe('SN-99999')
  })

  it('adds a service entry, with the version when it sets the next service due', async () => {
    const user = userEvent.setup()
    const addService = vi.fn(async () => ({ ...unit, nextServiceDue: '2027-05-01', version: 6 }))
    renderPage({ addService })
    const form = await screen.findByRole('region', { name: 'Add a Service Entry' })
    await user.click(within(form).getByRole('button', { name: 'Add Service Entry' }))
    expect(await within(form).findByText(FLEET_MESSAGES.workDoneRequired)).toBeTruthy()
    expect(addService).not.toHaveBeenCalled()

    const date = within(form).getByLabelText(/^Date/) as HTMLInputElement
    await user.clear(date)
    await user.type(date, '2026-11-20')
    await user.type(within(form).getByLabelText(/^Work done/), 'Replaced the batteries')
    await user.type(within(form).getByLabelText(/^New next service due/), '2027-05-01')
    await user.click(within(form).getByRole('button', { name: 'Add Service Entry' }))
    await waitFor(() => expect(addService).toHaveBeenCalledTimes(1))
    expect(addService).toHaveBeenCalledWith(12, {
      date: '2026-11-20',
      workDone: 'Replaced the batteries',
      nextServiceDue: '2027-05-01',
      version: 5,
    })
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.serviceAdded)).toBeTruthy()
    expect((within(form).getByLabelText(/^Work done/) as HTMLTextAreaElement).value).toBe('')
  })

  it('says a unit with no bookings has none yet', async () => {
    renderPage()
    const bookings = await screen.findByRole('region', { name: 'Bookings' })
    expect(bookings.textContent).toContain(FLEET_SCREEN_MESSAGES.noBookings)
    expect(within(bookings).queryByRole('table')).toBeNull()
  })

  it("lists the unit's bookings in the order given, their times in the home depot's zone", async () => {
    const atMolendinar: UnitDetail = {
      ...unit,
      depotId: 2,
      depotCode: 'MOL',
      depotTimeZone: 'Australia/Brisbane',
      bookings: [
        // 7 am in Brisbane (8 am in Melbourne, on summer time).
        {
          id: 2,
          startsAt: '2099-12-01T21:00:00.000Z',
          endsAt: '2099-12-03T07:30:00.000Z',
          bookingRef: 'B-2001',
        },
        { id: 1, startsAt: '2020-01-10T00:00:00.000Z', endsAt: '2020-01-11T00:00:00.000Z', bookingRef: null },
      ],
    }
    renderPage({}, atMolendinar)
    const table = await screen.findByRole('table', { name: /^Bookings of VMS-0142/u })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['B-2001', '—'])
    expect(rows[0]?.textContent).toContain('2 December 2099 at 7:00 am AEST')
    expect(rows[0]?.textContent).toContain('3 December 2099 at 5:30 pm AEST')
    expect(rows[0]?.textContent).toContain('Upcoming')
    expect(rows[1]?.textContent).toContain('10 January 2020 at 10:00 am AEST')
    expect(rows[1]?.textContent).toContain('Past')
  })
})
