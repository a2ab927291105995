import { type Docket, type DocketInput, FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../lib/api-client.ts'
import {
  createMemoryDocketStore,
  createOutbox,
  type DocketStore,
  keepSending,
  type QueuedDocket,
  verdictOf,
  waitingFor,
} from './outbox.ts'

const DRIVER = '41'

function values(stopId = 7): Omit<DocketInput, 'clientId'> {
  return {
    stopId,
    fleetNumbers: ['VMS-012'],
    receivedBy: 'Sam Site',
    receivedByEmail: '',
    signature: 'data:image/png;base64,iVBORw0KGgo=',
    photos: [],
    notes: '',
    at: '2026-03-02T20:05:00.000Z',
  }
}

function docketFor(input: DocketInput): Docket {
  return {
    id: 1,
    reference: 'DK-2026-000001',
    clientId: input.clientId,
    kind: 'delivery',
    stopId: input.stopId,
    bookingId: 3,
    bookingReference: 'BK-2026-000003',
    offHireNumber: null,
    at: input.at,
    receivedAt: '2026-03-02T20:06:00.000Z',
    receivedBy: input.receivedBy,
    driverName: 'Dana Driver',
    units: [{ fleetNumber: 'VMS-012', typeName: 'VMS board' }],
    photoCount: 0,
    notes: '',
    pdfReady: false,
  }
}

const noAnswer = () => new ApiError({ status: 0, message: 'No response' })
const answered = (status: number, body: unknown = {}, modelState?: Record<string, string[]>) =>
  new ApiError({ status, message: 'failed', body, ...(modelState ? { modelState } : {}) })

/** A store that records the order of what happens to it. */
function recordingStore(log: string[], inner: DocketStore = createMemoryDocketStore()): DocketStore {
  return {
    list: () => inner.list(),
    put: async (docket) => {
      log.push(`put ${docket.clientId}`)
      await inner.put(docket)
    },
    remove: async (clientId) => {
      log.push(`remove ${clientId}`)
      await inner.remove(clientId)
    },
  }
}

function setUp(post: (input: DocketInput) => Promise<{ docket: Docket }>, online = () => true) {
  const log: string[] = []
  const store = recordingStore(log)
  let id = 0
  const outbox = createOutbox({
    store,
    post: async (input) => {
      log.push(`post ${input.clientId}`)
      return post(input)
    },
    isOnline: online,
    newId: () => `00000000-0000-4000-8000-00000000000${++id}`,
    now: () => new Date('2026-03-02T20:05:30.000Z'),
  })
  return { outbox, store, log }
}

describe('the docket queue (ADR 050)', () => {
  it('keeps a docket on the phone first, then sends it and lets it go on 201', async () => {
    const { outbox, store, log } = setUp(async (input) => ({ docket: docketFor(input) }))
    const queued = await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    expect(queued.input.clientId).toBe(queued.clientId)
    expect(log).toEqual([`put ${queued.clientId}`, `post ${queued.clientId}`, `remove ${queued.clientId}`])
    expect(await store.list()).toEqual([])
    expect(outbox.snapshot().sent).toEqual([
      expect.objectContaining({
        clientId: queued.clientId,
        stopId: 7,
        docket: expect.objectContaining({ reference: 'DK-2026-000001' }),
      }),
    ])
  })

  it.each([
    ['no answer', noAnswer()],
    ['a 500', answered(500)],
    ['a 503', answered(503)],
    ['a 408', answered(408)],
    ['a 429', answered(429)],
  ])('keeps the docket after %s, and sends the same docket (same id) on the next try', async (_, failure) => {
    let fail = true
    const { outbox, store } = setUp(async (input) => {
      if (fail) throw failure
      return { docket: docketFor(input) }
    })
    const queued = await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    const [kept] = await store.list()
    expect(kept).toMatchObject({ clientId: queued.clientId, attempts: 1, input: queued.input })
    expect(kept?.refused).toBeUndefined()
    expect(waitingFor(outbox.snapshot(), DRIVER)).toHaveLength(1)

    fail = false
    await outbox.send(DRIVER)
    expect(await store.list()).toEqual([])
    expect(outbox.snapshot().sent.map((sent) => sent.clientId)).toEqual([queued.clientId])
  })

  it('lets a docket go on 200 too: the server saved it on an earlier try whose answer was lost', async () => {
    const { outbox, store } = setUp(async (input) => ({ docket: docketFor(input) }))
    await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    expect(await store.list()).toEqual([])
  })

  it('keeps a refused docket with its answer for the driver to fix, and does not send it again', async () => {
    const post = vi.fn(async (): Promise<{ docket: Docket }> => {
      throw answered(
        400,
        { Message: 'The docket has errors.' },
        { fleetNumbers: [FIELD_MESSAGES.unitUnknown] },
      )
    })
    const { outbox, store } = setUp(post)
    const queued = await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    const [kept] = await store.list()
    expect(kept?.refused).toEqual({
      status: 400,
      message: 'The docket has errors.',
      fields: { fleetNumbers: [FIELD_MESSAGES.unitUnknown] },
    })
    expect(waitingFor(outbox.snapshot(), DRIVER)).toEqual([])
    await outbox.send(DRIVER)
    expect(post).toHaveBeenCalledTimes(1)

    // The corrected docket gets an id of its own and replaces the refused one, which stays until it is kept.
    post.mockImplementation(async () => ({ docket: docketFor({ ...values(), clientId: 'x' }) }))
    const corrected = await outbox.add(DRIVER, { ...values(), fleetNumbers: ['VMS-013'] }, queued.clientId)
    await outbox.send(DRIVER)
    expect(corrected.clientId).not.toBe(queued.clientId)
    expect(await store.list()).toEqual([])
  })

  it('puts the corrected docket in before the refused one goes', async () => {
    const { outbox, log } = setUp(async () => {
      throw noAnswer()
    })
    const first = await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    log.length = 0
    const second = await outbox.add(DRIVER, values(), first.clientId)
    expect(log.slice(0, 2)).toEqual([`put ${second.clientId}`, `remove ${first.clientId}`])
  })

  it('tries nothing while the phone says it is offline, and sends when it is back', async () => {
    let online = false
    const post = vi.fn(async (input: DocketInput) => ({ docket: docketFor(input) }))
    const { outbox, store } = setUp(post, () => online)
    await outbox.add(DRIVER, values())
    await outbox.send(DRIVER)
    expect(post).not.toHaveBeenCalled()
    expect(await store.list()).toHaveLength(1)
    online = true
    await outbox.send(DRIVER)
    expect(post).toHaveBeenCalledTimes(1)
    expect(await store.list()).toEqual([])
  })

  it('sends each docket once when sends are asked for at the same time', async () => {
    const post = vi.fn(async (input: DocketInput) => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return { docket: docketFor(input) }
    })
    const { outbox } = setUp(post, () => false)
    await outbox.add(DRIVER, values(7))
    await outbox.add(DRIVER, values(8))
    const online = setUp(post)
    // The same queue seen by an outbox that is online.
    for (const item of outbox.snapshot().queued) await online.store.put(item)
    await Promise.all([online.outbox.send(DRIVER), online.outbox.send(DRIVER), online.outbox.send(DRIVER)])
    expect(post).toHaveBeenCalledTimes(2)
    expect(await online.store.list()).toEqual([])
  })

  it('sends the oldest first and stops at the first that cannot reach the server', async () => {
    const store = createMemoryDocketStore([
      queuedItem('b', '2026-03-02T21:00:00.000Z'),
      queuedItem('a', '2026-03-02T20:00:00.000Z'),
    ])
    const post = vi.fn(async (_input: DocketInput): Promise<{ docket: Docket }> => {
      throw noAnswer()
    })
    const outbox = createOutbox({ store, post })
    await outbox.send(DRIVER)
    expect(post).toHaveBeenCalledTimes(1)
    expect(post.mock.calls[0]?.[0]).toMatchObject({ clientId: 'a' })
  })

  it('sends only the signed-in driver’s dockets', async () => {
    const store = createMemoryDocketStore([
      queuedItem('mine', '2026-03-02T20:00:00.000Z'),
      { ...queuedItem('theirs', '2026-03-02T20:00:00.000Z'), userId: '99' },
    ])
    const post = vi.fn(async (input: DocketInput) => ({ docket: docketFor(input) }))
    const outbox = createOutbox({ store, post })
    await outbox.send(DRIVER)
    expect(post.mock.calls.map(([input]) => input.clientId)).toEqual(['mine'])
    expect((await store.list()).map((item) => item.clientId)).toEqual(['theirs'])
  })

  it('reads the queue again when another tab changes it', async () => {
    let hear: () => void = () => undefined
    const store = createMemoryDocketStore()
    const outbox = createOutbox({
      store,
      post: async (input) => ({ docket: docketFor(input) }),
      channel: {
        post: () => undefined,
        listen: (listener) => {
          hear = listener
          return () => undefined
        },
      },
    })
    await outbox.load()
    await store.put(queuedItem('other-tab', '2026-03-02T20:00:00.000Z'))
    hear()
    await vi.waitFor(() => expect(outbox.snapshot().queued).toHaveLength(1))
  })
})

function queuedItem(clientId: string, queuedAt: string): QueuedDocket {
  return {
    clientId,
    userId: DRIVER,
    stopId: 7,
    input: { ...values(), clientId },
    queuedAt,
    attempts: 0,
  }
}

describe('what an answer means for a queued docket', () => {
  it.each([
    [0, 'retry'],
    [401, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [400, 'refused'],
    [403, 'refused'],
    [404, 'refused'],
    [409, 'refused'],
    [413, 'refused'],
  ] as const)('%i: %s', (status, verdict) => {
    expect(verdictOf(new ApiError({ status, message: '' }))).toBe(verdict)
  })
})

describe('when the phone tries again', () => {
  function fakeWindow(visibility: DocumentVisibilityState) {
    const listeners = new Map<string, () => void>()
    const documentListeners = new Map<string, () => void>()
    const doc = {
      visibilityState: visibility,
      addEventListener: (type: string, listener: () => void) => documentListeners.set(type, listener),
      removeEventListener: (type: string) => documentListeners.delete(type),
    }
    return {
      target: {
        addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
        removeEventListener: (type: string) => listeners.delete(type),
        setInterval: (handler: () => void, ms: number) => setInterval(handler, ms),
        clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
        document: doc,
      },
      doc,
      listeners,
      documentListeners,
    }
  }

  it('at once, when online again, every 30 s while the page is visible and when it is shown again', () => {
    vi.useFakeTimers()
    try {
      const send = vi.fn()
      const { target, doc, listeners, documentListeners } = fakeWindow('visible')
      const stop = keepSending(send, target as never)
      expect(send).toHaveBeenCalledTimes(1)
      listeners.get('online')?.()
      expect(send).toHaveBeenCalledTimes(2)
      vi.advanceTimersByTime(30_000)
      expect(send).toHaveBeenCalledTimes(3)
      doc.visibilityState = 'hidden'
      vi.advanceTimersByTime(60_000)
      expect(send).toHaveBeenCalledTimes(3)
      doc.visibilityState = 'visible'
      documentListeners.get('visibilitychange')?.()
      expect(send).toHaveBeenCalledTimes(4)
      stop()
      expect(listeners.size).toBe(0)
      vi.advanceTimersByTime(60_000)
      expect(send).toHaveBeenCalledTimes(4)
    } finally {
      vi.useRealTimers()
    }
  })
})
