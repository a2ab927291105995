import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { BUSY_MESSAGE, ServiceUnavailableError } from './errors.ts'

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane). Argon2id is the library's
 * default algorithm; its const enum cannot be referenced under isolatedModules.
 */
export const OWASP_ARGON2 = Object.freeze({ memoryCost: 19_456, timeCost: 2, parallelism: 1 })

/**
 * The cost new hashes are made with: OWASP_ARGON2. Only the API tests change it (test/helpers/hashing.ts), to a
 * fraction of it, except in the tests of the cost itself; a hash records its cost, which verifying reads from it.
 */
export const argon2Cost: { memoryCost: number; timeCost: number; parallelism: number } = { ...OWASP_ARGON2 }

export interface Limiter {
  /** Runs `task` once fewer than `concurrency` tasks run; 503 at once when `maxQueue` already wait. */
  run<T>(task: () => Promise<T>): Promise<T>
  readonly running: number
  readonly waiting: number
}

/**
 * At most `concurrency` tasks at once, the others waiting in order, at most `maxQueue` of them.
 *
 * Password hashes run on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise),
 * which file reads and compression share. A burst of sign-ins would otherwise take every pool thread
 * and every core for argon2: static files and compressed pages would queue behind the hashes, and
 * the event loop would get a third of a core. Hashes run on all cores but one (argon2 with one lane uses
 * one core; a machine of one core hashes one at a time), which leaves the event loop a core of its own:
 * measured with `npm run bench:load` on two cores, one hash at a time instead of two took the pages' p99
 * from 96 to 78 ms for 54 to 37 sign-ins a second. Past the queue bound a sign-in is refused with 503
 * and Retry-After: a wait of more than about a second helps nobody.
 */
export function createLimiter(concurrency: number, maxQueue: number): Limiter {
  let running = 0
  const queue: Array<() => void> = []
  const release = () => {
    running--
    const next = queue.shift()
    if (next) {
      running++
      next()
    }
  }
  return {
    get running() {
      return running
    },
    get waiting() {
      return queue.length
    },
    async run(task) {
      if (running >= concurrency) {
        if (queue.length >= maxQueue) {
          throw new ServiceUnavailableError(BUSY_MESSAGE, { retryAfterSeconds: 2 })
        }
        await new Promise<void>((resolve) => queue.push(resolve))
      } else {
        running++
      }
      try {
        return await task()
      } finally {
        release()
      }
    },
  }
}

/** How many hashes run at once on a machine of `cores` cores: all but one, at least one. */
export function hashingConcurrency(cores: number): number {
  return Math.max(1, Math.floor(cores) - 1)
}

const concurrency = hashingConcurrency(availableParallelism())
/** About a second of waiting at the machine's hashing rate (some 40 to 45 hashes a second per hashing core). */
export const hashing = createLimiter(concurrency, concurrency * 48)

export function hashPassword(password: string): Promise<string> {
  return hashing.run(() => hash(password, { ...argon2Cost }))
}

/** False for a wrong password and for a malformed hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashing.run(async () => {
    try {
      return await verify(passwordHash, password)
    } catch {
      return false
    }
  })
}
