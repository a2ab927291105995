import { createContext, useContext, useEffect, useSyncExternalStore } from 'react'
import { postDocket } from './api/runs.ts'
import { openIdbDocketStore } from './idb-store.ts'
import {
  createMemoryDocketStore,
  createOutbox,
  keepSending,
  type Outbox,
  type OutboxSnapshot,
  type QueueChannel,
} from './outbox.ts'

/** The page's outbox; the browser's own (IndexedDB) unless a test provides one. */
export const OutboxContext = createContext<Outbox | null>(null)

const QUEUE_NAME = 'signalway-dockets'

function tabsChannel(): QueueChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined
  const channel = new BroadcastChannel(QUEUE_NAME)
  return {
    post: () => channel.postMessage('changed'),
    listen: (listener) => {
      channel.addEventListener('message', listener)
      return () => channel.removeEventListener('message', listener)
    },
  }
}

function oneTabAtATime<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  return locks ? (locks.request(QUEUE_NAME, task) as Promise<T>) : task()
}

let browser: Outbox | undefined

/**
 * The browser's outbox: the queue in IndexedDB (in memory where the browser has none, so a docket is still sent
 * while the page stays open), sent through the API client, one tab at a time.
 */
export function browserOutbox(): Outbox {
  browser ??= createOutbox({
    store: () => openIdbDocketStore().catch(() => createMemoryDocketStore()),
    post: (input) => postDocket(input),
    isOnline: () => navigator.onLine !== false,
    exclusive: oneTabAtATime,
    channel: tabsChannel(),
  })
  return browser
}

const NOTHING_YET: OutboxSnapshot = { loaded: false, queued: [], sent: [], sending: false }
const serverOutbox: Outbox = {
  subscribe: () => () => undefined,
  snapshot: () => NOTHING_YET,
  load: async () => undefined,
  add: () => Promise.reject(new Error('Dockets are kept in the browser only.')),
  send: async () => undefined,
}

export function useOutbox(): { outbox: Outbox; snapshot: OutboxSnapshot } {
  const provided = useContext(OutboxContext)
  const outbox = provided ?? (typeof window === 'undefined' ? serverOutbox : browserOutbox())
  const snapshot = useSyncExternalStore(outbox.subscribe, outbox.snapshot, () => NOTHING_YET)
  return { outbox, snapshot }
}

/** While a runs page is open: the queue read, and the driver's dockets sent whenever that may work. */
export function useKeepSending(outbox: Outbox, userId: string | undefined): void {
  useEffect(() => {
    void outbox.load()
    if (!userId) return
    return keepSending(() => void outbox.send(userId), window)
  }, [outbox, userId])
}
