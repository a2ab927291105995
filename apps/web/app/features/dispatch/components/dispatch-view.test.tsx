// @vitest-environment happy-dom
import { type DispatchBoard, FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BOARD, LAVERTON, MOLENDINAR, stop } from '../../../../test/dispatch.ts'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { DISPATCH_MESSAGES } from '../messages.ts'
import { type DispatchApi, DispatchView } from './dispatch-view.tsx'

// 5:30 am on Tuesday 8 December in Brisbane (still 7 December in UTC).
const now = () => new Date('2026-12-07T19:30:00.000Z')

function renderBoard(overrides: Partial<DispatchApi> = {}, route = '/admin/dispatch/?depotId=2') {
  const api: DispatchApi = {
    depots: vi.fn(async () => [LAVERTON, MOLENDINAR]),
    board: vi.fn(async () => BOARD),
    save: vi.fn(async () => BOARD),
    ...overrides,
  }
  renderWithProviders(<DispatchView api={api} now={now} />, {
    route,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return api
}

const lane = (name: RegExp) => screen.getByRole('region', { name })
const stopsIn = (name: RegExp) =>
  within(lane(name))
    .queryAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent)

describe('the dispatch board', () => {
  it("shows a depot's day (today in the depot's zone by default): Unassigned, then each driver's run", async () => {
    const api = renderBoard()
    expect(await screen.findByRole('heading', { name: 'Molendinar, Tuesday 8 December 2026' })).toBeTruthy()
    await screen.findByRole('region', { name: /^Unassigned/ })
    expect(api.board).toHaveBeenCalledWith(2, '2026-12-08', expect.anything())
    expect(stopsIn(/^Unassigned \(3 stops\)/)).toEqual(['BK-2026-000011', 'BK-2026-000012', 'BK-2026-000016'])
    expect(stopsIn(/^Dana Driver \(2 stops\)/)).toEqual(['BK-2026-000013', 'BK-2026-000014'])
    const first = within(lane(/^Unassigned/)).getAllByRole('listitem')[0] as HTMLElement
    expect(first.textContent).toContain('06:00')
    expect(first.textContent).toContain('Delivery')
    expect(first.textContent).toContain(
      'Harbour Civil Pty Ltd: Gold Coast Highway, 1 Gold Coast Highway, Southport QLD 4215',
    )
    expect(first.textContent).toContain('Units: VMS-1101 (VMS board)')
    const collection = within(lane(/^Unassigned/)).getAllByRole('listitem')[1] as HTMLElement
    expect(collection.textContent).toContain('14:30')
    expect(collection.textContent).toContain('OH-2026-000004')
    const overdue = within(lane(/^Unassigned/)).getAllByRole('listitem')[2] as HTMLElement
    expect(overdue.textContent).toContain('07/12/2026, 07:00')
    expect(overdue.textContent).toContain('Overdue')
    // A stop with its docket keeps its driver.
    const done = within(lane(/^Robin Road/)).getByRole('listitem')
    expect(done.textContent).toContain('Driver: Robin Road')
    expect(within(done).queryByRole('combobox')).toBeNull()
    expect(
      within(lane(/^Dana Driver/))
        .getByRole('link', { name: 'Print run sheet for Dana Driver' })
        .getAttribute('href'),
    ).toBe('/admin/dispatch/run-sheet/?depotId=2&date=2026-12-08&driver=7')
  })

  it('gives a stop to a driver and orders the run by keyboard, then saves it all with the versions shown', async () => {
    const user = userEvent.setup()
    const saved: DispatchBoard = {
      ...BOARD,
      stops: BOARD.stops.map((candidate) =>
        candidate.key === 'delivery:11'
          ? { ...candidate, driverUserId: 7, position: 0, version: 1, stopId: 9 }
          : candidate,
      ),
    }
    const api = renderBoard({ save: vi.fn(async () => saved) })
    const select = await screen.findByRole('combobox', { name: 'Driver for Delivery BK-2026-000011' })
    await user.selectOptions(select, 'Dana Driver')
    expect(stopsIn(/^Dana Driver \(3 stops\)/)).toEqual([
      'BK-2026-000013',
      'BK-2026-000014',
      'BK-2026-000011',
    ])
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('combobox', { name: 'Driver for Delivery BK-2026-000011' }),
      ),
    )
    expect(screen.getByText('Delivery BK-2026-000011: Dana Driver, 3 of 3.')).toBeTruthy()
    expect(screen.getByText(DISPATCH_MESSAGES.unsaved)).toBeTruthy()

    const up = screen.getByRole('button', { name: 'Move up: Delivery BK-2026-000011' })
    await user.click(up)
    await user.click(screen.getByRole('button', { name: 'Move up: Delivery BK-2026-000011' }))
    expect(stopsIn(/^Dana Driver/)).toEqual(['BK-2026-000011', 'BK-2026-000013', 'BK-2026-000014'])
    const top = screen.getByRole('button', { name: 'Move up: Delivery BK-2026-000011' })
    expect(document.activeElement).toBe(top)
    expect(top.getAttribute('aria-disabled')).toBe('true')
    await user.click(top)
    expect(stopsIn(/^Dana Driver/)[0]).toBe('BK-2026-000011')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(api.save).toHaveBeenCalledWith({
      depotId: 2,
      date: '2026-12-08',
      stops: [
        { key: 'collection:4', driverUserId: null, position: 0, version: null },
        { key: 'delivery:16', driverUserId: null, position: 1, version: null },
        { key: 'delivery:11', driverUserId: 7, position: 0, version: null },
        { key: 'delivery:13', driverUserId: 7, position: 1, version: 2 },
        { key: 'delivery:14', driverUserId: 7, position: 2, version: 5 },
        { key: 'delivery:15', driverUserId: 8, position: 0, version: 1 },
      ],
    })
    expect(await screen.findAllByText(DISPATCH_MESSAGES.saved)).not.toHaveLength(0)
    expect(stopsIn(/^Dana Driver/)).toEqual(['BK-2026-000011', 'BK-2026-000013', 'BK-2026-000014'])
  })

  it('keeps the changes when someone else saved meanwhile, and lays them on the board loaded again', async () => {
    const user = userEvent.setup()
    const stale = new ApiError({ status: 409, message: FIELD_MESSAGES.boardConflict })
    const fresh: DispatchBoard = {
      ...BOARD,
      stops: [
        ...BOARD.stops.map((candidate) => ({ ...candidate, version: (candidate.version ?? 0) + 1 })),
        stop(18),
      ],
    }
    const save = vi.fn<DispatchApi['save']>(async () => Promise.reject(stale))
    const api = renderBoard({ save })
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Driver for Delivery BK-2026-000011' }),
      'Robin Road',
    )
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(FIELD_MESSAGES.boardConflict)
    expect(stopsIn(/^Robin Road/)).toEqual(['BK-2026-000015', 'BK-2026-000011'])

    vi.mocked(api.board).mockResolvedValueOnce(fresh)
    await user.click(within(alert).getByRole('button', { name: 'Reload the board' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.rebased)).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(stopsIn(/^Robin Road/)).toEqual(['BK-2026-000015', 'BK-2026-000011'])
    expect(stopsIn(/^Unassigned/)).toContain('BK-2026-000018')

    save.mockResolvedValueOnce(fresh)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    const sent = save.mock.calls.at(-1)?.[0]
    expect(sent?.stops).toContainEqual({ key: 'delivery:11', driverUserId: 8, position: 1, version: 1 })
    expect(sent?.stops).toContainEqual({ key: 'delivery:13', driverUserId: 7, position: 0, version: 3 })
  })

  it('says what a refused save names, keeping the changes', async () => {
    const user = userEvent.setup()
    const refused = new ApiError({ status: 400, message: FIELD_MESSAGES.driverNotFound })
    renderBoard({ save: vi.fn(async () => Promise.reject(refused)) })
    await user.click(await screen.findByRole('button', { name: 'Move down: Delivery BK-2026-000013' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText(FIELD_MESSAGES.driverNotFound)).not.toHaveLength(0)
    expect(stopsIn(/^Dana Driver/)).toEqual(['BK-2026-000014', 'BK-2026-000013'])
  })

  it('shows another depot and day from the pickers, asking first when changes are not saved', async () => {
    const user = userEvent.setup()
    const api = renderBoard()
    await user.click(await screen.findByRole('button', { name: 'Next day' }))
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/dispatch/?depotId=2&date=2026-12-09'),
    )
    await waitFor(() => expect(api.board).toHaveBeenLastCalledWith(2, '2026-12-09', expect.anything()))

    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Driver for Delivery BK-2026-000011' }),
      'Dana Driver',
    )
    const form = screen.getByRole('form', { name: 'Choose the depot and day' })
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Depot' }), 'Laverton')
    await user.click(within(form).getByRole('button', { name: 'Show' }))
    const dialog = await screen.findByRole('dialog', { name: DISPATCH_MESSAGES.discardTitle })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByTestId('location').textContent).toBe('/admin/dispatch/?depotId=2&date=2026-12-09')
    expect(stopsIn(/^Dana Driver/)).toContain('BK-2026-000011')

    await user.click(within(form).getByRole('button', { name: 'Show' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: DISPATCH_MESSAGES.discardTitle })).getByRole(
        'button',
        {
          name: 'Leave the changes',
        },
      ),
    )
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/dispatch/?depotId=1&date=2026-12-09'),
    )
    await waitFor(() => expect(api.board).toHaveBeenLastCalledWith(1, '2026-12-09', expect.anything()))
  })

  it('says when a day has nothing to deliver or collect, and when the board cannot be loaded', async () => {
    const user = userEvent.setup()
    const board = vi.fn<DispatchApi['board']>(async () => Promise.reject(new Error('offline')))
    renderBoard({ board }, '/admin/dispatch/?depotId=1&date=2026-12-25')
    expect(await screen.findByText(DISPATCH_MESSAGES.loadFailed)).toBeTruthy()
    board.mockResolvedValueOnce({ ...BOARD, depot: LAVERTON, date: '2026-12-25', drivers: [], stops: [] })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(DISPATCH_MESSAGES.noStops)).toBeTruthy()
    expect(board).toHaveBeenLastCalledWith(1, '2026-12-25', expect.anything())
  })
})
