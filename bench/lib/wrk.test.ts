import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { localServer } from './local-server.ts'
import { parseWrkOutput, wrk, wrkAvailable, wrkScript } from './wrk.ts'

const REPORT = `Running 8s test @ http://127.0.0.1:4999/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     6.91ms   23.42ms 371.85ms   98.04%
    Req/Sec     6.33k     2.24k   10.12k    57.59%
  Latency Distribution
     50%  167.00us
     75%  221.00us
     90%  311.00us
     99%    1.48ms
  99613 requests in 8.01s, 1.73GB read
  Socket errors: connect 0, read 2, write 1, timeout 4
  Non-2xx or 3xx responses: 12
Requests/sec:  12431.59
Transfer/sec:    220.78MB
`

describe('parseWrkOutput', () => {
  it('reads the rate, the 99th percentile in milliseconds, the errors and the failed answers', () => {
    expect(parseWrkOutput(REPORT)).toEqual({ requestsPerSecond: 12432, p99Ms: 1.48, errors: 7, non2xx: 12 })
  })

  it('converts microseconds and seconds, and counts nothing when wrk reports no errors', () => {
    const clean = REPORT.replace(/\s+Socket errors.*\n/, '\n').replace(/\s+Non-2xx.*\n/, '\n')
    expect(parseWrkOutput(clean.replace('99%    1.48ms', '99%  950.00us'))).toMatchObject({
      p99Ms: 0.95,
      errors: 0,
      non2xx: 0,
    })
    expect(parseWrkOutput(clean.replace('99%    1.48ms', '99%    1.20s')).p99Ms).toBe(1200)
  })

  it('refuses a report without the figures (wrk run without --latency, or failed)', () => {
    expect(() => parseWrkOutput('unable to connect to 127.0.0.1:1 Connection refused')).toThrow(
      /Unexpected wrk output/,
    )
  })
})

describe('wrkScript', () => {
  it('sends the requests in turn, with their method, path and headers escaped for Lua', () => {
    const script = wrkScript([
      { path: '/a', headers: { authorization: 'Bearer x"y' } },
      { method: 'POST', path: '/b\\c' },
    ])
    expect(script).toContain('wrk.format("GET", "/a", { ["authorization"] = "Bearer x\\"y" })')
    expect(script).toContain('wrk.format("POST", "/b\\\\c", {  })')
    expect(script).toContain('n = n % #requests + 1')
    expect(() => wrkScript([])).toThrow()
  })
})

const serve = localServer()

describe.runIf(wrkAvailable())('wrk against a local server', () => {
  it('sends each request of the list and reports the answers that were not 2xx', async () => {
    const seen = new Map<string, number>()
    const url = await serve((request, response) => {
      const key = `${request.url} ${request.headers.authorization ?? ''}`
      seen.set(key, (seen.get(key) ?? 0) + 1)
      response.statusCode = request.url === '/missing' ? 404 : 200
      response.end('ok')
    })
    const result = await wrk({
      url,
      connections: 2,
      duration: 1,
      threads: 1,
      requests: [{ path: '/one', headers: { authorization: 'Bearer a' } }, { path: '/missing' }],
    })
    expect(seen.get('/one Bearer a')).toBeGreaterThan(0)
    expect(seen.get('/missing ')).toBeGreaterThan(0)
    // wrk stops at its deadline: an answer still on its way (at most one per connection) is not counted.
    const missing = seen.get('/missing ') ?? 0
    expect(result.non2xx).toBeGreaterThanOrEqual(missing - 2)
    expect(result.non2xx).toBeLessThanOrEqual(missing)
    expect(result.requestsPerSecond).toBeGreaterThan(0)
  })
})

it('knows whether wrk is installed', () => {
  expect(wrkAvailable()).toBe(spawnSync('which', ['wrk']).status === 0)
})
