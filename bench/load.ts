/**
 * npm run bench:load: the whole product under a mixed load, against the production server
 * (`npm run start:prod`, DEMO=1, the web build) on a temporary data folder and a free port.
 *
 * 200 concurrent connections for 60 seconds (autocannon, one instance per kind, run together):
 *   - page views rendered on the server: home, services, news (half the connections);
 *   - profile reads by signed-in users (bearer token, GET .../profile/settings);
 *   - contact messages and quote requests (each with a unique marker in its message);
 *   - sign-ins (password grant: argon2id, 19 MiB, 2 iterations).
 * Reports throughput and p50/p95/p99 latency per kind and every status seen. Then stops the server
 * (SIGTERM, graceful) and reads its SQLite database directly: every submission answered 201 must be
 * stored, with exactly two emails in the outbox (found by its marker). Target: no error, no lost
 * submission, page p99 under 200 ms.
 *
 *   node bench/load.ts [--duration S] [--connections N] [--only KIND] [--check]   (--check: exit 1 on a miss)
 *
 * Needs the web build (`npm run build`). Per-address limits are scaled up (RATE_LIMIT_FACTOR=10000):
 * every request comes from 127.0.0.1. Writes bench/results/load.json.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
// autocannon ships no types; the little used here is described below.
import autocannon from 'autocannon'
import SQLite from 'better-sqlite3'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = resolve(HERE, '..')
const RESULTS = join(HERE, 'results', 'load.json')
const WEB_BUILD = join(ROOT, 'apps', 'web', 'build', 'server', 'index.js')

const TARGETS = { pageP99Ms: 200, errors: 0, lostSubmissions: 0 } as const
const PASSWORD = 'Bench-Cones-2026!'
const USERS = 20

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
    // Its own process group, so that stopping it stops npm and node together.
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
  const deadline = Date.now() + 90_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return child
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250))
  }
  await stopServer(child)
  throw new Error('The server did not become ready within 90 s')
}

/** SIGTERM to the process group (npm does not forward it), then wait for the exit. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  try {
    process.kill(-child.pid, 'SIGTERM')
  } catch {
    return
  }
  const timeout = setTimeout(() => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }, 15_000)
  await exited
  clearTimeout(timeout)
}

interface BenchUser {
  email: string
  id: string
  accessToken: string
}

function claimsOf(token: string): { id: string } {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { id: string }
}

async function seedUsers(baseUrl: string): Promise<BenchUser[]> {
  const users: BenchUser[] = []
  for (let n = 0; n < USERS; n++) {
    const email = `load-${n}@example.com`
    const response = await fetch(`${baseUrl}/api/v1/core/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Load',
        lastName: `User ${n}`,
        email,
        mobile: '0412345678',
        password: PASSWORD,
        confirmPassword: PASSWORD,
        acceptedTheTerms: true,
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
  onResponse?: (status: number, body: string) => void
}

interface Kind {
  name: string
  group: 'page' | 'profile' | 'submission' | 'sign-in'
  connections: number
  requests: CannonRequest[]
}

interface Tally {
  latencies: number[]
  statuses: Record<string, number>
  errors: number
}

const round = (ms: number) => Math.round(ms * 10) / 10

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

function kindsOf(users: BenchUser[], connections: number, submitted: Map<string, string>): Kind[] {
  let userTurn = 0
  const nextUser = () => users[userTurn++ % users.length] as BenchUser
  let marker = 0
  const submission = (path: string, quote: boolean): CannonRequest => ({
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => {
      const mark = `load-${process.pid}-${++marker}`
      return {
        ...request,
        body: JSON.stringify({
          name: 'Jane Citizen',
          email: 'jane@example.com',
          phone: '03 5550 1234',
          message: `Two arrow boards for a night shift on the Monash. Ref ${mark}`,
          ...(quote ? { services: ['Arrow Boards'], source: ['Google Search'] } : {}),
        }),
        headers: { ...request.headers, 'x-load-mark': mark },
      }
    },
    onResponse: (status, body) => {
      if (status !== 201) return
      const { id } = JSON.parse(body) as { id: string }
      submitted.set(id, path)
    },
  })
  const share = (fraction: number) => Math.max(1, Math.round(connections * fraction))
  return [
    { name: 'page: home', group: 'page', connections: share(0.2), requests: [{ path: '/' }] },
    { name: 'page: services', group: 'page', connections: share(0.15), requests: [{ path: '/services/' }] },
    { name: 'page: news', group: 'page', connections: share(0.15), requests: [{ path: '/news/' }] },
    {
      name: 'profile read',
      group: 'profile',
      connections: share(0.25),
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            const user = nextUser()
            return {
              ...request,
              path: `/api/v1/core/accounts/${user.id}/profile/settings`,
              headers: { authorization: `Bearer ${user.accessToken}` },
            }
          },
        },
      ],
    },
    {
      name: 'contact',
      group: 'submission',
      connections: share(0.05),
      requests: [submission('/api/contact', false)],
    },
    {
      name: 'quote',
      group: 'submission',
      connections: share(0.05),
      requests: [submission('/api/get-a-quote', true)],
    },
    {
      name: 'sign-in',
      group: 'sign-in',
      connections: share(0.15),
      requests: [
        {
          method: 'POST',
          path: '/api/v1/core/auth/token',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              UserName: nextUser().email,
              Password: PASSWORD,
              ClientId: 'web',
              GrantType: 'password',
            }),
          }),
        },
      ],
    },
  ]
}

interface CannonInstance {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void
  on(event: 'reqError', listener: (error: Error) => void): void
}

type Cannon = ((options: Record<string, unknown>) => Promise<unknown> & CannonInstance) & {
  track?: unknown
}

async function runKind(baseUrl: string, kind: Kind, duration: number): Promise<Tally> {
  const tally: Tally = { latencies: [], statuses: {}, errors: 0 }
  const instance = (autocannon as unknown as Cannon)({
    url: baseUrl,
    connections: kind.connections,
    duration,
    timeout: 30,
    requests: kind.requests,
  })
  instance.on('response', (_client, status, _bytes, ms) => {
    tally.latencies.push(ms)
    tally.statuses[status] = (tally.statuses[status] ?? 0) + 1
  })
  instance.on('reqError', () => {
    tally.errors += 1
  })
  await instance
  return tally
}

interface Figures {
  connections: number
  requests: number
  perSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  statuses: Record<string, number>
  errors: number
}

function figuresOf(tally: Tally, connections: number, duration: number): Figures {
  const sorted = [...tally.latencies].sort((a, b) => a - b)
  return {
    connections,
    requests: sorted.length,
    perSecond: Number((sorted.length / duration).toFixed(1)),
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    statuses: tally.statuses,
    errors: tally.errors,
  }
}

/** Every 201 answered is stored, with exactly two outbox rows carrying its marker. */
function verifySubmissions(sqlitePath: string, submitted: Map<string, string>) {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true })
  try {
    const stored = new Map(
      (db.prepare('select id, message from enquiries').all() as { id: string; message: string }[]).map(
        (row) => [row.id, row.message],
      ),
    )
    const mailsPerMark = new Map<string, number>()
    for (const row of db.prepare('select text_body from outbox').iterate() as Iterable<{
      text_body: string
    }>) {
      const mark = /Ref (load-\d+-\d+)/.exec(row.text_body)?.[1]
      if (mark) mailsPerMark.set(mark, (mailsPerMark.get(mark) ?? 0) + 1)
    }
    let missing = 0
    let wrongMailCount = 0
    for (const id of submitted.keys()) {
      const message = stored.get(id)
      if (message === undefined) {
        missing += 1
        continue
      }
      const mark = /Ref (load-\d+-\d+)/.exec(message)?.[1] ?? ''
      if (mailsPerMark.get(mark) !== 2) wrongMailCount += 1
    }
    return {
      answered201: submitted.size,
      storedEnquiries: stored.size,
      missing,
      withoutExactlyTwoEmails: wrongMailCount,
      outboxRows: (db.prepare('select count(*) as n from outbox').get() as { n: number }).n,
    }
  } finally {
    db.close()
  }
}

async function main(): Promise<number> {
  if (!existsSync(WEB_BUILD)) {
    process.stderr.write(`The web build is missing (${WEB_BUILD}): run \`npm run build\` first.\n`)
    return 1
  }
  const duration = Number(argument('--duration') ?? 60)
  const connections = Number(argument('--connections') ?? 200)
  const dataDir = mkdtempSync(join(tmpdir(), 'signalway-load-'))
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  let server: ChildProcess | undefined
  try {
    process.stdout.write(`Starting the production server on ${baseUrl} (data in ${dataDir})...\n`)
    server = await startServer(port, dataDir)
    const users = await seedUsers(baseUrl)
    // Warm up: the first render of each page compiles and caches.
    for (const path of ['/', '/services/', '/news/']) await (await fetch(`${baseUrl}${path}`)).arrayBuffer()

    const submitted = new Map<string, string>()
    const only = argument('--only')
    const kinds = kindsOf(users, connections, submitted).filter(
      (kind) => !only || only.split(',').some((part) => kind.name.includes(part)),
    )
    const total = kinds.reduce((sum, kind) => sum + kind.connections, 0)
    process.stdout.write(
      `${total} connections for ${duration} s: ${kinds.map((k) => `${k.name} ${k.connections}`).join(', ')}\n`,
    )
    const tallies = await Promise.all(kinds.map((kind) => runKind(baseUrl, kind, duration)))

    await stopServer(server)
    // npm and the server share the SIGTERM; npm's own status is then the signal.
    const exitCode = server.exitCode ?? server.signalCode
    server = undefined
    const verification = verifySubmissions(join(dataDir, 'app.db'), submitted)

    const byKind = Object.fromEntries(
      kinds.map((kind, index) => [kind.name, figuresOf(tallies[index] as Tally, kind.connections, duration)]),
    )
    const merge = (group: Kind['group']) => {
      const merged: Tally = { latencies: [], statuses: {}, errors: 0 }
      kinds.forEach((kind, index) => {
        if (kind.group !== group) return
        const tally = tallies[index] as Tally
        merged.latencies.push(...tally.latencies)
        merged.errors += tally.errors
        for (const [status, n] of Object.entries(tally.statuses))
          merged.statuses[status] = (merged.statuses[status] ?? 0) + n
      })
      return figuresOf(
        merged,
        kinds.filter((kind) => kind.group === group).reduce((s, k) => s + k.connections, 0),
        duration,
      )
    }
    const pages = merge('page')
    const all = Object.values(byKind)
    const errors = all.reduce((sum, f) => sum + f.errors, 0)
    const failures = all.reduce(
      (sum, f) =>
        sum +
        Object.entries(f.statuses)
          .filter(([status]) => Number(status) >= 400)
          .reduce((s, [, n]) => s + n, 0),
      0,
    )
    const lost = verification.missing + verification.withoutExactlyTwoEmails
    const met = {
      pageP99: pages.p99Ms < TARGETS.pageP99Ms,
      noErrors: errors + failures === TARGETS.errors,
      noLostSubmission: lost === TARGETS.lostSubmissions,
    }

    const rows = [...Object.entries(byKind), ['pages (all)', pages] as const]
    process.stdout.write(
      '\nkind              conns   requests    req/s    p50    p95    p99    max  statuses\n',
    )
    for (const [name, f] of rows) {
      process.stdout.write(
        `${name.padEnd(16)} ${String(f.connections).padStart(6)} ${String(f.requests).padStart(10)} ${String(f.perSecond).padStart(8)} ${String(f.p50Ms).padStart(6)} ${String(f.p95Ms).padStart(6)} ${String(f.p99Ms).padStart(6)} ${String(f.maxMs).padStart(6)}  ${JSON.stringify(f.statuses)}${f.errors ? ` errors ${f.errors}` : ''}\n`,
      )
    }
    const totalRequests = all.reduce((sum, f) => sum + f.requests, 0)
    process.stdout.write(
      `\ntotal ${totalRequests} requests, ${(totalRequests / duration).toFixed(1)}/s; ` +
        `server exit code after SIGTERM: ${exitCode}\n` +
        `submissions: ${verification.answered201} answered 201, ${verification.missing} missing, ` +
        `${verification.withoutExactlyTwoEmails} without exactly 2 emails (${verification.outboxRows} outbox rows)\n` +
        `targets: page p99 < ${TARGETS.pageP99Ms} ms ${met.pageP99 ? 'met' : 'MISSED'}; ` +
        `no error ${met.noErrors ? 'met' : `MISSED (${errors} socket errors, ${failures} 4xx/5xx)`}; ` +
        `no lost submission ${met.noLostSubmission ? 'met' : 'MISSED'}\n`,
    )

    mkdirSync(dirname(RESULTS), { recursive: true })
    writeFileSync(
      RESULTS,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: {
            cpus: availableParallelism(),
            model: cpus()[0]?.model ?? 'unknown',
            node: process.version,
          },
          durationSeconds: duration,
          connections: total,
          totalRequests,
          requestsPerSecond: Number((totalRequests / duration).toFixed(1)),
          kinds: byKind,
          pages,
          submissions: verification,
          serverExitCode: exitCode,
          targets: TARGETS,
          met,
        },
        null,
        2,
      )}\n`,
    )
    process.stdout.write(`Wrote ${RESULTS}\n`)
    return process.argv.includes('--check') && !Object.values(met).every(Boolean) ? 1 : 0
  } finally {
    if (server) await stopServer(server)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exitCode = 1
  },
)
