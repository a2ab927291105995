import type { Docket, DocketInput, DocketReceipt } from '@signalway/shared/field-operations'
import { isApiError, type ModelState, serverMessage } from '../../lib/api-client.ts'

/*
 * The phone's docket queue (ADR 050, requirements §21): a docket is kept in the browser's storage FIRST, with the
 * id the phone made for it, and only then sent. It leaves the queue when the server answers 200 or 201 (201 saved
 * now, 200 saved by an earlier try whose answer never arrived), and stays on a network error, a 5xx, 408 or 429, to
 * be sent again when the phone is online, when a runs page loads and every 30 s while one is visible. Any other 4xx
 * is the driver's to fix: the docket stays, marked with the answer, until they send it again. Nothing here ever
 * drops a docket the server has not saved. The storage is injected: IndexedDB in the browser (idb-store.ts), a
 * map in the tests.
 */

export interface QueuedDocket {
  clientId: string
  /** The driver who was signed in when it was signed: only they send it. */
  userId: string
  stopId: number
  input: DocketInput
  /** When it went into the queue (an instant). */
  queuedAt: string
  attempts: number
  lastTriedAt?: string
  /** The server refused it (a 4xx other than 408 and 429): kept until the driver sends a corrected one. */
  refused?: Refusal
}

export interface Refusal {
  status: number
  message: string
  fields: ModelState
}

export interface DocketStore {
  list(): Promise<QueuedDocket[]>
  put(docket: QueuedDocket): Promise<void>
  remove(clientId: string): Promise<void>
}

/** A docket that reached the server while this page was open: what "Docket sent." is said of. */
export interface SentDocket {
  clientId: string
  stopId: number
  userId: string
  docket: Docket
}

export interface OutboxSnapshot {
  /** The queue has been read from the storage. */
  loaded: boolean
  queued: readonly QueuedDocket[]
  sent: readonly SentDocket[]
  sending: boolean
}

export interface OutboxDeps {
  store: DocketStore | (() => Promise<DocketStore>)
  post: (input: DocketInput) => Promise<DocketReceipt>
  /** false when the phone knows it has no connection: nothing is tried until it has. */
  isOnline?: () => boolean
  now?: () => Date
  newId?: () => string
  /** Runs a send while no other tab of the app sends (the Web Locks API in the browser). */
  exclusive?: <T>(task: () => Promise<T>) => Promise<T>
  /** Tells the other tabs that the queue changed, and hears them. */
  channel?: QueueChannel
}

export interface QueueChannel {
  post(): void
  listen(listener: () => void): () => void
}

export interface Outbox {
  subscribe(listener: () => void): () => void
  snapshot(): OutboxSnapshot
  /** Reads the queue from the storage (again). */
  load(): Promise<void>
  /**
   * Keeps a signed docket on the phone under a new client-made id, replacing the refused one it corrects if
   * given, and starts sending. Resolves once it is stored.
   */
  add(userId: string, docket: Omit<DocketInput, 'clientId'>, replacing?: string): Promise<QueuedDocket>
  /** Sends the driver's waiting dockets, oldest first; one send at a time (a call during one joins it). */
  send(userId: string): Promise<void>
}

/** What an answer means for a queued docket: try again later, or the driver has to fix it. */
export function verdictOf(error: unknown): 'retry' | 'refused' {
  if (!isApiError(error)) return 'retry'
  const { status } = error
  // 0: no answer. 401: the sign-in could not be renewed; the docket waits for the driver to sign in again.
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'retry'
  return 'refused'
}

function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return { status: 0, message: String(error), fields: {} }
  return {
    status: error.status,
    message: serverMessage(error) ?? error.message,
    fields: error.modelState ?? {},
  }
}

export function createMemoryDocketStore(initial: readonly QueuedDocket[] = []): DocketStore {
  const items = new Map(initial.map((item) => [item.clientId, structuredClone(item)]))
  return {
    list: async () => [...items.values()].map((item) => structuredClone(item)),
    put: async (docket) => {
      items.set(docket.clientId, structuredClone(docket))
    },
    remove: async (clientId) => {
      items.delete(clientId)
    },
  }
}

const byQueuedAt = (a: QueuedDocket, b: QueuedDocket) => a.queuedAt.localeCompare(b.queuedAt)

export function createOutbox(deps: OutboxDeps): Outbox {
  const isOnline = deps.isOnline ?? (() => true)
  const now = deps.now ?? (() => new Date())
  const newId = deps.newId ?? (() => crypto.randomUUID())
  const exclusive = deps.exclusive ?? ((task) => task())
  const listeners = new Set<() => void>()
  let state: OutboxSnapshot = { loaded: false, queued: [], sent: [], sending: false }
  let storePromise: Promise<DocketStore> | undefined
  let inFlight: Promise<void> | undefined
  let again = false

  const store = () => {
    storePromise ??= typeof deps.store === 'function' ? deps.store() : Promise.resolve(deps.store)
    return storePromise
  }
  const update = (change: Partial<OutboxSnapshot>) => {
    state = { ...state, ...change }
    for (const listener of listeners) listener()
  }
  const load = async () => {
    const queued = (await (await store()).list()).sort(byQueuedAt)
    update({ loaded: true, queued })
  }
  const changed = async () => {
    await load()
    deps.channel?.post()
  }

  /** One pass over the queue; stops at the first docket that could not reach the server. */
  const sendWaiting = async (userId: string) => {
    const storage = await store()
    const waiting = (await storage.list())
      .filter((item) => item.userId === userId && !item.refused)
      .sort(byQueuedAt)
    for (const item of waiting) {
      if (!isOnline()) return
      try {
        const { docket } = await deps.post(item.input)
        await storage.remove(item.clientId)
        const sent = { clientId: item.clientId, stopId: item.stopId, userId, docket }
        update({ sent: [...state.sent.filter((each) => each.clientId !== item.clientId), sent] })
      } catch (error) {
        const tried = { ...item, attempts: item.attempts + 1, lastTriedAt: now().toISOString() }
        if (verdictOf(error) === 'retry') {
          await storage.put(tried)
          return
        }
        await storage.put({ ...tried, refused: refusalOf(error) })
      } finally {
        await changed()
      }
    }
  }

  const send = (userId: string): Promise<void> => {
    if (inFlight) return inFlight
    const run = async () => {
      update({ sending: true })
      try {
        do {
          again = false
          await exclusive(() => sendWaiting(userId))
        } while (again && isOnline())
      } finally {
        inFlight = undefined
        update({ sending: false })
      }
    }
    inFlight = run()
    return inFlight
  }

  deps.channel?.listen(() => {
    void load()
  })

  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    snapshot: () => state,
    load,
    async add(userId, docket, replacing) {
      const clientId = newId()
      const queued: QueuedDocket = {
        clientId,
        userId,
        stopId: docket.stopId,
        input: { ...docket, clientId },
        queuedAt: now().toISOString(),
        attempts: 0,
      }
      const storage = await store()
      await storage.put(queued)
      // The corrected docket is kept before the refused one goes: the phone holds one of them at every moment.
      if (replacing) await storage.remove(replacing)
      await changed()
      // A send under way may have read the queue before this docket was in it: it goes round once more.
      if (inFlight) again = true
      void send(userId)
      return queued
    },
    send,
  }
}

/**
 * Sends when it may have become possible: now, when the phone comes online, when the page is shown again and
 * every `intervalMs` while it is visible. Returns the function that stops it.
 */
export function keepSending(
  send: () => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener' | 'setInterval' | 'clearInterval'> & {
    document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>
  },
  intervalMs = 30_000,
): () => void {
  const visible = () => target.document.visibilityState === 'visible'
  const onVisibility = () => {
    if (visible()) send()
  }
  const tick = () => {
    if (visible()) send()
  }
  send()
  target.addEventListener('online', send)
  target.document.addEventListener('visibilitychange', onVisibility)
  const timer = target.setInterval(tick, intervalMs)
  return () => {
    target.removeEventListener('online', send)
    target.document.removeEventListener('visibilitychange', onVisibility)
    target.clearInterval(timer)
  }
}

/** The stops' dockets waiting on the phone (not refused), for one driver. */
export function waitingFor(snapshot: OutboxSnapshot, userId: string | undefined): QueuedDocket[] {
  return snapshot.queued.filter((item) => item.userId === userId && !item.refused)
}
