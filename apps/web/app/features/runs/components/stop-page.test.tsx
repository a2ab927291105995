// @vitest-environment happy-dom
import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeCanvas } from '../../../../test/fake-canvas.ts'
import { renderWithProviders } from '../../../../test/utils.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { createMemoryDocketStore, createOutbox, type QueuedDocket } from '../outbox.ts'
import { DELIVERY, DETAIL, receiptFor } from '../test-fixtures.ts'
import { OutboxContext } from '../use-outbox.ts'
import { STOP_WORDS, StopPage } from './stop-page.tsx'

const DRIVER = '41'
const STOP_ID = DELIVERY.stopId ?? 0

beforeEach(() => {
  installFakeCanvas()
})

function show({
  items = [],
  online = () => false,
  post = async (input: Parameters<typeof receiptFor>[0]) => receiptFor(input),
  load = vi.fn(async () => ({ data: DETAIL, savedAt: undefined as string | undefined })),
}: {
  items?: QueuedDocket[]
  online?: () => boolean
  post?: (input: Parameters<typeof receiptFor>[0]) => Promise<ReturnType<typeof receiptFor>>
  load?: ReturnType<typeof vi.fn>
} = {}) {
  const store = createMemoryDocketStore(items)
  const outbox = createOutbox({ store, post, isOnline: online })
  const onForbidden = vi.fn()
  renderWithProviders(
    <OutboxContext value={outbox}>
      <StopPage stopId={STOP_ID} userId={DRIVER} onForbidden={onForbidden} load={load as never} />
    </OutboxContext>,
    { route: `/runs/${STOP_ID}/` },
  )
  return { store, outbox, onForbidden, load }
}

async function sign(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Type your name instead/ }))
  await user.type(screen.getByRole('textbox', { name: 'Type your full name' }), 'Sam Site')
}

describe('a stop’s docket (ADR 050)', () => {
  it('offers the units not done, ticked, and says what the docket lacks', async () => {
    const user = userEvent.setup()
    show()
    const form = await screen.findByRole('form', { name: 'Delivery docket' })
    const units = within(within(form).getByRole('group', { name: 'Units delivered' })).getAllByRole(
      'checkbox',
    )
    expect(units.map((box) => (box as HTMLInputElement).value)).toEqual(['VMS-012', 'VMS-013'])
    for (const box of units) expect((box as HTMLInputElement).checked).toBe(true)
    for (const box of units) await user.click(box)
    await user.click(within(form).getByRole('button', { name: 'Save and send the docket' }))
    expect(await within(form).findByText(FIELD_MESSAGES.unitsRequired)).toBeTruthy()
    expect(within(form).getByText(FIELD_MESSAGES.receivedByRequired)).toBeTruthy()
    expect(within(form).getByText(FIELD_MESSAGES.signatureRequired)).toBeTruthy()
  })

  it('checks a typed fleet number against the stop’s units', async () => {
    const user = userEvent.setup()
    show()
    const form = await screen.findByRole('form', { name: 'Delivery docket' })
    const typed = within(form).getByRole('textbox', { name: /^Another unit: its fleet number/ })
    await user.type(typed, 'vms-999')
    await user.tab()
    expect(await within(form).findByText(FIELD_MESSAGES.unitUnknown)).toBeTruthy()
    await user.clear(typed)
    await user.type(typed, 'tl-004')
    await user.tab()
    expect(await within(form).findByText(FIELD_MESSAGES.unitDone)).toBeTruthy()
  })

  it('without coverage keeps the docket on the phone under a new id, says so, and sends it once online', async () => {
    const user = userEvent.setup()
    let online = false
    const post = vi.fn(async (input: Parameters<typeof receiptFor>[0]) => receiptFor(input))
    const { store, outbox, load } = show({ online: () => online, post })
    const form = await screen.findByRole('form', { name: 'Delivery docket' })
    await user.click(within(form).getByRole('checkbox', { name: /^VMS-013/ }))
    await user.type(within(form).getByRole('textbox', { name: /^Name of the person on site/ }), 'Sam Site')
    await user.type(
      within(form).getByRole('textbox', { name: /^Their email, for a copy/ }),
      'sam@example.com',
    )
    await sign(user)
    await user.type(within(form).getByRole('textbox', { name: /^Notes/ }), 'Left at gate 3.')
    const before = Date.now()
    await user.click(within(form).getByRole('button', { name: 'Save and send the docket' }))

    expect(await screen.findByText(FIELD_MESSAGES.queued)).toBeTruthy()
    expect(post).not.toHaveBeenCalled()
    const [kept] = await store.list()
    expect(kept?.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(kept?.input).toMatchObject({
      clientId: kept?.clientId,
      stopId: STOP_ID,
      fleetNumbers: ['VMS-012'],
      receivedBy: 'Sam Site',
      receivedByEmail: 'sam@example.com',
      signature: expect.stringMatching(/^data:image\/png;base64,/),
      photos: [],
      notes: 'Left at gate 3.',
    })
    expect(Date.parse(kept?.input.at ?? '')).toBeGreaterThanOrEqual(before - 1000)
    // The unit waiting on the phone is not offered again; the other one is.
    const again = await screen.findByRole('form', { name: 'Delivery docket' })
    expect(
      within(again)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual(['VMS-013'])

    online = true
    await outbox.send(DRIVER)
    expect(await screen.findByText(FIELD_MESSAGES.sent)).toBeTruthy()
    expect(screen.getByText('Reference DK-2026-000009.')).toBeTruthy()
    expect(screen.queryByText(FIELD_MESSAGES.queued)).toBeNull()
    expect(post).toHaveBeenCalledTimes(1)
    expect(await store.list()).toEqual([])
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2))
  })

  it('brings a refused docket back with the server’s answer, and replaces it when it is saved again', async () => {
    const user = userEvent.setup()
    const clientId = '6f1c2a8e-0000-4000-8000-000000000001'
    const refused: QueuedDocket = {
      clientId,
      userId: DRIVER,
      stopId: STOP_ID,
      input: {
        clientId,
        stopId: STOP_ID,
        fleetNumbers: ['VMS-012', 'VMS-099'],
        receivedBy: 'Sam Site',
        receivedByEmail: '',
        signature: 'data:image/png;base64,AAAA',
        photos: [],
        notes: '',
        at: '2026-03-01T20:10:00.000Z',
      },
      queuedAt: '2026-03-01T20:10:00.000Z',
      attempts: 1,
      refused: {
        status: 400,
        message: 'The docket has errors.',
        fields: { fleetNumbers: [FIELD_MESSAGES.unitUnknown] },
      },
    }
    const { store } = show({ items: [refused] })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('This docket was not sent: The docket has errors.')
    const form = screen.getByRole('form', { name: 'Delivery docket' })
    expect((within(form).getByRole('checkbox', { name: /^VMS-012/ }) as HTMLInputElement).checked).toBe(true)
    expect((within(form).getByRole('checkbox', { name: /^VMS-013/ }) as HTMLInputElement).checked).toBe(false)
    const typed = within(form).getByRole('textbox', { name: /^Another unit/ }) as HTMLInputElement
    expect(typed.value).toBe('VMS-099')
    expect(within(form).getByText(FIELD_MESSAGES.unitUnknown)).toBeTruthy()
    await user.clear(typed)
    await user.click(within(form).getByRole('button', { name: 'Save and send the docket' }))
    expect(await screen.findByText(FIELD_MESSAGES.queued)).toBeTruthy()
    const items = await store.list()
    expect(items).toHaveLength(1)
    expect(items[0]?.clientId).not.toBe(clientId)
    expect(items[0]?.input.fleetNumbers).toEqual(['VMS-012'])
    expect(items[0]?.refused).toBeUndefined()
  })

  it('says when a stop is not one of the driver’s', async () => {
    show({
      load: vi.fn(async () => {
        throw new ApiError({ status: 404, message: 'x', body: { Message: FIELD_MESSAGES.stopNotFound } })
      }),
    })
    expect(await screen.findByText(FIELD_MESSAGES.stopNotFound)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
  })

  it('without coverage and nothing saved, says how to have the stop on the phone', async () => {
    show({
      load: vi.fn(async () => {
        throw new ApiError({ status: 0, message: 'No response' })
      }),
    })
    expect(await screen.findByText(STOP_WORDS.notSaved)).toBeTruthy()
  })

  it('hands a 403 to the route', async () => {
    const { onForbidden } = show({
      load: vi.fn(async () => {
        throw new ApiError({ status: 403, message: 'x', body: { Message: FIELD_MESSAGES.notDriver } })
      }),
    })
    await vi.waitFor(() => expect(onForbidden).toHaveBeenCalledWith(FIELD_MESSAGES.notDriver))
  })
})
