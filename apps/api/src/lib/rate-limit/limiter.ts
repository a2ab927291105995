import { TooManyRequestsError } from '../errors.ts'
import type { RateLimitCounter } from './counter.ts'

export interface LimiterOptions {
  /** Namespaces the keys, e.g. 'login-account'. */
  name: string
  max: number
  windowMs: number
}

export interface LimitResult {
  allowed: boolean
  remaining: number
  retryAfterSeconds: number
}

export interface Limiter {
  /** Counts one attempt for key. */
  consume(key: string): Promise<LimitResult>
  /** Counts one attempt and throws TooManyRequestsError (429, Retry-After) past the limit. */
  enforce(key: string): Promise<void>
  reset(key: string): Promise<void>
}

/**
 * A limiter for service code that counts by something other than the route, e.g. failed
 * sign-ins per account. Uses the same shared store as the route limits.
 */
export function createLimiter(app: { rateLimitCounter: RateLimitCounter }, options: LimiterOptions): Limiter {
  const counter = app.rateLimitCounter
  const keyOf = (key: string) => `limiter:${options.name}:${key}`

  const consume = async (key: string): Promise<LimitResult> => {
    const { count, ttlMs } = await counter.hit(keyOf(key), options.windowMs)
    return {
      allowed: count <= options.max,
      remaining: Math.max(0, options.max - count),
      retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
    }
  }

  return {
    consume,
    async enforce(key) {
      const result = await consume(key)
      if (!result.allowed) throw new TooManyRequestsError(result.retryAfterSeconds)
    },
    reset: (key) => counter.reset(keyOf(key)),
  }
}
