// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { createMemoryDocketStore, createOutbox, type QueuedDocket } from '../outbox.ts'
import { DELIVERY, RUN, receiptFor } from '../test-fixtures.ts'
import { OutboxContext } from '../use-outbox.ts'
import { RUN_WORDS, RunPage } from './run-page.tsx'

const DRIVER = '41'

function queued(overrides: Partial<QueuedDocket> = {}): QueuedDocket {
  const clientId = '6f1c2a8e-0000-4000-8000-000000000001'
  return {
    clientId,
    userId: DRIVER,
    stopId: DELIVERY.stopId ?? 0,
    input: {
      clientId,
      stopId: DELIVERY.stopId ?? 0,
      fleetNumbers: ['VMS-012'],
      receivedBy: 'Sam Site',
      receivedByEmail: '',
      signature: 'data:image/png;base64,AAAA',
      photos: [],
      notes: '',
      at: '2026-03-01T20:10:00.000Z',
    },
    queuedAt: '2026-03-01T20:10:00.000Z',
    attempts: 1,
    ...overrides,
  }
}

function show(
  load: () => Promise<{ data: typeof RUN; savedAt: string | undefined }>,
  items: QueuedDocket[] = [],
) {
  const outbox = createOutbox({
    store: createMemoryDocketStore(items),
    post: async (input) => receiptFor(input),
    isOnline: () => false,
  })
  const onForbidden = vi.fn()
  renderWithProviders(
    <OutboxContext value={outbox}>
      <RunPage userId={DRIVER} onForbidden={onForbidden} load={load} loadStop={vi.fn()} />
    </OutboxContext>,
    { route: '/runs/' },
  )
  return { onForbidden }
}

describe('the driver’s run (ADR 050)', () => {
  it('lists the stops in order, at the depot’s time, with the map, the phone and the docket', async () => {
    show(async () => ({ data: RUN, savedAt: undefined }))
    const stops = within(await screen.findByRole('list', { name: 'Stops in order' })).getAllByRole('article')
    expect(stops).toHaveLength(2)
    const first = within(stops[0] as HTMLElement)
    expect(first.getByRole('heading', { name: 'Stop 1: Geelong ring road' })).toBeTruthy()
    expect(first.getByText('07:00')).toBeTruthy()
    expect(first.getByText('Delivery')).toBeTruthy()
    expect(
      first.getByRole('link', { name: /^12 Moorabool Street, Geelong VIC 3220/ }).getAttribute('href'),
    ).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Moorabool%20Street%2C%20Geelong%20VIC%203220',
    )
    expect(first.getByRole('link', { name: 'Call 0412 345 678' }).getAttribute('href')).toBe('tel:0412345678')
    expect(first.getByText('PO PO-GEE-77. Gate 3.')).toBeTruthy()
    expect(first.getByText('3 units: VMS-012, VMS-013, TL-004')).toBeTruthy()
    expect(
      first.getByRole('link', { name: 'Open the docket for Geelong ring road' }).getAttribute('href'),
    ).toBe('/runs/31/')
    const second = within(stops[1] as HTMLElement)
    expect(second.getByText('14:30')).toBeTruthy()
    expect(second.getByText('Done')).toBeTruthy()
    expect(second.getByRole('link', { name: 'See the docket for Werribee bypass' })).toBeTruthy()
    expect(screen.getByText('Monday 2 March, Laverton depot')).toBeTruthy()
    expect(await screen.findByText('Every docket is sent.')).toBeTruthy()
  })

  it('counts the dockets waiting on the phone and marks their stops', async () => {
    show(async () => ({ data: RUN, savedAt: undefined }), [queued()])
    expect(await screen.findByText('1 docket waiting to be sent.')).toBeTruthy()
    expect(await screen.findByText('Docket saved on this phone, waiting to be sent')).toBeTruthy()
  })

  it('counts a refused docket as one to fix', async () => {
    show(
      async () => ({ data: RUN, savedAt: undefined }),
      [queued({ refused: { status: 400, message: 'No.', fields: {} } })],
    )
    expect(await screen.findByText('1 docket to fix.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Fix the docket for Geelong ring road' })).toBeTruthy()
  })

  it('says when the run shown is the one the phone saved', async () => {
    show(async () => ({ data: RUN, savedAt: '2026-03-01T19:12:00.000Z' }))
    expect(await screen.findByText('No coverage: this is your run as saved at 06:12.')).toBeTruthy()
  })

  it('says so when there is no coverage and nothing saved', async () => {
    show(async () => {
      throw new ApiError({ status: 0, message: 'No response' })
    })
    expect(await screen.findByText(RUN_WORDS.notSaved)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('hands a 403 to the route, with the server’s words', async () => {
    const { onForbidden } = show(async () => {
      throw new ApiError({ status: 403, message: 'denied', body: { Message: 'Only drivers can open runs.' } })
    })
    await vi.waitFor(() => expect(onForbidden).toHaveBeenCalledWith('Only drivers can open runs.'))
  })
})
