/**
 * npm run bench:api: the API under load, with autocannon against the production server
 * (`npm run start:prod`, DEMO=1) on a temporary data folder and a free port.
 *
 *   1. Sign-ins (POST /api/v1/core/auth/token, password grant; argon2id at 19 MiB, 2 iterations is
 *      the cost), round-robin over several seeded users:
 *      - at a fixed rate of 50/s (autocannon overallRate): p99 latency, target under 300 ms;
 *      - unbounded: the most sign-ins per second this machine does, target at least 50/s.
 *   2. Profile reads (GET /api/v1/core/accounts/{id}/profile/settings, bearer token: the token is
 *      checked and the user and session re-read on every request) per second, as a ratio to a
 *      trivial route (GET /api/health) measured in the same run, target at least 0.5.
 *
 *   node bench/api.ts [--duration S] [--users N] [--check]   (--check: exit 1 when a target is missed)
 *
 * Per-address rate limits are scaled up (RATE_LIMIT_FACTOR, at most 10000): every request comes
 * from 127.0.0.1. Prints a table and writes bench/results/api.json.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
// autocannon ships no types; the little used here is described below.
import autocannon from 'autocannon'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = resolve(HERE, '..')
const RESULTS = join(HERE, 'results', 'api.json')

const TARGETS = { signInsPerSecond: 50, p99AtFixedRateMs: 300, profileToHealthRatio: 0.5 } as const
const FIXED_RATE = 50
const PASSWORD = 'Bench-Cones-2026!'
const CLIENT_ID = 'web'

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index >= 0 ? process.argv[index + 1] : undefined
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`
  const child = spawn('npm', ['run', 'start:prod'], {
    cwd: ROOT,
    // Its own process group, so stopping it stops npm and node together.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench-Admin-Passw0rd',
      RATE_LIMIT_FACTOR: '10000',
    },
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return child
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250))
  }
  stopServer(child)
  throw new Error('The server did not become ready within 60 s')
}

function stopServer(child: ChildProcess) {
  if (child.pid === undefined || child.exitCode !== null) return
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    // Already gone.
  }
}

interface BenchUser {
  email: string
  id: string
  accessToken: string
}

function claimsOf(token: string): { id: string } {
  const payload = token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id: string }
}

/** Registers the users (through the API, as a person would) and keeps an access token of each. */
async function seedUsers(baseUrl: string, count: number): Promise<BenchUser[]> {
  const stamp = Date.now()
  const users: BenchUser[] = []
  for (let n = 0; n < count; n++) {
    const email = `bench-${stamp}-${n}@example.com`
    const response = await fetch(`${baseUrl}/api/v1/core/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Bench',
        lastName: `User ${n}`,
        email,
        mobile: '0412345678',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptedTheTerms: true,
        memberType: '1',
      }),
    })
    if (!response.ok) throw new Error(`Registering ${email}: ${response.status} ${await response.text()}`)
    const tokens = (await response.json()) as { access_token: string }
    users.push({ email, id: claimsOf(tokens.access_token).id, accessToken: tokens.access_token })
  }
  return users
}

interface CannonRequest {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: CannonRequest) => CannonRequest
}

interface CannonOptions {
  connections?: number
  duration?: number
  overallRate?: number
  requests?: CannonRequest[]
}

interface CannonResult {
  duration: number
  errors: number
  timeouts: number
  non2xx: number
  '2xx': number
  requests: { total: number }
  latency: { p50: number; p90: number; p99: number; max: number }
}

interface Figures {
  requests: number
  seconds: number
  /** Completed 2xx requests per second over the run. */
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

async function run(baseUrl: string, options: CannonOptions): Promise<Figures> {
  const result = (await autocannon({ url: baseUrl, ...options })) as CannonResult
  return figuresOf(result)
}

/** Round-robin over the users: each request of a run takes the next one. */
function rotating<T>(items: readonly T[]): () => T {
  let next = 0
  return () => {
    const item = items[next % items.length] as T
    next++
    return item
  }
}

function signInRequests(users: readonly BenchUser[]): CannonRequest[] {
  const nextUser = rotating(users)
  return [
    {
      method: 'POST',
      path: '/api/v1/core/auth/token',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          UserName: nextUser().email,
          Password: PASSWORD,
          ClientId: CLIENT_ID,
          GrantType: 'password',
        }),
      }),
    },
  ]
}

function profileRequests(users: readonly BenchUser[]): CannonRequest[] {
  const nextUser = rotating(users)
  return [
    {
      method: 'GET',
      path: '/api/health',
      setupRequest: (request) => {
        const user = nextUser()
        return {
          ...request,
          path: `/api/v1/core/accounts/${encodeURIComponent(user.id)}/profile/settings`,
          headers: { ...request.headers, authorization: `Bearer ${user.accessToken}` },
        }
      },
    },
  ]
}

async function main() {
  const duration = Math.max(5, Number(argument('--duration') ?? 20))
  const userCount = Math.max(2, Number(argument('--users') ?? 20))
  const check = process.argv.includes('--check')

  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-bench-api-'))
  const server = await startServer(port, dataDir)
  let fixed: Figures
  let unbounded: Figures
  let health: Figures
  let profile: Figures
  try {
    console.info(`Seeding ${userCount} users…`)
    const users = await seedUsers(baseUrl, userCount)

    console.info('Warming up…')
    await run(baseUrl, { connections: 4, duration: 3, requests: signInRequests(users) })
    await run(baseUrl, { connections: 10, duration: 2, requests: profileRequests(users) })
    await run(baseUrl, { connections: 10, duration: 2, requests: [{ method: 'GET', path: '/api/health' }] })

    console.info(`Sign-ins at ${FIXED_RATE}/s for ${duration} s…`)
    fixed = await run(baseUrl, {
      // One request a second per connection: a slow answer never holds the others back, so the
      // offered rate stays at FIXED_RATE (an open load, as independent people signing in).
      connections: FIXED_RATE,
      overallRate: FIXED_RATE,
      duration,
      requests: signInRequests(users),
    })
    console.info(`Sign-ins, unbounded, for ${duration} s…`)
    unbounded = await run(baseUrl, { connections: 16, duration, requests: signInRequests(users) })

    // The trivial route and the profile read, back to back on the same server and settings.
    const readDuration = Math.max(5, Math.round(duration / 2))
    console.info(`Health and profile reads, ${readDuration} s each…`)
    health = await run(baseUrl, {
      connections: 32,
      duration: readDuration,
      requests: [{ method: 'GET', path: '/api/health' }],
    })
    profile = await run(baseUrl, {
      connections: 32,
      duration: readDuration,
      requests: profileRequests(users),
    })
  } finally {
    stopServer(server)
  }
  rmSync(dataDir, { recursive: true, force: true })

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

  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? '',
    durationSeconds: duration,
    users: userCount,
    targets: TARGETS,
    signIn: { fixedRate: { rate: FIXED_RATE, ...fixed }, unbounded },
    reads: { health, profile, profileToHealthRatio: ratio },
    pass,
  }
  mkdirSync(dirname(RESULTS), { recursive: true })
  writeFileSync(RESULTS, `${JSON.stringify(report, null, 2)}\n`)
  console.info(`Wrote ${RESULTS}`)
  if (check && !Object.values(pass).every(Boolean)) process.exitCode = 1
}

await main()
