/**
 * autocannon, with types for the little the benchmarks use (the package ships none).
 *
 * A closed load: each connection sends its next request when the previous answer is in, so a slow
 * server slows the load down. With `overallRate` every connection gets an equal share from a
 * setInterval started for all of them at once: the requests of a second leave in one burst. For a
 * steady rate, use open-load.ts.
 */
// @ts-expect-error: autocannon ships no types; `cannon` below describes the little used.
import autocannon from 'autocannon'

export interface CannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  /** Called before each request is sent; returns the request to send. */
  setupRequest?: (request: CannonRequest) => CannonRequest
  onResponse?: (status: number, body: string) => void
}

export interface CannonOptions {
  url: string
  connections?: number
  /** Seconds. */
  duration?: number
  /** Requests per second over all connections. */
  overallRate?: number
  /** Seconds before a request counts as a timeout. */
  timeout?: number
  requests?: CannonRequest[]
}

export interface CannonResult {
  /** Seconds. */
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  '2xx': number
  requests: { total: number }
  /** Milliseconds. */
  latency: { p50: number; p90: number; p99: number; max: number }
}

/** A running instance: a promise of the result, with events for each response and error. */
export interface CannonInstance extends Promise<CannonResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
  on(event: 'reqError', listener: (error: Error) => void): void
}

export const cannon = autocannon as unknown as (options: CannonOptions) => CannonInstance
