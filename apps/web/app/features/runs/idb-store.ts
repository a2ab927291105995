import type { DocketStore, QueuedDocket } from './outbox.ts'

/*
 * The docket queue in the browser's IndexedDB (ADR 050): one object store of queued dockets by their client-made id.
 * It outlives the page, the tab and the sign-in: a docket signed without coverage is still there when the phone is
 * switched on again days later.
 */

export const DOCKET_DB_NAME = 'signalway-runs'
const DOCKET_DB_VERSION = 1
const DOCKETS = 'dockets'

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed.'))
  })
}

function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted.'))
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'))
  })
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DOCKET_DB_NAME, DOCKET_DB_VERSION)
  request.onupgradeneeded = () => {
    if (!request.result.objectStoreNames.contains(DOCKETS))
      request.result.createObjectStore(DOCKETS, { keyPath: 'clientId' })
  }
  return done(request)
}

export async function openIdbDocketStore(factory: IDBFactory = indexedDB): Promise<DocketStore> {
  const db = await open(factory)
  const write = async (change: (store: IDBObjectStore) => void) => {
    const transaction = db.transaction(DOCKETS, 'readwrite')
    change(transaction.objectStore(DOCKETS))
    await committed(transaction)
  }
  return {
    list: () =>
      done(db.transaction(DOCKETS, 'readonly').objectStore(DOCKETS).getAll()) as Promise<QueuedDocket[]>,
    put: (docket) => write((store) => store.put(docket)),
    remove: (clientId) => write((store) => store.delete(clientId)),
  }
}
