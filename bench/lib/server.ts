/**
 * The production server for a benchmark: `npm run start:prod` with DEMO=1, on 127.0.0.1, a port
 * the system reports free and a temporary data folder, started the way the README starts it.
 *
 *   const server = await startServer({ name: 'bench-api', rateLimitFactor: 10_000 })
 *   try {
 *     await fetch(`${server.baseUrl}/api/health`)
 *   } finally {
 *     await server.stop()
 *     server.removeData()
 *   }
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '..', '..')

export interface ServerOptions {
  /** Names the temporary data folder: signalway-<name>-XXXXXX in the system's temp folder. */
  name: string
  /**
   * RATE_LIMIT_FACTOR, which multiplies every per-address rate limit: a load from 127.0.0.1 would
   * otherwise be limited as one person. Unset: the server's own default (1).
   */
  rateLimitFactor?: number
  /** ADMIN_PASSWORD of the first administrator. Unset: the demo profile generates one. */
  adminPassword?: string
  /** DATABASE_URL: PostgreSQL instead of SQLite in the data folder. */
  databaseUrl?: string
  /** Any other variables, applied last. */
  env?: Record<string, string>
  /** How long to wait for GET /api/ready to answer 200 (ms). Default 60 s. */
  readyTimeoutMs?: number
}

export interface BenchServer {
  /** http://127.0.0.1:PORT, also the SITE_URL. */
  readonly baseUrl: string
  /** The temporary DATA_DIR (SQLite database, generated secret, .eml folder). */
  readonly dataDir: string
  /** The npm process, in a process group of its own; after stop(), exitCode or signalCode says how it ended. */
  readonly process: ChildProcess
  /** SIGTERM to the process group (npm does not forward it), then waits for the exit; SIGKILL after 15 s. Safe to call again. */
  stop(): Promise<void>
  /** Deletes the data folder (after stop()). */
  removeData(): void
}

/** A port the system reports free on 127.0.0.1. */
export async function freePort(): Promise<number> {
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

/** The server's environment: the demo profile, warnings only, and the options' variables. */
function environment(options: ServerOptions, port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEMO: '1',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
  }
  if (options.adminPassword !== undefined) env.ADMIN_PASSWORD = options.adminPassword
  if (options.rateLimitFactor !== undefined) env.RATE_LIMIT_FACTOR = String(options.rateLimitFactor)
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl
  return { ...env, ...options.env }
}

async function stopProcess(child: ChildProcess): Promise<void> {
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

/**
 * Starts the server and resolves once GET /api/ready answers 200. When it exits or is not ready
 * in time, it is stopped, its data folder deleted, and the promise rejects.
 */
export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), `signalway-${options.name}-`))
  const child = spawn('npm', ['run', 'start:prod'], {
    cwd: ROOT,
    // Its own process group, so that stopping it stops npm and node together.
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: environment(options, port, dataDir),
  })
  const server: BenchServer = {
    baseUrl,
    dataDir,
    process: child,
    stop: () => stopProcess(child),
    removeData: () => rmSync(dataDir, { recursive: true, force: true }),
  }
  try {
    await waitUntilReady(child, baseUrl, readyTimeoutMs)
    return server
  } catch (error) {
    await server.stop()
    server.removeData()
    throw error
  }
}

async function waitUntilReady(child: ChildProcess, baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((wait) => setTimeout(wait, 250))
  }
  throw new Error(`The server did not become ready within ${timeoutMs / 1000} s`)
}
