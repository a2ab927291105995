import type { DialectName, Executor } from '../../db/database.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import {
  deleteStaleThrottleRows,
  deleteThrottleRow,
  findLockedKeys,
  lockThrottleRow,
  updateThrottleRow,
} from './repository.ts'

const MINUTE_MS = 60 * 1000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

export interface ThrottlePolicy {
  /** Events in one window that lock the key (the event that reaches it is still answered normally). */
  max: number
  windowMs: number
  /** The first lock; each further lock doubles it, up to maxLockMs (a growing lock-out). */
  lockMs: number
  maxLockMs: number
  /** The count of locks is forgotten this long after the last lock ended. */
  forgetMs: number
  /** Counts per client address, so RATE_LIMIT_FACTOR scales it (per-account policies never scale). */
  perAddress?: boolean
}

/**
 * The limits of the account endpoints. Sign-ins count failures only (a success clears the account's
 * count); reset requests and registrations count every request.
 */
export const THROTTLE_POLICIES = {
  /** 5 wrong passwords for one account in 15 minutes lock it for 5, 10, 20, 40, then 60 minutes. */
  signInAccount: {
    max: 5,
    windowMs: 15 * MINUTE_MS,
    lockMs: 5 * MINUTE_MS,
    maxLockMs: HOUR_MS,
    forgetMs: DAY_MS,
  },
  /** A browser that signed in before (a device cookie) has a budget of its own, like an account's. */
  signInDevice: {
    max: 5,
    windowMs: 15 * MINUTE_MS,
    lockMs: 5 * MINUTE_MS,
    maxLockMs: HOUR_MS,
    forgetMs: DAY_MS,
  },
  /** 30 failed sign-ins from one address in 15 minutes lock it for 15 minutes, doubling up to a day. */
  signInAddress: {
    max: 30,
    perAddress: true,
    windowMs: 15 * MINUTE_MS,
    lockMs: 15 * MINUTE_MS,
    maxLockMs: DAY_MS,
    forgetMs: DAY_MS,
  },
  /** 3 reset requests for one email address in 15 minutes, then 15 minutes' wait, doubling up to a day. */
  resetEmail: {
    max: 3,
    windowMs: 15 * MINUTE_MS,
    lockMs: 15 * MINUTE_MS,
    maxLockMs: DAY_MS,
    forgetMs: DAY_MS,
  },
  /** 10 reset requests from one address in 15 minutes, then 15 minutes' wait, doubling up to a day. */
  resetAddress: {
    max: 10,
    perAddress: true,
    windowMs: 15 * MINUTE_MS,
    lockMs: 15 * MINUTE_MS,
    maxLockMs: DAY_MS,
    forgetMs: DAY_MS,
  },
  /** 10 registrations from one address in an hour, then an hour's wait, doubling up to a day. */
  registerAddress: {
    max: 10,
    perAddress: true,
    windowMs: HOUR_MS,
    lockMs: HOUR_MS,
    maxLockMs: DAY_MS,
    forgetMs: DAY_MS,
  },
} as const satisfies Record<string, ThrottlePolicy>

export interface Throttle {
  /** 429 with Retry-After (the longest remaining lock) when any of the keys is locked. */
  check(keys: string[]): Promise<void>
  /** Counts one event for a key, and locks the key when the window's count reaches the policy's max. */
  record(key: string, policy: ThrottlePolicy): Promise<void>
  /**
   * Takes one attempt before it is judged: false (and nothing counted) when the key is locked, else counts it as
   * record does. In one locked read and write, so attempts made at the same moment cannot all pass a check made
   * before any of them was counted. A success then clears the key.
   */
  take(key: string, policy: ThrottlePolicy): Promise<boolean>
  /** Forgets a key: its count, its lock and its lock count (a successful sign-in, a password reset). */
  clear(key: string): Promise<void>
}

export interface ThrottleDeps {
  db: Executor
  dialect: DialectName
  clock: Clock
  /** RATE_LIMIT_FACTOR: multiplies the max of per-address policies. */
  addressFactor?: number
}

/**
 * Lock-out state kept in the database (table login_throttle), so that every instance shares it.
 * Unlike a plain rate-limit counter it can be read without counting, which lets a sign-in count
 * only its failures and still refuse a correct password while the account is locked.
 */
export function createThrottle({ db, dialect, clock, addressFactor = 1 }: ThrottleDeps): Throttle {
  let nextSweep = 0
  /** Counts one event under the row's lock; with `refuseWhileLocked`, a locked key counts nothing: false. */
  async function count(key: string, policy: ThrottlePolicy, refuseWhileLocked: boolean): Promise<boolean> {
    const now = clock()
    const at = now.getTime()
    if (at >= nextSweep) {
      nextSweep = at + HOUR_MS
      await deleteStaleThrottleRows(db, now)
    }
    return db.transaction().execute(async (trx) => {
      const row = await lockThrottleRow(trx, key, now, dialect === 'postgres')
      const windowEnded = Date.parse(row.window_ends_at) <= at
      const lockedNow = row.locked_until !== null && Date.parse(row.locked_until) > at
      if (lockedNow && refuseWhileLocked) return false
      const forgotten = !lockedNow && Date.parse(row.forget_at) <= at
      let failures = windowEnded ? 1 : row.failures + 1
      let windowEndsAt = windowEnded ? new Date(at + policy.windowMs).toISOString() : row.window_ends_at
      let lockouts = forgotten ? 0 : row.lockouts
      let lockedUntil = row.locked_until
      let forgetAt = row.forget_at
      const max = policy.perAddress ? policy.max * addressFactor : policy.max
      if (failures >= max) {
        const lockMs = Math.min(policy.lockMs * 2 ** lockouts, policy.maxLockMs)
        lockedUntil = new Date(at + lockMs).toISOString()
        lockouts += 1
        failures = 0
        windowEndsAt = now.toISOString()
        forgetAt = new Date(at + lockMs + policy.forgetMs).toISOString()
      } else if (Date.parse(forgetAt) < Date.parse(windowEndsAt)) {
        forgetAt = windowEndsAt
      }
      await updateThrottleRow(trx, {
        key,
        failures,
        window_ends_at: windowEndsAt,
        locked_until: lockedUntil,
        lockouts,
        forget_at: forgetAt,
      })
      return true
    })
  }

  return {
    async check(keys) {
      const now = clock()
      const locked = await findLockedKeys(db, keys, now)
      if (locked.length === 0) return
      const until = Math.max(...locked.map((row) => Date.parse(row.locked_until)))
      throw new TooManyRequestsError(Math.max(1, Math.ceil((until - now.getTime()) / 1000)))
    },

    async record(key, policy) {
      await count(key, policy, false)
    },

    take: (key, policy) => count(key, policy, true),

    clear: (key) => deleteThrottleRow(db, key),
  }
}
