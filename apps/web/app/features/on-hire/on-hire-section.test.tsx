// @vitest-environment happy-dom
import type { MyCustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { type CustomerFault, FAULT_FROM_LABEL } from '@signalway/shared/faults'
import { ON_HIRE_MESSAGES, type OnHire } from '@signalway/shared/on-hire'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { regularProfile, renderWithProviders } from '../../../test/utils.tsx'
import { ApiError } from '../../lib/api-client.ts'
import type { OnHireApi } from './api.ts'
import type { FaultsApi } from './faults-api.ts'
import { instantOf } from './local-time.ts'
import { firstPickup } from './off-hire-form.tsx'
import { OnHireSection } from './on-hire-section.tsx'

const account: MyCustomerAccountDetail = {
  id: 7,
  accountNumber: 'SW-10007',
  legalName: 'Harbour Civil Pty Ltd',
  tradingName: 'Harbour Civil',
  role: 'orderer',
  creditLimitCents: 5_000_000,
  availableCreditCents: 4_000_000,
  paymentTermsDays: 30,
  poRequired: true,
  onHold: false,
  abn: '51 824 753 556',
  acn: null,
  billingEmail: 'ap@harbour.example',
  invoiceDelivery: 2,
}

const TZ = 'Australia/Brisbane'

const unit = (lineId: number, fleetNumber: string) => ({
  lineId,
  bookingId: 40,
  bookingReference: 'BK-2026-000040',
  unitId: lineId + 100,
  fleetNumber,
  typeName: 'VMS board',
  serviceSlug: 'vms-boards',
  timeZone: TZ,
  onHireAt: '2026-12-08T00:00:00.000Z',
  expectedEndAt: '2026-12-14T20:00:00.000Z',
  offHireNumber: null as string | null,
  pickupAt: null as string | null,
  chargesStopAt: null as string | null,
  days: 3,
  costCents: 75_000,
})

const onHire: OnHire = {
  accountNumber: 'SW-10007',
  asAt: '2026-12-10T00:00:00.000Z',
  canExtend: true,
  canOffHire: true,
  sites: [{ id: 3, name: 'Pacific Motorway' }],
  poNumbers: ['PO-100'],
  groups: [
    {
      siteId: 3,
      siteName: 'Pacific Motorway',
      poNumber: 'PO-100',
      units: [unit(1, 'VMS-0001'), unit(2, 'VMS-0002')],
      costCents: 150_000,
      gstCents: 15_000,
    },
  ],
  bookings: [
    {
      id: 40,
      reference: 'BK-2026-000040',
      status: 'on_hire',
      version: 3,
      siteName: 'Pacific Motorway',
      poNumber: 'PO-100',
      endsAt: '2026-12-14T20:00:00.000Z',
      timeZone: TZ,
    },
  ],
  totals: { units: 2, costCents: 150_000, gstCents: 15_000 },
}

function fakeApi(overrides: Partial<OnHireApi> = {}): OnHireApi {
  return {
    get: vi.fn(async () => onHire),
    csv: vi.fn(async () => new Blob(['x'])),
    offHire: vi.fn(),
    extend: vi.fn(),
    ...overrides,
  }
}

/** The page's status line (the test router's location probe is an <output>, a status too). */
const statusText = () =>
  within(screen.getByRole('region', { name: 'On hire' })).getByRole('status').textContent

function fakeFaultsApi(overrides: Partial<FaultsApi> = {}): FaultsApi {
  return { list: vi.fn(async () => ({ faults: [] })), report: vi.fn(), ...overrides }
}

function renderSection(
  api: OnHireApi,
  route = '/my-account/accounts/7/on-hire/',
  faultsApi: FaultsApi = fakeFaultsApi(),
) {
  renderWithProviders(<OnHireSection account={account} api={api} faultsApi={faultsApi} />, {
    route,
    auth: { status: 'signedIn', profile: regularProfile },
  })
}

describe('the On hire page', () => {
  it('shows the units by site and PO with their costs ex GST and the GST beside the totals', async () => {
    renderSection(fakeApi())
    const table = await screen.findByRole('table', { name: 'Pacific Motorway, PO PO-100' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]?.textContent).toContain('VMS-0001')
    // The depot's zone: 00:00 UTC is 10:00 in Brisbane.
    expect(rows[1]?.textContent).toContain('08/12/2026, 10:00')
    expect(rows[1]?.textContent).toContain('$750.00')
    expect(within(table).getByText('$1,500.00 ex GST', { exact: false }).textContent).toContain('GST $150.00')
    expect(
      screen.getByText('2 units on hire: $1,500.00 ex GST to date, GST $150.00, $1,650.00 inc GST.'),
    ).toBeTruthy()
  })

  it('filters by the query string, and its form sends site and PO', async () => {
    const user = userEvent.setup()
    const api = fakeApi()
    renderSection(api, '/my-account/accounts/7/on-hire/?po=PO-100')
    await screen.findByRole('table', { name: 'Pacific Motorway, PO PO-100' })
    expect(api.get).toHaveBeenCalledWith(7, { po: 'PO-100' })
    const form = screen.getByRole('search', { name: 'Filter units on hire' }).querySelector('form')
    expect(form?.getAttribute('method')).toBe('get')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Site' }), '3')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    await waitFor(() => expect(api.get).toHaveBeenLastCalledWith(7, { siteId: 3, po: 'PO-100' }))
    expect(screen.getByTestId('location').textContent).toBe(
      '/my-account/accounts/7/on-hire/?siteId=3&po=PO-100',
    )
  })

  it('off-hires units and says the off-hire number at once; the units then show the pick-up time', async () => {
    const user = userEvent.setup()
    const pickupAt = '2026-12-11T02:00:00.000Z'
    const after: OnHire = {
      ...onHire,
      groups: [
        {
          ...(onHire.groups[0] as OnHire['groups'][number]),
          units: [
            { ...unit(1, 'VMS-0001'), offHireNumber: 'OH-2026-000001', pickupAt, chargesStopAt: pickupAt },
            unit(2, 'VMS-0002'),
          ],
        },
      ],
    }
    const get = vi
      .fn(async () => onHire)
      .mockResolvedValueOnce(onHire)
      .mockResolvedValue(after)
    const offHire = vi.fn(async () => ({
      number: 'OH-2026-000001',
      pickupAt,
      units: [{ lineId: 1, fleetNumber: 'VMS-0001' }],
      version: 4,
    }))
    renderSection(fakeApi({ get, offHire }))
    await user.click(await screen.findByRole('button', { name: 'Off-hire BK-2026-000040' }))
    await user.click(screen.getByRole('checkbox', { name: 'VMS-0002 (VMS board)' }))
    const date = screen.getByLabelText('Pick-up date')
    await user.clear(date)
    await user.type(date, '2026-12-11')
    const time = screen.getByLabelText('Pick-up time')
    await user.clear(time)
    await user.type(time, '12:00')
    await user.type(screen.getByRole('textbox', { name: 'Access notes' }), 'Gate 4')
    await user.click(screen.getByRole('button', { name: 'Request off-hire' }))
    expect(offHire).toHaveBeenCalledWith(7, 40, {
      version: 3,
      lineIds: [1],
      pickupAt,
      accessNotes: 'Gate 4',
    })
    await waitFor(() =>
      expect(statusText()).toBe(
        'Off-hire number OH-2026-000001: VMS-0001 to be picked up 11/12/2026, 12:00 (Brisbane time).',
      ),
    )
    expect(await screen.findByText('OH-2026-000001, pick-up 11/12/2026, 12:00')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Request off-hire' })).toBeNull()
  })

  it('says why the server refused an off-hire', async () => {
    const user = userEvent.setup()
    const offHire = vi.fn(async () => {
      throw new ApiError({ status: 400, message: ON_HIRE_MESSAGES.pickupInPast })
    })
    renderSection(fakeApi({ offHire }))
    await user.click(await screen.findByRole('button', { name: 'Off-hire BK-2026-000040' }))
    await user.click(screen.getByRole('button', { name: 'Request off-hire' }))
    expect((await screen.findByRole('alert')).textContent).toBe(ON_HIRE_MESSAGES.pickupInPast)
  })

  it('extends a booking, offering the swap the server names and sending it once confirmed', async () => {
    const user = userEvent.setup()
    const conflict = new ApiError({
      status: 409,
      message: ON_HIRE_MESSAGES.extendConflict,
      body: {
        Message: ON_HIRE_MESSAGES.extendConflict,
        requestId: 'r',
        conflicts: [
          {
            lineId: 1,
            unitId: 101,
            fleetNumber: 'VMS-0001',
            swapTo: { unitId: 103, fleetNumber: 'VMS-0003' },
          },
        ],
      },
    })
    const endsAt = '2026-12-18T20:00:00.000Z'
    const extend = vi
      .fn()
      .mockRejectedValueOnce(conflict)
      .mockResolvedValueOnce({
        endsAt,
        version: 4,
        swapped: [{ lineId: 1, newLineId: 9, fleetNumber: 'VMS-0003' }],
      })
    renderSection(fakeApi({ extend }))
    await user.click(await screen.findByRole('button', { name: 'Extend BK-2026-000040' }))
    const date = screen.getByLabelText('New end date')
    await user.clear(date)
    await user.type(date, '2026-12-19')
    const time = screen.getByLabelText('New end time')
    await user.clear(time)
    await user.type(time, '06:00')
    await user.click(screen.getByRole('button', { name: 'Extend' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('VMS-0001 is booked by another hire: swap to VMS-0003.')
    expect(extend).toHaveBeenLastCalledWith(7, 40, { version: 3, endsAt })
    await user.click(screen.getByRole('button', { name: 'Swap and extend' }))
    expect(extend).toHaveBeenLastCalledWith(7, 40, {
      version: 3,
      endsAt,
      swaps: [{ lineId: 1, unitId: 103 }],
    })
    await waitFor(() =>
      expect(statusText()).toBe(
        'BK-2026-000040 now ends 19/12/2026, 06:00 (Brisbane time). Swapped to VMS-0003.',
      ),
    )
  })

  it('offers no off-hire of a unit swapped out at an extension', async () => {
    const user = userEvent.setup()
    const swapped = { ...unit(1, 'VMS-0001'), chargesStopAt: '2026-12-14T20:00:00.000Z' }
    const get = vi.fn(async () => ({
      ...onHire,
      groups: [{ ...(onHire.groups[0] as OnHire['groups'][number]), units: [swapped, unit(2, 'VMS-0002')] }],
    }))
    renderSection(fakeApi({ get }))
    expect(await screen.findByText('Swapped 15/12/2026, 06:00')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Off-hire BK-2026-000040' }))
    expect(screen.queryByRole('checkbox', { name: 'VMS-0001 (VMS board)' })).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'VMS-0002 (VMS board)' })).toBeTruthy()
  })

  it('offers a Site supervisor no Extend, and the Accounts role neither action', async () => {
    renderSection(fakeApi({ get: vi.fn(async () => ({ ...onHire, canExtend: false })) }))
    expect(await screen.findByRole('button', { name: 'Off-hire BK-2026-000040' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Extend BK-2026-000040' })).toBeNull()
  })

  it('offers the Accounts role neither action', async () => {
    renderSection(fakeApi({ get: vi.fn(async () => ({ ...onHire, canExtend: false, canOffHire: false })) }))
    await screen.findByRole('table', { name: 'Pacific Motorway, PO PO-100' })
    expect(screen.queryByRole('button', { name: 'Off-hire BK-2026-000040' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Extend BK-2026-000040' })).toBeNull()
  })

  it('starts the pick-up on a quarter hour at least an hour ahead, never in the past', () => {
    expect(firstPickup(new Date('2026-12-10T00:00:30.000Z')).toISOString()).toBe('2026-12-10T01:15:00.000Z')
    expect(firstPickup(new Date('2026-12-10T00:00:00.000Z')).toISOString()).toBe('2026-12-10T01:00:00.000Z')
  })

  it('reads the depot’s wall time as an instant, across zones', () => {
    expect(instantOf('2026-12-11', '12:00', 'Australia/Brisbane')).toBe('2026-12-11T02:00:00.000Z')
    expect(instantOf('2026-12-11', '12:00', 'Australia/Melbourne')).toBe('2026-12-11T01:00:00.000Z')
    expect(instantOf('2026-12-11', '', 'Australia/Melbourne')).toBeNull()
  })

  it("lists the account's faults with each step's time in the depot's zone, and names no public reporter", async () => {
    const fault = (id: number, reportedBy: string | null): CustomerFault => ({
      id,
      reference: `F-2026-00000${id}`,
      fleetNumber: 'VMS-0001',
      typeName: 'VMS board',
      siteName: 'Pacific Motorway',
      symptoms: ['display-blank', 'damaged'],
      status: 'on_the_way',
      reportedBy,
      reportedAt: '2026-12-09T00:00:00.000Z',
      acknowledgedAt: '2026-12-09T00:05:00.000Z',
      onTheWayAt: '2026-12-09T00:20:00.000Z',
      resolvedAt: null,
      timeZone: TZ,
    })
    const list = vi.fn(async () => ({ faults: [fault(2, 'Pat Supervisor'), fault(1, null)] }))
    renderSection(fakeApi(), undefined, fakeFaultsApi({ list }))
    const table = await screen.findByRole('table', { name: 'Faults reported on units on hire' })
    const rows = within(table).getAllByRole('row')
    expect(rows[1]?.textContent).toContain('F-2026-000002')
    expect(rows[1]?.textContent).toContain('Pat Supervisor')
    expect(rows[1]?.textContent).toContain('Display blank, Damaged or knocked over')
    expect(rows[1]?.textContent).toContain('Technician on the way')
    // 00:20 UTC is 10:20 in Brisbane.
    expect(rows[1]?.textContent).toContain('09/12/2026, 10:20')
    expect(rows[2]?.textContent).toContain(FAULT_FROM_LABEL)
    expect(list).toHaveBeenCalledWith(7)
  })

  it("reports a fault on a unit from its row with its type's symptoms, and lists the faults again", async () => {
    const user = userEvent.setup()
    const report = vi.fn(async () => ({
      reference: 'F-2026-000009',
      reportedAt: '2026-12-10T00:00:00.000Z',
      phone: { display: '1300 000 000', href: 'tel:1300000000' },
    }))
    const list = vi.fn(async () => ({ faults: [] }))
    renderSection(fakeApi(), undefined, fakeFaultsApi({ list, report }))
    await user.click(await screen.findByRole('button', { name: 'Report a fault on VMS-0002' }))
    const form = screen.getByRole('form', { name: 'Report a fault on VMS-0002' })
    await user.click(within(form).getByRole('button', { name: 'Send fault report' }))
    expect(within(form).getByRole('alert').textContent).toBe('Choose what is wrong.')
    await user.click(within(form).getByRole('checkbox', { name: 'Display blank' }))
    await user.type(within(form).getByRole('textbox', { name: 'Details' }), 'Dark since 6 am')
    await user.click(within(form).getByRole('button', { name: 'Send fault report' }))
    await waitFor(() =>
      expect(statusText()).toBe('Fault F-2026-000009 reported on VMS-0002. Our on-call team has been told.'),
    )
    expect(report).toHaveBeenCalledWith(7, {
      lineId: 2,
      symptoms: ['display-blank'],
      text: 'Dark since 6 am',
      photo: null,
    })
    expect(list).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('form', { name: 'Report a fault on VMS-0002' })).toBeNull()
  })
})
