// @vitest-environment happy-dom
import type { EquipmentTypeAdmin, UnitAdmin } from '@signalway/shared/fleet'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
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

function renderList(route = '/admin/fleet/') {
  const api: UnitsListApi = {
    list: vi.fn(async () => ({
      items: [
        unit(1, 'ARB-0001'),
        unit(2, 'ARB-0002', { status: 'in_service', nextServiceDue: '2020-03-01' }),
      ],
      total: 2,
      page: 1,
      pageSize: 20,
    })),
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
  renderWithProviders(<UnitsList api={api} />, { route, auth: { status: 'signedIn', profile: adminProfile } })
  return api
}

describe('the units list', () => {
  it('lists units with links to their pages, their status and an overdue service in words', async () => {
    renderList()
    const table = await screen.findByRole('table', { name: 'Units' })
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3))
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
})
