/**
 * An open-loop load at a constant rate, as wrk2 makes it: request n is due at n * 1000 / rate ms
 * after the start, whether or not the earlier ones have been answered, and its latency is counted
 * from that due time, not from when it left. A server that stalls for a second therefore shows a
 * second of latency on every request that fell due meanwhile, as the people behind them would
 * feel it, instead of hiding them by sending them late ("coordinated omission").
 *
 * autocannon cannot do this: with `overallRate` each connection sends one request per tick of a
 * setInterval started for all connections at the same moment, so a rate of 50/s over 50
 * connections is one burst of 50 requests at the start of every second, and its latency measures
 * how that burst queues; without a rate each connection waits for its answer (a closed loop).
 *
 * Requests go over a keep-alive pool of node:http (undici is not a dependency; at a few hundred
 * requests a second its cost is noise). When every socket of the pool is busy a request waits for
 * one, and that wait is part of its latency.
 */
import { Agent, request as httpRequest } from 'node:http'
import { percentile } from './stats.ts'

export interface OpenRequest {
  method?: string
  /** Path and query, appended to the origin of `url`. */
  path: string
  headers?: Record<string, string>
  body?: string
}

export interface OpenLoadOptions {
  /** http://host:port of the server. */
  url: string
  /** Requests per second. */
  rate: number
  /** Seconds: rate * duration requests in all. */
  duration: number
  /** The keep-alive pool's size (http.Agent maxSockets). Default 64. */
  connections?: number
  /** A request without its whole answer this long after it was sent is abandoned as an error (ms). Default 30 s. */
  timeoutMs?: number
  /** The n-th request (from 0). */
  request: (n: number) => OpenRequest
}

/** One request's outcome: its status, or the error that ended it; ms from its due time to the end. */
export interface Sample {
  status?: number
  error?: string
  latencyMs: number
  /** When the answer was complete, ms from the start of the run (answers only). */
  endedAtMs?: number
}

export interface OpenLoadResult {
  /** The rate asked for (per second) and the schedule's length (s). */
  rate: number
  seconds: number
  requests: number
  ok: number
  non2xx: number
  /** Socket errors and timeouts: these have no latency. */
  errors: number
  /**
   * 2xx answers per second, from the first 2xx answer to the last, one interval added (n answers
   * span n - 1 intervals): `rate` when the server keeps up, less when a queue builds.
   */
  achievedRate: number
  /** Of every answer (2xx or not), ms from its due time. */
  latency: { p50: number; p90: number; p99: number; max: number }
  /** How late the generator itself sent its most delayed request (ms): well above a few ms, the client machine was the bottleneck. */
  maxSendLagMs: number
}

/** When each request is due, in ms from the start: evenly spaced at 1000 / rate. */
export function dueTimes(rate: number, durationSeconds: number): number[] {
  if (!(rate > 0) || !(durationSeconds > 0)) throw new Error('The rate and the duration must be above 0.')
  const count = Math.round(rate * durationSeconds)
  const interval = 1000 / rate
  return Array.from({ length: count }, (_, n) => n * interval)
}

const round = (ms: number) => Math.round(ms * 10) / 10

/** The figures of a run from its samples. */
export function summarise(
  samples: readonly Sample[],
  { rate, seconds, maxSendLagMs = 0 }: { rate: number; seconds: number; maxSendLagMs?: number },
): OpenLoadResult {
  const answered = samples.filter((sample) => sample.status !== undefined)
  const isOk = (status: number | undefined) => status !== undefined && status >= 200 && status < 300
  const okEnds = answered
    .filter((sample) => isOk(sample.status))
    .map((sample) => sample.endedAtMs ?? 0)
    .sort((a, b) => a - b)
  const interval = 1000 / rate
  const span = okEnds.length > 0 ? (okEnds.at(-1) as number) - (okEnds[0] as number) + interval : 0
  const latencies = answered.map((sample) => sample.latencyMs).sort((a, b) => a - b)
  return {
    rate,
    seconds,
    requests: samples.length,
    ok: okEnds.length,
    non2xx: answered.length - okEnds.length,
    errors: samples.length - answered.length,
    achievedRate: span > 0 ? round((okEnds.length * 1000) / span) : 0,
    latency: {
      p50: round(percentile(latencies, 50)),
      p90: round(percentile(latencies, 90)),
      p99: round(percentile(latencies, 99)),
      max: round(latencies.at(-1) ?? 0),
    },
    maxSendLagMs: round(maxSendLagMs),
  }
}

/** Resolves at `at` (a performance.now() time), never before. */
async function sleepUntil(at: number): Promise<void> {
  for (let wait = at - performance.now(); wait > 0; wait = at - performance.now()) {
    await new Promise((done) => setTimeout(done, Math.ceil(wait)))
  }
}

/** Sends one request; resolves (never rejects) when its answer is complete or it failed. */
function send(
  agent: Agent,
  origin: URL,
  request: OpenRequest,
  { start, dueAt, timeoutMs }: { start: number; dueAt: number; timeoutMs: number },
): Promise<Sample> {
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body)
    let settled = false
    let timer: NodeJS.Timeout | undefined
    const finish = (outcome: { status: number } | { error: string }) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      const now = performance.now()
      const latencyMs = now - dueAt
      resolve(
        'status' in outcome ? { ...outcome, latencyMs, endedAtMs: now - start } : { ...outcome, latencyMs },
      )
    }
    const outgoing = httpRequest(
      {
        agent,
        hostname: origin.hostname,
        port: origin.port,
        method: request.method ?? 'GET',
        path: request.path,
        headers: body ? { ...request.headers, 'content-length': String(body.byteLength) } : request.headers,
      },
      (response) => {
        response.resume()
        response.on('end', () => finish({ status: response.statusCode ?? 0 }))
        response.on('error', (error) => finish({ error: error.message }))
      },
    )
    timer = setTimeout(
      () => outgoing.destroy(new Error(`No complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    )
    outgoing.on('error', (error) => finish({ error: error.message }))
    outgoing.end(body)
  })
}

/** Runs the schedule and resolves once every request has been answered or has failed. */
export async function openLoad(options: OpenLoadOptions): Promise<OpenLoadResult> {
  const origin = new URL(options.url)
  if (origin.protocol !== 'http:') throw new Error(`Only http: is supported, not ${origin.protocol}`)
  const timeoutMs = options.timeoutMs ?? 30_000
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 64 })
  const due = dueTimes(options.rate, options.duration)
  const pending: Promise<Sample>[] = []
  let maxSendLagMs = 0
  const start = performance.now()
  try {
    for (const [n, offset] of due.entries()) {
      const dueAt = start + offset
      await sleepUntil(dueAt)
      maxSendLagMs = Math.max(maxSendLagMs, performance.now() - dueAt)
      pending.push(send(agent, origin, options.request(n), { start, dueAt, timeoutMs }))
    }
    const samples = await Promise.all(pending)
    return summarise(samples, { rate: options.rate, seconds: options.duration, maxSendLagMs })
  } finally {
    agent.destroy()
  }
}
