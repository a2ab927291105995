import { DOCKET_DB_NAME, openIdbDocketStore } from './idb-store.ts'

/**
 * How many dockets this phone still holds for the user, sent or not yet accepted (ADR 050): signing out keeps
 * them, but the driver is warned first. A browser that never kept one is not asked to make the queue's database.
 */
export async function unsentDockets(userId: string | undefined, factory?: IDBFactory): Promise<number> {
  const idb = factory ?? (typeof indexedDB === 'undefined' ? undefined : indexedDB)
  if (!idb || !userId) return 0
  if (typeof idb.databases === 'function') {
    const names = (await idb.databases()).map((database) => database.name)
    if (!names.includes(DOCKET_DB_NAME)) return 0
  }
  const store = await openIdbDocketStore(idb)
  return (await store.list()).filter((item) => item.userId === userId).length
}
