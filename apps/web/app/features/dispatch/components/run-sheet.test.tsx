// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BOARD } from '../../../../test/dispatch.ts'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { DISPATCH_MESSAGES } from '../messages.ts'
import { RunSheet } from './run-sheet.tsx'

function renderSheet(route: string, board = vi.fn(async () => BOARD)) {
  renderWithProviders(<RunSheet api={{ board }} />, {
    route,
    auth: { status: 'signedIn', profile: adminProfile },
  })
  return board
}

describe("a driver's run sheet", () => {
  it('lists the driver’s stops in the order of the run, with the site, contact, units and notes, and prints', async () => {
    const user = userEvent.setup()
    const print = vi.fn()
    Object.assign(window, { print })
    const board = renderSheet('/admin/dispatch/run-sheet/?depotId=2&date=2026-12-08&driver=7')
    expect(await screen.findByRole('heading', { name: 'Run sheet: Dana Driver' })).toBeTruthy()
    expect(board).toHaveBeenCalledWith(2, '2026-12-08')
    expect(
      screen.getByText(/^Molendinar depot, Tuesday 8 December 2026\. 2 stops\. Times in Brisbane time\.$/),
    ).toBeTruthy()
    const rows = within(
      screen.getByRole('table', { name: "Dana Driver's stops in the order of the run" }),
    ).getAllByRole('row')
    expect(rows).toHaveLength(3)
    const first = rows[1] as HTMLElement
    expect(first.textContent).toContain('06:00')
    expect(first.textContent).toContain('Delivery BK-2026-000013')
    expect(first.textContent).toContain('1 Gold Coast Highway, Southport QLD 4215')
    expect(within(first).getByRole('link', { name: '0412 345 678' }).getAttribute('href')).toBe(
      'tel:0412345678',
    )
    expect(first.textContent).toContain('VMS-1301 (VMS board)')
    expect(first.textContent).toContain('PO-7781')
    expect((rows[2] as HTMLElement).textContent).toContain('Night works')
    expect(screen.getByRole('link', { name: 'Back to Dispatch' }).getAttribute('href')).toBe(
      '/admin/dispatch/?depotId=2&date=2026-12-08',
    )
    await user.click(screen.getByRole('button', { name: 'Print' }))
    expect(print).toHaveBeenCalled()
  })

  it('says so for a driver not at the depot', async () => {
    renderSheet('/admin/dispatch/run-sheet/?depotId=2&date=2026-12-08&driver=99')
    expect(await screen.findByText(DISPATCH_MESSAGES.driverNotFound)).toBeTruthy()
  })

  it('asks nothing for an incomplete address', async () => {
    const board = renderSheet('/admin/dispatch/run-sheet/?depotId=2')
    expect(await screen.findByText(DISPATCH_MESSAGES.driverNotFound)).toBeTruthy()
    expect(board).not.toHaveBeenCalled()
  })
})
