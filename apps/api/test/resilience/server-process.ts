import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { expect, onTestFinished } from 'vitest'
import type { Env } from '../../src/config.ts'
import { API_ROOT } from '../../src/lib/paths.ts'

/** `node src/server.ts` as a child process (no npm in between, so that signals reach it). */
export interface ServerProcess {
  child: ChildProcess
  url: string
  output: string[]
  /** Resolves with the exit code (null when killed by a signal). */
  exit: Promise<number | null>
  exited(): boolean
}

export function startServerProcess(env: Env & { PORT: string; DATA_DIR: string }): ServerProcess {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
      ADMIN_PASSWORD: 'Admin12345',
      WEB_BUILD_DIR: join(env.DATA_DIR, 'no-web-build'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)))
  child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)))
  let done = false
  const exit = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true
      resolve(code)
    }),
  )
  onTestFinished(() => {
    if (!done) child.kill('SIGKILL')
  })
  return { child, url: `http://127.0.0.1:${env.PORT}`, output, exit, exited: () => done }
}

/** Waits until /api/ready answers 200. */
export async function waitUntilReady(server: ServerProcess, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      async () => {
        if (server.exited()) throw new Error(`server exited:\n${server.output.join('')}`)
        const response = await fetch(`${server.url}/api/ready`).catch(() => undefined)
        return response?.status
      },
      { timeout, interval: 100 },
    )
    .toBe(200)
}
