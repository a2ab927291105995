import { describe, expect, it } from 'vitest'
import { type Handler, localServer } from './local-server.ts'
import { dueTimes, type OpenLoadOptions, openLoad, type Sample, summarise } from './open-load.ts'
import { median, percentile } from './stats.ts'

/** A tiny local server; resolves to its origin. */
const serve = localServer()

/** GET / at a rate for a duration. */
const loadRoot = (url: string, options: Pick<OpenLoadOptions, 'rate' | 'duration' | 'connections'>) =>
  openLoad({ url, request: () => ({ path: '/' }), ...options })

const answerAfter = (ms: number, status = 200): Handler => {
  return (request, response) => {
    request.resume()
    setTimeout(() => response.writeHead(status).end('ok'), ms)
  }
}

describe('the percentile maths', () => {
  const hundred = Array.from({ length: 100 }, (_, n) => n + 1)

  it('takes the nearest rank: p50, p90 and p99 of 1..100 are 50, 90 and 99', () => {
    expect(percentile(hundred, 50)).toBe(50)
    expect(percentile(hundred, 90)).toBe(90)
    expect(percentile(hundred, 99)).toBe(99)
    expect(percentile(hundred, 100)).toBe(100)
  })

  it('gives the one value of one, the top of few and 0 for none', () => {
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([1, 2, 3], 99)).toBe(3)
    expect(percentile([1, 2, 3], 50)).toBe(2)
    expect(percentile([], 99)).toBe(0)
  })

  it('takes the median of values in any order', () => {
    expect(median([3, 1, 2])).toBe(2)
    expect(median([4, 1, 3, 2])).toBe(2.5)
    expect(median([])).toBeNaN()
  })

  it('summarises samples: counts by outcome, latency of answers only, the achieved rate', () => {
    // 100 answers at 10/s, answered 100 ms apart, latencies 1..100 ms; two 500s; one error.
    const samples: Sample[] = [
      ...hundred.map((n) => ({ status: 200, latencyMs: n, endedAtMs: n * 100 })),
      { status: 500, latencyMs: 0.5, endedAtMs: 50 },
      { status: 503, latencyMs: 0.5, endedAtMs: 60 },
      { error: 'socket hang up', latencyMs: 10_000 },
    ]
    const result = summarise(samples, { rate: 10, seconds: 10, maxSendLagMs: 1.23 })
    expect(result).toMatchObject({ requests: 103, ok: 100, non2xx: 2, errors: 1, maxSendLagMs: 1.2 })
    // 102 answered latencies, two of 0.5 below 1..100: the ranks 51, 92 and 101 are 49, 90 and 99.
    expect(result.latency).toEqual({ p50: 49, p90: 90, p99: 99, max: 100 })
    // 100 answers over 99 intervals of 100 ms, plus one interval: 10/s.
    expect(result.achievedRate).toBe(10)
  })

  it('gives a lower achieved rate when the answers fall behind the schedule', () => {
    const samples = Array.from({ length: 10 }, (_, n) => ({ status: 200, latencyMs: 1, endedAtMs: n * 200 }))
    expect(summarise(samples, { rate: 10, seconds: 1 }).achievedRate).toBe(5.3)
  })
})

describe('the schedule', () => {
  it('spaces the requests evenly, 1000 / rate ms apart, rate * duration of them', () => {
    expect(dueTimes(4, 1)).toEqual([0, 250, 500, 750])
    const fifty = dueTimes(50, 5)
    expect(fifty).toHaveLength(250)
    expect(fifty[1]).toBe(20)
    expect(fifty.at(-1)).toBeCloseTo(4980)
  })

  it('refuses a rate or a duration of 0', () => {
    expect(() => dueTimes(0, 5)).toThrow()
    expect(() => dueTimes(50, 0)).toThrow()
  })
})

describe('openLoad against a local server', () => {
  it('sends each request at its due time, never before (no bursts), and times the known delay', async () => {
    // The server runs in this process: its clock is the generator's.
    const arrivals = new Map<number, number>()
    const url = await serve((request, response) => {
      arrivals.set(Number(request.url?.split('/').at(-1)), performance.now())
      answerAfter(20)(request, response)
    })
    const before = performance.now()
    const result = await openLoad({
      url,
      rate: 100,
      duration: 0.6,
      connections: 16,
      request: (n) => ({ path: `/n/${n}` }),
    })

    expect(result).toMatchObject({ requests: 60, ok: 60, non2xx: 0, errors: 0 })
    // Request n is due 10 n ms after the start; a burst would bring them all at once. How late
    // they may be depends on how busy the machine is: only a wide bound.
    const early = [...arrivals].filter(([n, at]) => at < before + n * 10)
    expect(early).toEqual([])
    expect(arrivals.get(59)).toBeLessThan(before + 590 + 2_000)
    // Every answer takes the server's 20 ms, counted from when its request was due.
    expect(result.latency.p50).toBeGreaterThanOrEqual(20)
  })

  it('counts a stall against every request that fell due meanwhile (no coordinated omission)', async () => {
    // The first answer takes 400 ms, the others 1 ms; one socket, so the others wait behind it.
    let first = true
    const url = await serve((request, response) => {
      answerAfter(first ? 400 : 1)(request, response)
      first = false
    })
    const result = await loadRoot(url, { rate: 50, duration: 1, connections: 1 })

    expect(result.ok).toBe(50)
    // Requests due at 0, 20, ..., 380 ms are answered at about 400 ms: latencies 400 down to 20.
    // Timed from when they were sent, only the first would show the stall.
    expect(result.latency.max).toBeGreaterThanOrEqual(400)
    expect(result.latency.p90).toBeGreaterThan(200)
  })

  it('times each request from when it was due, so a late send shows as latency', async () => {
    const url = await serve(answerAfter(1))
    const result = await openLoad({
      url,
      rate: 50,
      duration: 1,
      request: (n) => {
        // The generator itself is held up for 300 ms: the requests due meanwhile leave late.
        if (n === 0) {
          const until = performance.now() + 300
          while (performance.now() < until) {}
        }
        return { path: '/' }
      },
    })

    expect(result.ok).toBe(50)
    expect(result.maxSendLagMs).toBeGreaterThanOrEqual(250)
    // Requests due at 20, 40, ..., 280 ms leave at about 300 ms; timed from leaving, all would be fast.
    expect(result.latency.max).toBeGreaterThanOrEqual(250)
    expect(result.latency.p90).toBeGreaterThan(100)
  })

  it('counts non-2xx answers and errors apart', async () => {
    let n = 0
    const url = await serve((request, response) => {
      n++
      if (n % 5 === 0) request.socket.destroy()
      else answerAfter(1, n % 5 === 1 ? 503 : 200)(request, response)
    })
    const result = await loadRoot(url, { rate: 100, duration: 0.2 })

    expect(result).toMatchObject({ requests: 20, ok: 12, non2xx: 4, errors: 4 })
  })

  it('sends each request its method, path, headers and body', async () => {
    const seen: string[] = []
    const url = await serve((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => {
        body += chunk
      })
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${request.headers['x-n']} ${body}`)
        response.end()
      })
    })
    await openLoad({
      url,
      rate: 100,
      duration: 0.03,
      request: (n) => ({
        method: 'POST',
        path: `/n/${n}`,
        headers: { 'x-n': String(n) },
        body: `{"n":${n}}`,
      }),
    })

    expect(seen.sort()).toEqual(['POST /n/0 0 {"n":0}', 'POST /n/1 1 {"n":1}', 'POST /n/2 2 {"n":2}'])
  })
})
