import type { RateLimitCounter } from './counter.ts'

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void

interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string }
}

/**
 * Adapts a RateLimitCounter to @fastify/rate-limit's store interface. The plugin instantiates
 * the store itself, so the counter is bound in a class made for it.
 */
export function rateLimitStore(counter: RateLimitCounter) {
  return class CounterStore {
    readonly prefix: string

    constructor(_options: unknown, prefix = 'route:') {
      this.prefix = prefix
    }

    incr(key: string, callback: IncrCallback, timeWindow: number): void {
      counter.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      )
    }

    /** Each limited route gets its own counters, keyed by method and URL. */
    child(options: object): CounterStore {
      const { method, url } = (options as ChildOptions).routeInfo ?? {}
      const route = method && url ? `${[method].flat().join(',')}:${url}:` : ''
      return new CounterStore(undefined, `${this.prefix}${route}`)
    }
  }
}
