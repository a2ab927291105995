import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { API_ROOT } from '../src/lib/paths.ts'
import { freePort } from './helpers/smtp.ts'

interface Started {
  child: ChildProcess
  stdout: string[]
  stderr: string[]
  exit: Promise<number | null>
}

/** Starts the server the way the package scripts do, with only the given environment. */
function startServer(env: Record<string, string>): Started {
  const child = spawn('npm', ['exec', '--', 'node', 'src/server.ts'], {
    cwd: API_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stdout: string[] = []
  const stderr: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => stdout.push(...String(chunk).split('\n').filter(Boolean)))
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(...String(chunk).split('\n').filter(Boolean)))
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL')
  })
  return { child, stdout, stderr, exit }
}

/** stderr without npm's own notices. */
function ownLines(lines: string[]): string[] {
  return lines.filter((line) => !line.startsWith('npm '))
}

function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'signalway-server-'))
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

describe('the server process', () => {
  it('starts on a fresh data directory, answers, and exits 0 on SIGTERM', { timeout: 60_000 }, async () => {
    const port = await freePort()
    const dataDir = tempDataDir()
    const server = startServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      WEB_BUILD_DIR: join(dataDir, 'no-web'),
    })

    await expect
      .poll(
        async () => {
          const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined)
          return response?.status
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200)

    const adminLines = server.stdout.filter((line) => line.startsWith('Administrator created: '))
    expect(adminLines).toHaveLength(1)

    // npm exec does not forward signals: signal the server itself, as a process manager would.
    const pid = server.stdout.map((line) => /"pid":(\d+)/.exec(line)?.[1]).find(Boolean)
    expect(pid).toBeDefined()
    process.kill(Number(pid), 'SIGTERM')
    expect(await server.exit).toBe(0)
    expect(server.stdout.some((line) => line.includes('"msg":"shutting down"'))).toBe(true)
    expect(ownLines(server.stderr)).toEqual([])
  })

  it('exits 1 with one line on stderr when a variable is bad', { timeout: 30_000 }, async () => {
    const server = startServer({ DATA_DIR: tempDataDir(), PORT: 'abc' })
    expect(await server.exit).toBe(1)
    expect(ownLines(server.stderr)).toEqual([
      'Configuration error: PORT must be an integer between 1 and 65535 (got "abc")',
    ])
  })

  it('refuses production without JWT_SECRET unless it is the demo', { timeout: 30_000 }, async () => {
    const server = startServer({
      DATA_DIR: tempDataDir(),
      NODE_ENV: 'production',
      PORT: String(await freePort()),
    })
    expect(await server.exit).toBe(1)
    const lines = ownLines(server.stderr)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^Configuration error: JWT_SECRET is required when NODE_ENV=production/)
  })
})
