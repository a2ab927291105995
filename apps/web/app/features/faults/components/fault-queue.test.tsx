// @vitest-environment happy-dom
import { FAULT_ERASED_LABEL, type FaultDetail, type FaultSummary } from '@signalway/shared/faults'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { adminProfile, renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { FaultPage } from './fault-page.tsx'
import { FaultQueue } from './fault-queue.tsx'

const summary: FaultSummary = {
  id: 7,
  reference: 'F-2026-000007',
  status: 'reported',
  fleetNumber: 'VMS-0001',
  typeName: 'VMS board',
  depotCode: 'LAV',
  symptoms: ['display-blank', 'power'],
  reportedAt: '2026-11-24T23:00:00.000Z',
  escalatedAt: '2026-11-24T23:15:00.000Z',
  statusAt: '2026-11-24T23:00:00.000Z',
}
const detail: FaultDetail = {
  ...summary,
  depotName: 'Laverton',
  text: 'Dark.',
  reporterName: 'Sam Roadside',
  reporterPhone: '0412 345 678',
  location: { lat: -37.8626, lng: 144.7705, accuracy: 12 },
  hasPhoto: false,
  reporterErased: false,
  acknowledgedAt: null,
  onTheWayAt: null,
  resolvedAt: null,
  resolutionNote: null,
  version: 1,
}
const admin = { status: 'signedIn' as const, profile: adminProfile }

describe('the on-call queue', () => {
  it('lists each fault with its status and time in Melbourne, linked to its page', async () => {
    renderWithProviders(<FaultQueue load={async () => [summary]} />, { route: '/admin/faults/', auth: admin })
    const link = await screen.findByRole('link', { name: 'F-2026-000007' })
    expect(link.getAttribute('href')).toBe('/admin/faults/7/')
    expect(screen.getByText('Reported 2026-11-25 10:00 (escalated)')).toBeTruthy()
    expect(screen.getByText('Display blank, Battery or solar flat')).toBeTruthy()
  })

  it('shows the photo as a data: URL (the Content Security Policy allows no blob: image)', async () => {
    const photo = vi.fn(async () => new Blob([new Uint8Array([1, 2, 3])], { type: 'image/webp' }))
    const api = { get: vi.fn(async () => ({ ...detail, hasPhoto: true })), photo, move: vi.fn() }
    renderWithProviders(<FaultPage id={7} api={api} />, { route: '/admin/faults/7/', auth: admin })
    const image = await screen.findByRole('img', { name: 'Sent with the report' })
    expect(image.getAttribute('src')).toBe('data:image/webp;base64,AQID')
    expect(photo).toHaveBeenCalledWith(7)
  })

  it("says the reporter's details were removed once a resolved fault's retention has passed, with no call link", async () => {
    const erased: FaultDetail = {
      ...detail,
      status: 'resolved',
      resolvedAt: '2026-11-25T01:00:00.000Z',
      resolutionNote: 'Battery replaced.',
      reporterName: '',
      reporterPhone: '',
      location: null,
      reporterErased: true,
    }
    const api = { get: vi.fn(async () => erased), photo: vi.fn(), move: vi.fn() }
    renderWithProviders(<FaultPage id={7} api={api} />, { route: '/admin/faults/7/', auth: admin })
    expect(await screen.findByText('Battery replaced.')).toBeTruthy()
    expect(screen.getAllByText(FAULT_ERASED_LABEL)).toHaveLength(3)
    expect(screen.queryByRole('link', { name: /OpenStreetMap/ })).toBeNull()
    expect(document.querySelector('a[href^="tel:"]')).toBeNull()
  })

  it('shows a fault with its location link, acknowledges it, and says when someone changed it first', async () => {
    const user = userEvent.setup()
    const move = vi
      .fn()
      .mockResolvedValueOnce({ ...detail, status: 'acknowledged', version: 2 })
      .mockRejectedValueOnce(new ApiError({ status: 409, message: 'stale' }))
    const api = { get: vi.fn(async () => detail), photo: vi.fn(), move }
    renderWithProviders(<FaultPage id={7} api={api} />, { route: '/admin/faults/7/', auth: admin })
    const osm = await screen.findByRole('link', { name: 'Open in OpenStreetMap' })
    expect(osm.getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=-37.862600&mlon=144.770500#map=18/-37.862600/144.770500',
    )
    expect(screen.getByText('Sam Roadside')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }))
    expect(move).toHaveBeenCalledWith(7, { status: 'acknowledged', version: 1, note: null })
    expect(await screen.findByText('Acknowledged 2026-11-25 10:00')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull()
    // Resolving needs a note.
    await user.click(screen.getByRole('button', { name: 'Resolved' }))
    expect(screen.getByText('Say how it was resolved.')).toBeTruthy()
    await user.type(screen.getByRole('textbox', { name: 'Resolution note' }), 'Fixed.')
    await user.click(screen.getByRole('button', { name: 'Resolved' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Someone else has changed'))
  })
})
