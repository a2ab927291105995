// @vitest-environment happy-dom
import { type EquipmentTypeAdmin, UNIT_CSV_MESSAGES, type UnitAdmin } from '@signalway/shared/fleet'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { UnitsList, type UnitsListApi } from './units-list.tsx'

const unit = (id: number, fleetNumber: string, overrides: Partial<UnitAdmin> = {}): UnitAdmin => ({
  id,
  fleetNumber,
  typeId: 4,
  typeName: 'Arrow board, trailer mounted',
  depotId: 1,
  depotCode: 'LAV',
  registrationOrSerial: `SN-${id}`,
  status: 'available',
  nextServiceDue: '2099-01-01',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
})

const TYPES = [{ id: 4, name: 'Arrow board, trailer mounted' } as EquipmentTypeAdmin]

function renderList(route = '/admin/fleet/', overrides: Partial<UnitsListApi> = {}) {
  const api: UnitsListApi = {
    list: vi.fn(async () => ({
      items: [
        unit(1, 'ARB-0001'),
        unit(2, 'ARB-0002', { status: 'in_service', nextServiceDue: '2020-03-01' }),
        unit(3, 'ARB-0003', { status: 'retired' }),
      ],
      total: 3,
      page: 1,
      pageSize: 20,
    })),
    exportCsv: vi.fn(async () => new Blob(['fleet_number\r\n'], { type: 'text/csv' })),
    importCsv: vi.fn(async () => ({ imported: 20 })),
    printLabels: vi.fn(async () => new Blob(['%PDF-'], { type: 'application/pdf' })),
    types: vi.fn(async () => TYPES),
    depots: vi.fn(async () => [
      {
        id: 1,
        code: 'LAV',
        name: 'Laverton',
        state: 'VIC' as const,
        timeZone: 'Australia/Melbourne',
        address: {
          unitNumber: null,
          streetNumber: '1',
          streetName: 'Yard St',
          city: 'Laverton',
          postcode: '3028',
        },
        postcodes: [],
        zones: [],
        version: 1,
      },
    ]),
  }
  Object.assign(api, overrides)
  renderWithProviders(<UnitsList api={api} />, { route, auth: { status: 'signedIn', profile: adminProfile } })
  return api
}

/** The files saveBlob offers for download (its a[download] clicks), without a real download. */
function downloads(): string[] {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
  )
  const clicked: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download)
  })
  return clicked
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the units list', () => {
  it('lists units with links to their pages, their status and an overdue service in words', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Units' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4))
    expect(within(table).getByRole('link', { name: 'ARB-0002' }).getAttribute('href')).toBe(
      '/admin/fleet/units/2/',
    )
    const overdue = within(table).getByRole('row', { name: /ARB-0002/ })
    expect(overdue.textContent).toContain('In service')
    expect(overdue.textContent).toContain('Overdue')
    expect(within(table).getByRole('row', { name: /ARB-0001/ }).textContent).not.toContain('Overdue')
    await waitFor(() => expect(table.textContent).toContain('Laverton'))
  })

  it('asks the server for the filters and search kept in the address', async () => {
    const user = userEvent.setup()
    const api = renderList('/admin/fleet/?q=ARB&status=in_service')
    await waitFor(() =>
      expect(api.list).toHaveBeenLastCalledWith(
        expect.objectContaining({ search: 'ARB', status: 'in_service', page: 1, pageSize: 20 }),
        expect.anything(),
      ),
    )
    const filters = screen.getByRole('search', { name: 'Filter units' })
    await waitFor(() => expect(within(filters).getAllByRole('option', { name: 'Laverton' })).toHaveLength(1))
    await user.selectOptions(within(filters).getByLabelText('Depot'), '1')
    await user.type(within(filters).getByLabelText('Service due before'), '2026-12-01')
    await user.click(within(filters).getByRole('button', { name: 'Apply filters' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe(
        '/admin/fleet/?q=ARB&depot=1&status=in_service&due=2026-12-01',
      ),
    )
    expect(api.list).toHaveBeenLastCalledWith(
      expect.objectContaining({
        search: 'ARB',
        depotId: 1,
        status: 'in_service',
        serviceDueBefore: '2026-12-01',
      }),
      expect.anything(),
    )
  })

  it('links to the new unit form and exports the search and filters as CSV', async () => {
    const user = userEvent.setup()
    const clicked = downloads()
    const api = renderList('/admin/fleet/?q=ARB&status=in_service&page=2')
    expect(screen.getByRole('link', { name: 'Add a Unit' }).getAttribute('href')).toBe(
      '/admin/fleet/units/new/',
    )
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() =>
      expect(clicked).toEqual([expect.stringMatching(/^fleet-units-\d{4}-\d{2}-\d{2}\.csv$/u)]),
    )
    expect(api.exportCsv).toHaveBeenCalledWith({
      search: 'ARB',
      typeId: undefined,
      depotId: undefined,
      status: 'in_service',
      serviceDueBefore: undefined,
    })
  })

  it('selects units by name or the whole page and prints their labels, saying retired ones get none', async () => {
    const user = userEvent.setup()
    const clicked = downloads()
    const api = renderList()
    const print = screen.getByRole('button', { name: 'Print labels' }) as HTMLButtonElement
    expect(print.disabled).toBe(true)
    await user.click(await screen.findByRole('checkbox', { name: 'Select ARB-0002' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select ARB-0001' }))
    expect(screen.getByText('2 units selected')).toBeTruthy()
    await user.click(print)
    await waitFor(() => expect(clicked).toEqual(['fleet-labels.pdf']))
    expect(api.printLabels).toHaveBeenLastCalledWith([1, 2])

    const all = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement
    expect(all.checked).toBe(false)
    await user.click(all)
    expect(all.checked).toBe(true)
    expect(screen.getByText('3 units selected')).toBeTruthy()
    await user.click(print)
    await waitFor(() => expect(api.printLabels).toHaveBeenLastCalledWith([1, 2, 3]))
    expect(await screen.findByText('Retired units get no label: ARB-0003 was left out.')).toBeTruthy()
    await user.click(all)
    expect(screen.getByText('0 units selected')).toBeTruthy()
  })

  it('lists every problem of a refused import by row and column, keeps the file, and imports it once fixed', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({
      status: 400,
      message: UNIT_CSV_MESSAGES.invalid,
      body: {
        Message: UNIT_CSV_MESSAGES.invalid,
        errors: [
          { row: 4, column: 'status', message: UNIT_CSV_MESSAGES.statusInvalid },
          { row: 7, column: null, message: UNIT_CSV_MESSAGES.cellCount(6, 5) },
        ],
      },
    })
    const importCsv = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce({ imported: 20 })
    const api = renderList('/admin/fleet/', { importCsv })
    const form = screen.getByRole('form', { name: 'Import units from a CSV file' })
    await user.click(within(form).getByRole('button', { name: 'Import CSV' }))
    expect(await screen.findByText('Choose a CSV file to import.')).toBeTruthy()
    expect(importCsv).not.toHaveBeenCalled()

    const file = new File(['fleet_number,type_slug\r\n'], 'units.csv', { type: 'text/csv' })
    const input = within(form).getByLabelText('CSV file to import') as HTMLInputElement
    await user.upload(input, file)
    await user.click(within(form).getByRole('button', { name: 'Import CSV' }))
    const alert = await within(form).findByRole('alert')
    expect(alert.textContent).toContain('units.csv')
    expect(alert.textContent).toContain(UNIT_CSV_MESSAGES.invalid)
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Row 4, column status: ${UNIT_CSV_MESSAGES.statusInvalid}`,
      `Row 7: ${UNIT_CSV_MESSAGES.cellCount(6, 5)}`,
    ])
    expect(importCsv).toHaveBeenCalledWith('fleet_number,type_slug\r\n')
    expect(input.files?.[0]?.name).toBe('units.csv')

    const listed = vi.mocked(api.list).mock.calls.length
    await user.click(within(form).getByRole('button', { name: 'Import CSV' }))
    expect(await within(form).findByText('units.csv: 20 units were added.')).toBeTruthy()
    expect(within(form).queryByRole('alert')).toBeNull()
    await waitFor(() => expect(vi.mocked(api.list).mock.calls.length).toBeGreaterThan(listed))
  })
})
