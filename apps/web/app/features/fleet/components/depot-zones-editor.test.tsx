// @vitest-environment happy-dom
import { DEPOT_MESSAGES, type Depot } from '@signalway/shared/fleet'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { postcodesOf } from '../depot-form.ts'
import { FLEET_SCREEN_MESSAGES } from '../messages.ts'
import { type DepotZonesApi, DepotZonesEditor } from './depot-zones-editor.tsx'
import { DepotsList } from './depots-list.tsx'

const depot: Depot = {
  id: 1,
  code: 'LAV',
  name: 'Laverton',
  state: 'VIC',
  timeZone: 'Australia/Melbourne',
  address: {
    unitNumber: null,
    streetNumber: '48',
    streetName: 'Signal Court',
    city: 'Laverton',
    postcode: '3028',
  },
  postcodes: [
    { postcode: '3028', zone: 'A' },
    { postcode: '3029', zone: 'A' },
  ],
  zones: [{ zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 10_550 }],
  version: 4,
}

/** Rejects after a macrotask, as a failed request does. */
function later<T>(error: unknown): Promise<T> {
  return new Promise((_, reject) => setTimeout(() => reject(error), 0))
}

function renderEditor(overrides: Partial<DepotZonesApi> = {}) {
  const api: DepotZonesApi = { get: vi.fn(async () => depot), save: vi.fn(), ...overrides }
  renderWithProviders(<DepotZonesEditor id={1} api={api} />, {
    route: '/admin/fleet/depots/1/',
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement

describe("a depot's delivery zones", () => {
  it('reads postcodes however they are separated, once each', () => {
    expect(postcodesOf(' 3028,3029;\n3030  3028 ')).toEqual(['3028', '3029', '3030'])
    expect(postcodesOf('')).toEqual([])
  })

  it('are listed with their fees ex GST and postcodes', async () => {
    renderWithProviders(<DepotsList load={async () => [depot]} />, {
      route: '/admin/fleet/depots/',
      auth: { status: 'signedIn', profile: adminProfile },
    })
    expect(await screen.findByRole('heading', { name: 'Laverton (LAV)' })).toBeTruthy()
    expect(screen.getByText('$110.00 ex GST')).toBeTruthy()
    expect(screen.getByText('$105.50 ex GST')).toBeTruthy()
    expect(screen.getByText('3028, 3029')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Edit the zones of Laverton' }).getAttribute('href')).toBe(
      '/admin/fleet/depots/1/',
    )
  })

  it('are saved with fees typed in dollars as whole cents, a new zone and the version loaded', async () => {
    const user = userEvent.setup()
    const save = vi.fn(async () => ({ ...depot, version: 5 }))
    renderEditor({ save })
    expect((await screen.findByLabelText(/^Zone 1 delivery fee/)) as HTMLInputElement).toHaveProperty(
      'value',
      '110.00',
    )
    expect(field(/^Zone 1 postcodes/).value).toBe('3028 3029')
    await user.click(screen.getByRole('button', { name: 'Add a zone' }))
    await user.type(field(/^Zone 2 name/), 'B')
    await user.type(field(/^Zone 2 delivery fee/), '$1,150.5')
    await user.type(field(/^Zone 2 collection fee/), '0.05')
    await user.type(field(/^Zone 2 postcodes/), '3000, 3003\n3011')
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(save).toHaveBeenCalledWith(1, {
      version: 4,
      zones: [
        { zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 10_550, postcodes: ['3028', '3029'] },
        { zone: 'B', deliveryFeeCents: 115_050, collectionFeeCents: 5, postcodes: ['3000', '3003', '3011'] },
      ],
    })
    expect(await screen.findByText(FLEET_SCREEN_MESSAGES.depotSaved)).toBeTruthy()
  })

  it('say what is wrong before sending: a bad postcode, one in two zones, a name twice', async () => {
    const user = userEvent.setup()
    const api = renderEditor()
    await screen.findByLabelText(/^Zone 1 name/)
    await user.click(screen.getByRole('button', { name: 'Add a zone' }))
    await user.type(field(/^Zone 2 name/), 'a')
    await user.type(field(/^Zone 2 delivery fee/), '150')
    await user.type(field(/^Zone 2 collection fee/), '150')
    await user.type(field(/^Zone 2 postcodes/), '3029 30O0')
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    expect(await screen.findByText(DEPOT_MESSAGES.postcodeInvalid('30O0'))).toBeTruthy()
    await user.clear(field(/^Zone 2 postcodes/))
    await user.type(field(/^Zone 2 postcodes/), '3029')
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    expect(await screen.findByText(DEPOT_MESSAGES.zoneNameTwice('a'))).toBeTruthy()
    await user.clear(field(/^Zone 2 name/))
    await user.type(field(/^Zone 2 name/), 'B')
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    expect(await screen.findAllByText(DEPOT_MESSAGES.postcodeTwice('3029', ['A', 'B']))).toHaveLength(2)
    expect(api.save).not.toHaveBeenCalled()
  })

  it("show the server's word on a postcode of another depot on the zone, and a conflict keeps what was typed", async () => {
    const user = userEvent.setup()
    const served = DEPOT_MESSAGES.postcodeServedElsewhere('3029', 'Carrum Downs')
    const save = vi
      .fn()
      .mockImplementationOnce(() =>
        later(new ApiError({ status: 400, message: served, modelState: { 'zones.0.postcodes': [served] } })),
      )
      .mockImplementationOnce(() =>
        later(new ApiError({ status: 409, message: DEPOT_MESSAGES.depotConflict })),
      )
    renderEditor({ save })
    const fee = await screen.findByLabelText(/^Zone 1 delivery fee/)
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    expect((await screen.findAllByText(served)).length).toBeGreaterThan(0)
    await user.clear(fee)
    await user.type(fee, '99')
    await user.click(screen.getByRole('button', { name: 'Save Zones' }))
    expect((await screen.findAllByText(DEPOT_MESSAGES.depotConflict)).length).toBeGreaterThan(0)
    expect(screen.getByRole('button', { name: 'Reload the Zones' })).toBeTruthy()
    expect(field(/^Zone 1 delivery fee/).value).toBe('99')
  })
})
