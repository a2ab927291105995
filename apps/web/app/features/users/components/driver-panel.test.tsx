// @vitest-environment happy-dom
import type { UserDetail } from '@signalway/shared'
import type { Driver } from '@signalway/shared/field-operations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { DRIVER_PANEL_MESSAGES, DriverPanel, type DriverPanelApi } from './driver-panel.tsx'

const DANA: UserDetail = {
  id: '42',
  firstName: 'Dana',
  lastName: 'Driver',
  email: 'dana@signalway.example',
  mobile: '0412345678',
  userType: 1,
  registationDate: '2026-01-02T03:04:05.000Z',
  isActive: true,
}

const LAVERTON = { id: 1, code: 'LAV', name: 'Laverton', timeZone: 'Australia/Melbourne' }
const MOLENDINAR = { id: 2, code: 'MOL', name: 'Molendinar', timeZone: 'Australia/Brisbane' }
const driverAt = (depot: typeof LAVERTON): Driver => ({
  userId: 42,
  name: 'Dana Driver',
  email: DANA.email,
  depot,
})

function renderPanel(overrides: Partial<DriverPanelApi> = {}) {
  const api: DriverPanelApi = {
    get: vi.fn(async () => ({ driver: null })),
    set: vi.fn(async (_id, input) => ({ driver: driverAt(input.depotId === 2 ? MOLENDINAR : LAVERTON) })),
    remove: vi.fn(async () => ({ driver: null })),
    depots: vi.fn(async () => [LAVERTON, MOLENDINAR]),
    ...overrides,
  }
  renderWithProviders(<DriverPanel user={DANA} api={api} />, {
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

describe('the Driver panel on Update User', () => {
  it('makes a user a driver at a depot, and says so', async () => {
    const user = userEvent.setup()
    const api = renderPanel()
    const panel = await screen.findByRole('region', { name: 'Driver' })
    expect(await within(panel).findByText('Dana Driver is not a driver.')).toBeTruthy()
    const select = within(panel).getByRole('combobox', { name: 'Driver at' })
    expect((select as HTMLSelectElement).value).toBe('')
    await user.selectOptions(select, 'Molendinar')
    await user.click(within(panel).getByRole('button', { name: 'Save Driver Role' }))
    expect(api.set).toHaveBeenCalledWith('42', { depotId: 2 })
    expect(await screen.findByText(DRIVER_PANEL_MESSAGES.set('Dana Driver', 'Molendinar'))).toBeTruthy()
    expect(panel.textContent).toContain('Dana Driver is a driver at Molendinar')
  })

  it('ends the role with Not a driver', async () => {
    const user = userEvent.setup()
    const api = renderPanel({ get: vi.fn(async () => ({ driver: driverAt(LAVERTON) })) })
    const panel = await screen.findByRole('region', { name: 'Driver' })
    const select = await within(panel).findByRole('combobox', { name: 'Driver at' })
    expect((select as HTMLSelectElement).value).toBe('1')
    await user.selectOptions(select, 'Not a driver')
    await user.click(within(panel).getByRole('button', { name: 'Save Driver Role' }))
    expect(api.remove).toHaveBeenCalledWith('42')
    expect(await screen.findByText(DRIVER_PANEL_MESSAGES.removed('Dana Driver'))).toBeTruthy()
    expect(panel.textContent).toContain('Dana Driver is not a driver.')
  })

  it('sends nothing when nothing changed, and keeps the choice when the save fails', async () => {
    const user = userEvent.setup()
    const api = renderPanel({
      set: vi.fn(async () => Promise.reject(new ApiError({ status: 400, message: 'Choose a depot.' }))),
    })
    const panel = await screen.findByRole('region', { name: 'Driver' })
    const save = await within(panel).findByRole('button', { name: 'Save Driver Role' })
    expect(save.getAttribute('aria-disabled')).toBe('true')
    await user.click(save)
    expect(api.set).not.toHaveBeenCalled()
    expect(api.remove).not.toHaveBeenCalled()
    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Driver at' }), 'Laverton')
    await user.click(save)
    expect(await screen.findByText('Choose a depot.')).toBeTruthy()
    await waitFor(() => expect((within(panel).getByRole('combobox') as HTMLSelectElement).value).toBe('1'))
  })

  it('says when the role could not be loaded, and tries again', async () => {
    const user = userEvent.setup()
    const get = vi.fn<DriverPanelApi['get']>(async () => Promise.reject(new Error('offline')))
    renderPanel({ get })
    const panel = await screen.findByRole('region', { name: 'Driver' })
    await within(panel).findByText(DRIVER_PANEL_MESSAGES.loadFailed, { exact: false })
    get.mockResolvedValueOnce({ driver: null })
    await user.click(within(panel).getByRole('button', { name: 'Try again' }))
    expect(await within(panel).findByText('Dana Driver is not a driver.')).toBeTruthy()
  })
})
