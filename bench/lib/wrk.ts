/**
 * wrk (the Debian package `wrk`), the load generator the speed targets were measured with: written in C, it reads an
 * answer's body without parsing it, so a page of 17 KB costs it about what a "hello world" does. A
 * generator in JavaScript (autocannon) sharing the machine's two cores spends more of them on large
 * bodies than the server does, and then measures itself.
 *
 *   if (wrkAvailable()) await wrk({ url, connections: 50, duration: 8, requests: [{ path: '/' }] })
 *
 * Each thread sends the requests given in turn (a Lua script), each connection the next request when the
 * previous answer is in (a closed load, as autocannon's).
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface WrkRequest {
  method?: string
  path: string
  headers?: Record<string, string>
}

export interface WrkOptions {
  /** The origin, e.g. http://127.0.0.1:3000. */
  url: string
  connections: number
  /** Seconds. */
  duration: number
  /** wrk's threads; default 2 (the measure). */
  threads?: number
  /** Sent in turn by each thread. */
  requests: readonly WrkRequest[]
}

export interface WrkResult {
  requestsPerSecond: number
  /** Milliseconds. */
  p99Ms: number
  /** Connect, read, write errors and timeouts. */
  errors: number
  /** Answers that were not 2xx or 3xx. */
  non2xx: number
}

/** True when a `wrk` binary is on the PATH. */
export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore' })
  return probe.error === undefined
}

const luaString = (value: string) =>
  `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`

/** The Lua script that makes each thread send `requests` in turn. */
export function wrkScript(requests: readonly WrkRequest[]): string {
  if (requests.length === 0) throw new Error('wrk needs at least one request')
  const formatted = requests.map(({ method = 'GET', path, headers = {} }) => {
    const table = Object.entries(headers)
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ')
    return `  wrk.format(${luaString(method)}, ${luaString(path)}, { ${table} }),`
  })
  return [
    'local requests',
    'local n = 0',
    'init = function(args)',
    '  requests = {',
    ...formatted.map((line) => `  ${line}`),
    '  }',
    'end',
    'request = function()',
    '  n = n % #requests + 1',
    '  return requests[n]',
    'end',
    '',
  ].join('\n')
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** The figures of wrk's report (run with --latency). */
export function parseWrkOutput(output: string): WrkResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output)
  const p99 = /^\s*99(?:\.000)?%\s+([\d.]+)(us|ms|s|m)\s*$/m.exec(output)
  if (!rate || !p99) throw new Error(`Unexpected wrk output:\n${output}`)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(output)
  return {
    requestsPerSecond: Math.round(Number(rate[1])),
    p99Ms: Math.round(Number(p99[1]) * (UNIT_MS[p99[2] ?? 'ms'] ?? 1) * 100) / 100,
    errors: socket ? socket.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  }
}

/** One wrk run; resolves to its figures. */
export async function wrk({
  url,
  connections,
  duration,
  threads = 2,
  requests,
}: WrkOptions): Promise<WrkResult> {
  const folder = mkdtempSync(join(tmpdir(), 'signalway-wrk-'))
  const script = join(folder, 'requests.lua')
  writeFileSync(script, wrkScript(requests))
  try {
    const args = [
      '-t',
      String(threads),
      '-c',
      String(connections),
      '-d',
      `${duration}s`,
      '--latency',
      '-s',
      script,
      url,
    ]
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] })
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
      })
      child.stderr.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
      })
      child.once('error', reject)
      child.once('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`)),
      )
    })
    return parseWrkOutput(output)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
