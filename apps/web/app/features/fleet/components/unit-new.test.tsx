// @vitest-environment happy-dom
import { type Depot, type EquipmentTypeAdmin, FLEET_MESSAGES, type UnitDetail } from '@signalway/shared/fleet'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import { NewUnit, type NewUnitApi } from './unit-new.tsx'

const TYPES = [{ id: 4, name: 'VMS board, full matrix' } as EquipmentTypeAdmin]
const DEPOTS = [
  { id: 1, code: 'LAV', name: 'Laverton' } as Depot,
  { id: 3, code: 'MOL', name: 'Molendinar' } as Depot,
]

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderForm(create: NewUnitApi['create']) {
  const api: NewUnitApi = { create, types: vi.fn(async () => TYPES), depots: vi.fn(async () => DEPOTS) }
  renderWithProviders(<NewUnit api={api} />, {
    route: '/admin/fleet/units/new/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement

async function fill(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Fleet number/), 'vms-0142')
  await user.selectOptions(field(/^Equipment type/), '4')
  await user.selectOptions(field(/^Status/), 'in_service')
  await user.selectOptions(field(/^Home depot/), '3')
  await user.type(field(/^Registration or serial/), 'SN-88121')
  await user.type(field(/^Next service due/), '2027-03-01')
}

describe('adding a unit', () => {
  it('sends the unit with its fleet number upper-cased and opens its page', async () => {
    const user = userEvent.setup()
    const create = vi.fn(async () => ({ id: 42 }) as UnitDetail)
    renderForm(create)
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Add Unit' }))
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1))
    expect(create).toHaveBeenCalledWith({
      fleetNumber: 'VMS-0142',
      typeId: 4,
      depotId: 3,
      registrationOrSerial: 'SN-88121',
      status: 'in_service',
      nextServiceDue: '2027-03-01',
    })
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.unitAdded)).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/fleet/units/42/'))
  })

  it('says what is missing and sends nothing', async () => {
    const user = userEvent.setup()
    const create = vi.fn()
    renderForm(create)
    await user.click(await screen.findByRole('button', { name: 'Add Unit' }))
    expect(await screen.findByText(FLEET_MESSAGES.fleetNumberInvalid)).toBeTruthy()
    expect(screen.getByText(FLEET_MESSAGES.typeUnknown)).toBeTruthy()
    expect(screen.getByText(FLEET_MESSAGES.depotUnknown)).toBeTruthy()
    expect(screen.getByText(FLEET_MESSAGES.serialRequired)).toBeTruthy()
    expect(create).not.toHaveBeenCalled()
  })

  it("shows the server's message under the field it names and keeps what was typed", async () => {
    const user = userEvent.setup()
    const taken = new ApiError({
      status: 400,
      message: FLEET_MESSAGES.fleetNumberTaken,
      modelState: { fleetNumber: [FLEET_MESSAGES.fleetNumberTaken] },
    })
    renderForm(vi.fn(() => later<UnitDetail>(taken)))
    await fill(user)
    await user.click(screen.getByRole('button', { name: 'Add Unit' }))
    await waitFor(() => expect(field(/^Fleet number/).getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getAllByText(FLEET_MESSAGES.fleetNumberTaken).length).toBeGreaterThan(0)
    expect(field(/^Fleet number/).value).toBe('vms-0142')
    expect(field(/^Registration or serial/).value).toBe('SN-88121')
    expect(field(/^Next service due/).value).toBe('2027-03-01')
    expect(screen.getByTestId('location').textContent).toBe('/admin/fleet/units/new/')
  })
})
