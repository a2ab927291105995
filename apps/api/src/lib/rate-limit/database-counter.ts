import type { Executor } from '../../db/database.ts'
import { type Clock, systemClock } from '../time.ts'
import type { RateLimitCounter } from './counter.ts'
import { deleteCounter, deleteExpiredCounters, hitCounter } from './repository.ts'

const PURGE_EVERY_MS = 60_000

export function createDatabaseCounter(db: Executor, clock: Clock = systemClock): RateLimitCounter {
  let nextPurge = 0
  return {
    kind: 'database',
    async hit(key, windowMs) {
      const now = clock()
      // Ended windows are dead rows; sweep them now and then rather than on every hit.
      if (now.getTime() >= nextPurge) {
        nextPurge = now.getTime() + PURGE_EVERY_MS
        await deleteExpiredCounters(db, now)
      }
      const row = await hitCounter(db, key, windowMs, now)
      return { count: Number(row.count), ttlMs: Math.max(0, Date.parse(row.reset_at) - now.getTime()) }
    },
    reset: (key) => deleteCounter(db, key),
  }
}
