/**
 * npm run bench:load: the whole product under a mixed load, against the production server
 * (`npm run start:prod`, DEMO=1, the web build) on a temporary data folder and a free port.
 *
 * 200 concurrent connections for 60 seconds (autocannon, one instance per kind, run together):
 *   - page views rendered on the server: home, services, news (half the connections), asked for as a browser
 *     asks (Accept: text/html, Accept-Encoding: gzip, deflate, br);
 *   - profile reads by signed-in users (bearer token, GET .../profile/settings);
 *   - contact messages and quote requests (each with a unique marker in its message);
 *   - sign-ins (password grant: argon2id, 19 MiB, 2 iterations).
 * Reports throughput and p50/p95/p99 latency per kind and every status seen. Then stops the server
 * (SIGTERM, graceful) and reads its SQLite database directly: every submission answered 201 must be
 * stored, with its two emails in the outbox (the business's, found by its marker; the sender's, to their own
 * address). Target: no error, no lost submission, page p99 under 100 ms.
 *
 *   node bench/load.ts [--duration S] [--connections N] [--only KIND] [--check]   (--check: exit 1 on a miss)
 *
 * Needs the web build (`npm run build`). Per-address limits are scaled up (RATE_LIMIT_FACTOR=10000):
 * every request comes from 127.0.0.1. Writes bench/results/load.json.
 */
import { existsSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { argument } from './lib/args.ts'
import { type CannonRequest, cannon } from './lib/autocannon.ts'
import { writeResults } from './lib/results.ts'
import { startServer } from './lib/server.ts'
import { percentile } from './lib/stats.ts'
import { type BenchUser, profileCannonRequest, registerUsers, signInCannonRequest } from './lib/users.ts'

const WEB_BUILD = join(import.meta.dirname, '..', 'apps', 'web', 'build', 'server', 'index.js')

const TARGETS = { pageP99Ms: 100, errors: 0, lostSubmissions: 0 } as const
const USERS = 20
/** What a browser's request for a page says about the answer it takes. */
const BROWSER_PAGE = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' }

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

function kindsOf(users: BenchUser[], connections: number, submitted: Map<string, string>): Kind[] {
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
          // One address per submission: an address is sent at most three acknowledgements an hour.
          email: `${mark}@example.com`,
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
  const page = (path: string): CannonRequest[] => [{ path, headers: BROWSER_PAGE }]
  const share = (fraction: number) => Math.max(1, Math.round(connections * fraction))
  return [
    { name: 'page: home', group: 'page', connections: share(0.2), requests: page('/') },
    { name: 'page: services', group: 'page', connections: share(0.15), requests: page('/services/') },
    { name: 'page: news', group: 'page', connections: share(0.15), requests: page('/news/') },
    {
      name: 'profile read',
      group: 'profile',
      connections: share(0.25),
      requests: [profileCannonRequest(users)],
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
      requests: [signInCannonRequest(users)],
    },
  ]
}

async function runKind(baseUrl: string, kind: Kind, duration: number): Promise<Tally> {
  const tally: Tally = { latencies: [], statuses: {}, errors: 0 }
  const instance = cannon({
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

/**
 * Every 201 answered is stored, and has its two emails in the outbox: the notification to the business,
 * which carries the message (found by its marker), and the acknowledgement to the sender's own address,
 * which names the reference.
 */
function verifySubmissions(sqlitePath: string, submitted: Map<string, string>) {
  const db = new SQLite(sqlitePath, { readonly: true, fileMustExist: true })
  try {
    const stored = new Map(
      (db.prepare('select id, email, message from enquiries').all() as Row[]).map((row) => [row.id, row]),
    )
    const notifications = new Map<string, number>()
    const acknowledgements = new Map<string, string[]>()
    for (const row of db.prepare('select to_address, text_body from outbox').iterate() as Iterable<{
      to_address: string
      text_body: string
    }>) {
      const mark = /Ref (load-\d+-\d+)/.exec(row.text_body)?.[1]
      if (mark) notifications.set(mark, (notifications.get(mark) ?? 0) + 1)
      else
        acknowledgements.set(row.to_address, [...(acknowledgements.get(row.to_address) ?? []), row.text_body])
    }
    let missing = 0
    let withoutTheirEmails = 0
    for (const id of submitted.keys()) {
      const enquiry = stored.get(id)
      if (enquiry === undefined) {
        missing += 1
        continue
      }
      const mark = /Ref (load-\d+-\d+)/.exec(enquiry.message)?.[1] ?? ''
      const acknowledged = (acknowledgements.get(enquiry.email) ?? []).filter((text) => text.includes(id))
      if (notifications.get(mark) !== 1 || acknowledged.length !== 1) withoutTheirEmails += 1
    }
    return {
      answered201: submitted.size,
      storedEnquiries: stored.size,
      missing,
      withoutTheirTwoEmails: withoutTheirEmails,
      outboxRows: (db.prepare('select count(*) as n from outbox').get() as { n: number }).n,
    }
  } finally {
    db.close()
  }
}

interface Row {
  id: string
  email: string
  message: string
}

async function main(): Promise<number> {
  if (!existsSync(WEB_BUILD)) {
    process.stderr.write(`The web build is missing (${WEB_BUILD}): run \`npm run build\` first.\n`)
    return 1
  }
  const duration = Number(argument('--duration') ?? 60)
  const connections = Number(argument('--connections') ?? 200)
  process.stdout.write('Starting the production server...\n')
  const server = await startServer({
    name: 'load',
    adminPassword: 'Bench-Admin-Passw0rd',
    rateLimitFactor: 10_000,
    readyTimeoutMs: 90_000,
  })
  const baseUrl = server.baseUrl
  process.stdout.write(`It is on ${baseUrl} (data in ${server.dataDir}).\n`)
  try {
    const users = await registerUsers(baseUrl, { count: USERS, emailPrefix: 'load', firstName: 'Load' })
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

    await server.stop()
    // npm and the server share the SIGTERM; npm's own status is then the signal.
    const exitCode = server.process.exitCode ?? server.process.signalCode
    const verification = verifySubmissions(join(server.dataDir, 'app.db'), submitted)

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
    const lost = verification.missing + verification.withoutTheirTwoEmails
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
        `${verification.withoutTheirTwoEmails} without their two emails (${verification.outboxRows} outbox rows)\n` +
        `targets: page p99 < ${TARGETS.pageP99Ms} ms ${met.pageP99 ? 'met' : 'MISSED'}; ` +
        `no error ${met.noErrors ? 'met' : `MISSED (${errors} socket errors, ${failures} 4xx/5xx)`}; ` +
        `no lost submission ${met.noLostSubmission ? 'met' : 'MISSED'}\n`,
    )

    const written = writeResults('load', {
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
    })
    process.stdout.write(`Wrote ${written}\n`)
    return process.argv.includes('--check') && !Object.values(met).every(Boolean) ? 1 : 0
  } finally {
    await server.stop()
    server.removeData()
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
