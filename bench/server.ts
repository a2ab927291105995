/**
 * npm run bench:server: how close the server comes to its framework's limit. In one run, on this
 * machine, with wrk (2 threads) or, when wrk is not installed, autocannon; 50 connections,
 * 8 s each, one after the other, after a 2 s warm-up:
 *   - a plain Fastify hello-world, pino's default logger at info (bench/lib/hello-server.ts plain), the yardstick;
 *   - the same hello-world with the product's logger configuration (hello-server.ts product): what the product's
 *     logging costs, and the second yardstick every ratio is also given against;
 *   - GET /api/health;
 *   - the home page, from the page cache;
 *   - a hashed asset of the web build (its Brotli copy);
 *   - an authenticated profile read (bearer token).
 * Each as requests per second and p99, and as a ratio of the hello-world's requests per second. The machine's
 * speed drifts from minute to minute (a shared virtual machine: the hello-world alone measured 13,700 and 18,100
 * req/s two minutes apart), so each target is measured right after a hello-world of its own, in rounds (3 by
 * default), its ratio taken against that hello-world, and the report gives each figure's median over the rounds
 * (the hello-world's over all its runs). The product is
 * the production build (`npm run start:prod`, DEMO=1, LOG_LEVEL=info as in production) on SQLite; every
 * request says `Accept-Encoding: gzip, deflate, br`, as browsers do.
 *
 *   node bench/server.ts [--duration S] [--connections N] [--rounds N] [--tool wrk|autocannon] [--check]
 *   (--check: exit 1 when a target is missed)
 *
 * wrk (`apt-get install wrk`) is the default when installed: autocannon is JavaScript on the same two cores, and
 * parsing the home page's 17 KB bodies costs it more than serving them costs the server (measured: the same
 * server, the cached home page at 4,800 req/s with autocannon and 16,500 with wrk; the hello-world at 26,600 and
 * 27,200), so with autocannon the ratio of a large answer is the load generator's.
 *
 * Needs the web build (`npm run build`). Writes bench/results/server.json.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { argument } from './lib/args.ts'
import { type CannonRequest, cannon } from './lib/autocannon.ts'
import { writeResults } from './lib/results.ts'
import { type Measured, type Sample, summarise } from './lib/rounds.ts'
import { freePort, startServer } from './lib/server.ts'
import { profileCannonRequest, profileRequest, registerUsers } from './lib/users.ts'
import { type WrkRequest, wrk, wrkAvailable } from './lib/wrk.ts'

/** Each target's share of the plain hello-world's requests per second. */
const TARGETS: Record<string, number> = {
  'api-health': 0.6,
  'home-cached': 0.5,
  'hashed-asset': 0.5,
  'profile-read': 0.4,
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

type Tool = 'wrk' | 'autocannon'

/** One target's requests, for either tool: wrk sends the list in turn, autocannon as CannonRequests. */
interface Target {
  wrk: WrkRequest[]
  cannon: CannonRequest[]
}

const plainGet = (path: string, headers: Record<string, string> = BROWSER): Target => ({
  wrk: [{ path, headers }],
  cannon: [{ method: 'GET', path, headers }],
})

async function measure(
  tool: Tool,
  url: string,
  target: Target,
  { connections, duration }: { connections: number; duration: number },
) {
  if (tool === 'wrk') {
    // Warm-up: JIT, caches, connections.
    await wrk({ url, connections, duration: 2, requests: target.wrk })
    return wrk({ url, connections, duration, requests: target.wrk })
  }
  const requests = target.cannon
  await cannon({ url, connections, duration: 2, requests })
  const result = await cannon({ url, connections, duration, requests })
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

async function startHello(
  dataDir: string,
  mode: 'plain' | 'product',
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort()
  const child = spawn(
    process.execPath,
    [join(import.meta.dirname, 'lib', 'hello-server.ts'), String(port), dataDir, mode],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      if ((await fetch(url)).ok) return { url, child }
    } catch {
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  child.kill('SIGKILL')
  throw new Error('The hello-world server did not start')
}

async function main(): Promise<void> {
  const connections = Number(argument('--connections') ?? 50)
  const duration = Number(argument('--duration') ?? 8)
  const roundCount = Number(argument('--rounds') ?? 3)
  if (!Number.isInteger(roundCount) || roundCount < 1) throw new Error('--rounds is a whole number from 1')
  const options = { connections, duration }
  const asked = argument('--tool')
  if (asked !== undefined && asked !== 'wrk' && asked !== 'autocannon')
    throw new Error('--tool is wrk or autocannon')
  const tool: Tool = asked ?? (wrkAvailable() ? 'wrk' : 'autocannon')
  if (tool === 'wrk' && !wrkAvailable()) throw new Error('wrk is not installed (apt-get install wrk)')
  if (tool === 'autocannon') {
    console.warn(
      "Measuring with autocannon (wrk is not installed): the cached home page's ratio is then the load generator's limit.",
    )
  }
  const loadBefore = loadavg()[0] ?? 0

  const server = await startServer({
    name: 'bench-server',
    rateLimitFactor: 10_000,
    env: { LOG_LEVEL: 'info' },
  })
  const helloData = mkdtempSync(join(tmpdir(), 'signalway-bench-hello-'))
  let hello: { url: string; child: ChildProcess } | undefined
  let productHello: { url: string; child: ChildProcess } | undefined
  const results: Measured[] = []
  try {
    hello = await startHello(helloData, 'plain')
    productHello = await startHello(helloData, 'product')
    const users = await registerUsers(server.baseUrl, {
      count: 5,
      emailPrefix: `bench-server-${Date.now()}`,
      firstName: 'Bench',
    })
    const home = await (await fetch(`${server.baseUrl}/`)).text()
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)?.[0]
    if (!asset) throw new Error('No hashed asset in the home page: run `npm run build` first')

    const plan: [string, string, Target][] = [
      ['hello-world', hello.url, plainGet('/')],
      ['hello-product-logger', productHello.url, plainGet('/')],
      ['api-health', server.baseUrl, plainGet('/api/health')],
      ['home-cached', server.baseUrl, plainGet('/')],
      ['hashed-asset', server.baseUrl, plainGet(asset)],
      [
        'profile-read',
        server.baseUrl,
        { wrk: users.map(profileRequest), cannon: [profileCannonRequest(users)] },
      ],
    ]
    // Each target measured right after a hello-world of its own: the pair sees the machine at the same speed.
    const [yardstick, ...targets] = plan
    if (!yardstick) throw new Error('No hello-world to measure against')
    const helloSamples: Sample[] = []
    const samples = new Map<string, { sample: Sample; hello: number }[]>(targets.map(([name]) => [name, []]))
    for (let round = 1; round <= roundCount; round++) {
      for (const [name, url, target] of targets) {
        const helloSample = await measure(tool, yardstick[1], yardstick[2], options)
        helloSamples.push(helloSample)
        const sample = await measure(tool, url, target, options)
        samples.get(name)?.push({ sample, hello: helloSample.requestsPerSecond })
      }
      console.info(`Round ${round} of ${roundCount} measured`)
    }
    results.push(summarise(yardstick[0], helloSamples, [], null))
    for (const [name, pairs] of samples) {
      results.push(
        summarise(
          name,
          pairs.map((pair) => pair.sample),
          pairs.map((pair) => pair.hello),
          TARGETS[name] ?? null,
        ),
      )
    }
  } finally {
    hello?.child.kill('SIGTERM')
    productHello?.child.kill('SIGTERM')
    rmSync(helloData, { recursive: true, force: true })
    await server.stop()
    server.removeData()
  }

  console.info(
    `Load generator: ${tool}, ${connections} connections, ${duration} s per target, ${roundCount} rounds (medians; each ratio against the plain hello-world measured just before it; "x product hello" divides it by the product-logger hello-world's own ratio)`,
  )
  const productLogger = results.find((r) => r.name === 'hello-product-logger')?.ratio ?? null
  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': r.requestsPerSecond,
      'p99 ms': r.p99Ms,
      'x hello': r.ratio ?? '',
      'x product hello':
        r.ratio === null || productLogger === null ? '' : Math.round((r.ratio / productLogger) * 1000) / 1000,
      'x hello by round': r.rounds.map((round) => round.ratio ?? round.requestsPerSecond).join(' / '),
      goal: r.target === null ? '' : `${r.target}x`,
      errors: r.errors,
      'non-2xx': r.non2xx,
    })),
  )
  const missed = results.filter((r) => r.target !== null && (r.ratio ?? 0) < r.target)
  const failed = results.filter((r) => r.errors > 0 || r.non2xx > 0)
  console.info(
    missed.length === 0
      ? 'Targets: met'
      : `Targets missed: ${missed.map((r) => `${r.name} ${r.ratio}x < ${r.target}x`).join(', ')}`,
  )
  const written = writeResults('server', {
    date: new Date().toISOString(),
    node: process.version,
    tool,
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '',
      loadAverageBefore: Math.round(loadBefore * 100) / 100,
    },
    connections,
    durationSeconds: duration,
    rounds: roundCount,
    yardsticks: {
      plain: 'Fastify hello-world, pino default logger at info',
      productLogger: 'Fastify hello-world, the product loggerOptions at info',
      productLoggerRatio: productLogger,
    },
    results,
    targetsMet: missed.length === 0,
  })
  console.info(`Results written to ${written}`)
  if (failed.length > 0) {
    console.error(`Errors or non-2xx answers: ${failed.map((r) => r.name).join(', ')}`)
    process.exitCode = 1
  }
  if (process.argv.includes('--check') && missed.length > 0) process.exitCode = 1
}

await main()
