/**
 * npm run bench:api: the API under load against the production server (`npm run start:prod`,
 * DEMO=1) on a temporary data folder and a free port.
 *
 *   1. Sign-ins (POST /api/v1/core/auth/token, password grant; argon2id at 19 MiB, 2 iterations is
 *      the cost), round-robin over several seeded users:
 *      - at a fixed rate of 50/s: p99 latency, target under 300 ms, and at least 95 % of the rate
 *        achieved. An open load (lib/open-load.ts, as wrk2 makes it): one sign-in every 20 ms,
 *        each timed from when it was due. Not autocannon's overallRate: that starts the one
 *        request a second of each of its 50 connections on the same tick, so it measures a burst
 *        of 50 simultaneous sign-ins every second rather than a steady 50/s;
 *      - unbounded (autocannon, 16 connections): the most sign-ins per second this machine does,
 *        target at least 50/s.
 *   2. Profile reads (GET /api/v1/core/accounts/{id}/profile/settings, bearer token: the token is
 *      checked and the user and session re-read on every request) per second, as a ratio to a
 *      trivial route (GET /api/health) measured in the same run, target at least 0.5 (autocannon,
 *      32 connections: a closed load, the most each does).
 *
 *   node bench/api.ts [--duration S] [--users N] [--check]   (--check: exit 1 when a target is missed)
 *
 * Per-address rate limits are scaled up (RATE_LIMIT_FACTOR, at most 10000): every request comes
 * from 127.0.0.1. Prints a table and writes bench/results/api.json.
 */
import { availableParallelism, cpus } from 'node:os'
import { argument } from './lib/args.ts'
import { type CannonOptions, type CannonResult, cannon } from './lib/autocannon.ts'
import { type OpenLoadResult, openLoad } from './lib/open-load.ts'
import { writeResults } from './lib/results.ts'
import { startServer } from './lib/server.ts'
import {
  profileCannonRequest,
  registerUsers,
  rotating,
  SIGN_IN_PATH,
  signInBody,
  signInCannonRequest,
} from './lib/users.ts'

const TARGETS = { signInsPerSecond: 50, p99AtFixedRateMs: 300, profileToHealthRatio: 0.5 } as const
const FIXED_RATE = 50

interface Figures {
  requests: number
  seconds: number
  /** Completed 2xx requests per second over the run (at a fixed rate: the achieved rate). */
  perSecond: number
  p50Ms: number
  p90Ms: number
  p99Ms: number
  maxMs: number
  errors: number
  non2xx: number
}

function figuresOf(result: CannonResult): Figures {
  const ok = result['2xx']
  return {
    requests: result.requests.total,
    seconds: result.duration,
    perSecond: Number((ok / result.duration).toFixed(1)),
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

function openFiguresOf(result: OpenLoadResult): Figures {
  return {
    requests: result.requests,
    seconds: result.seconds,
    perSecond: result.achievedRate,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

async function run(options: CannonOptions): Promise<Figures> {
  return figuresOf(await cannon(options))
}

async function main() {
  const duration = Math.max(5, Number(argument('--duration') ?? 20))
  const userCount = Math.max(2, Number(argument('--users') ?? 20))
  const check = process.argv.includes('--check')

  const server = await startServer({
    name: 'bench-api',
    adminPassword: 'Bench-Admin-Passw0rd',
    rateLimitFactor: 10_000,
  })
  const url = server.baseUrl
  let fixedRun: OpenLoadResult
  let unbounded: Figures
  let health: Figures
  let profile: Figures
  try {
    console.info(`Seeding ${userCount} users…`)
    const users = await registerUsers(url, {
      count: userCount,
      emailPrefix: `bench-${Date.now()}`,
      firstName: 'Bench',
    })

    console.info('Warming up…')
    await run({ url, connections: 4, duration: 3, requests: [signInCannonRequest(users)] })
    await run({ url, connections: 10, duration: 2, requests: [profileCannonRequest(users)] })
    await run({ url, connections: 10, duration: 2, requests: [{ method: 'GET', path: '/api/health' }] })

    console.info(`Sign-ins at ${FIXED_RATE}/s for ${duration} s…`)
    // An open load at evenly spaced times (open-load.ts), as independent people signing in: a slow
    // answer never holds the next sign-in back, and its wait counts from when it was due.
    const nextUser = rotating(users)
    fixedRun = await openLoad({
      url,
      rate: FIXED_RATE,
      duration,
      connections: FIXED_RATE,
      request: () => ({
        method: 'POST',
        path: SIGN_IN_PATH,
        headers: { 'content-type': 'application/json' },
        body: signInBody(nextUser()),
      }),
    })
    console.info(`Sign-ins, unbounded, for ${duration} s…`)
    unbounded = await run({ url, connections: 16, duration, requests: [signInCannonRequest(users)] })

    // The trivial route and the profile read, back to back on the same server and settings.
    const readDuration = Math.max(5, Math.round(duration / 2))
    console.info(`Health and profile reads, ${readDuration} s each…`)
    health = await run({
      url,
      connections: 32,
      duration: readDuration,
      requests: [{ method: 'GET', path: '/api/health' }],
    })
    profile = await run({
      url,
      connections: 32,
      duration: readDuration,
      requests: [profileCannonRequest(users)],
    })
  } finally {
    await server.stop()
    server.removeData()
  }
  const fixed = openFiguresOf(fixedRun)

  const ratio = Number((profile.perSecond / health.perSecond).toFixed(3))
  const pass = {
    signInsPerSecond: unbounded.perSecond >= TARGETS.signInsPerSecond,
    p99AtFixedRate: fixed.p99Ms < TARGETS.p99AtFixedRateMs && fixed.perSecond >= FIXED_RATE * 0.95,
    profileToHealthRatio: ratio >= TARGETS.profileToHealthRatio,
  }

  const row = (name: string, f: Figures, target: string, ok: boolean) => ({
    run: name,
    'req/s': f.perSecond,
    'p50 ms': f.p50Ms,
    'p90 ms': f.p90Ms,
    'p99 ms': f.p99Ms,
    'max ms': f.maxMs,
    requests: f.requests,
    'errors/non-2xx': `${f.errors}/${f.non2xx}`,
    target,
    met: ok ? 'yes' : 'NO',
  })
  // biome-ignore lint/suspicious/noConsole: the benchmark's report is this table.
  console.table([
    row(`sign-in @ ${FIXED_RATE}/s`, fixed, `p99 < ${TARGETS.p99AtFixedRateMs} ms`, pass.p99AtFixedRate),
    row('sign-in, unbounded', unbounded, `>= ${TARGETS.signInsPerSecond}/s`, pass.signInsPerSecond),
    row('GET /api/health', health, '-', true),
    row(
      'GET profile/settings',
      profile,
      `ratio >= ${TARGETS.profileToHealthRatio}`,
      pass.profileToHealthRatio,
    ),
  ])
  console.info(`Profile reads / health: ${ratio}`)
  console.info(`Fixed-rate load: the generator sent its latest request ${fixedRun.maxSendLagMs} ms late`)

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? '',
    durationSeconds: duration,
    users: userCount,
    targets: TARGETS,
    signIn: {
      fixedRate: { rate: FIXED_RATE, ...fixed, maxSendLagMs: fixedRun.maxSendLagMs },
      unbounded,
    },
    reads: { health, profile, profileToHealthRatio: ratio },
    pass,
  }
  const written = writeResults('api', report)
  console.info(`Wrote ${written}`)
  if (check && !Object.values(pass).every(Boolean)) process.exitCode = 1
}

await main()
