import type { FastifyPluginAsync } from 'fastify'
import { describe, expect, it } from 'vitest'
import type { Job } from '../../src/plugins/jobs.ts'
import { buildTestApp, DIALECTS, type Dialect, type TestDatabase, useTestDatabase } from '../helpers/build.ts'
import { logCollector } from '../helpers/logs.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** An app whose only extra work is `job`, scheduled the way a module schedules its own. */
async function appWith(dialect: Dialect, job: Job, options: { database?: TestDatabase } = {}) {
  const logs = logCollector()
  const schedule: FastifyPluginAsync = async (app) => app.jobs.add(job)
  const { app } = await buildTestApp({
    dialect,
    ...(options.database ? { database: options.database } : {}),
    env: { LOG_LEVEL: 'info' },
    build: { routes: [schedule], logStream: logs.stream },
  })
  return { app, logs }
}

describe.each(DIALECTS)('the jobs plugin on %s', (dialect) => {
  it('runs a job once the app is ready, then on its interval', async () => {
    let runs = 0
    await appWith(dialect, {
      name: 'count',
      everyMs: 50,
      run: async () => {
        runs += 1
      },
    })
    // The first run is done by the time the app is ready.
    expect(runs).toBeGreaterThanOrEqual(1)
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(4)
  })

  it('runs an exclusive job on one instance at a time across apps sharing a database', async () => {
    const database = await useTestDatabase(dialect)
    let running = 0
    let mostAtOnce = 0
    let runs = 0
    const job = (): Job => ({
      name: 'exclusive',
      everyMs: 10,
      exclusive: { leaseMs: 60_000 },
      run: async () => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        runs += 1
        await sleep(60)
        running -= 1
      },
    })
    const first = await appWith(dialect, job(), { database })
    const second = await appWith(dialect, job(), { database })
    await expect.poll(() => runs, { timeout: 10_000 }).toBeGreaterThanOrEqual(6)
    expect(mostAtOnce).toBe(1)
    await Promise.all([first.app.close(), second.app.close()])
  })

  it('runs a job that is not exclusive on every instance, at the same time if need be', async () => {
    const database = await useTestDatabase(dialect)
    let running = 0
    let mostAtOnce = 0
    const job: Job = {
      name: 'everywhere',
      everyMs: 10,
      run: async () => {
        running += 1
        mostAtOnce = Math.max(mostAtOnce, running)
        await sleep(100)
        running -= 1
      },
    }
    await appWith(dialect, job, { database })
    await appWith(dialect, job, { database })
    await expect.poll(() => mostAtOnce, { timeout: 10_000 }).toBe(2)
  })

  it('stops on close, waiting for a run in progress, and runs no more', async () => {
    let runs = 0
    let finished = false
    let release: () => void = () => {}
    const { app } = await appWith(dialect, {
      name: 'slow',
      everyMs: 20,
      run: async () => {
        runs += 1
        // The first run (at ready) is quick; the second waits until the test lets it go.
        if (runs === 2) {
          await new Promise<void>((resolve) => {
            release = resolve
          })
          finished = true
        }
      },
    })
    await expect.poll(() => runs, { timeout: 5000 }).toBe(2)
    let closed = false
    const closing = app.close().then(() => {
      closed = true
    })
    await sleep(100)
    expect(closed).toBe(false)
    release()
    await closing
    expect(finished).toBe(true)
    await sleep(100)
    expect(runs).toBe(2)
  })

  it('logs a failed run with the job it was, and runs it again on time', async () => {
    let runs = 0
    const { logs } = await appWith(dialect, {
      name: 'flaky',
      everyMs: 30,
      failureMessage: 'the flaky job failed',
      run: async () => {
        runs += 1
        if (runs <= 2) throw new Error(`run ${runs} broke`)
      },
    })
    await expect.poll(() => runs, { timeout: 5000 }).toBeGreaterThanOrEqual(4)
    const failures = logs.lines.filter((line) => line.msg === 'the flaky job failed')
    expect(failures).toHaveLength(2)
    expect(failures[0]).toMatchObject({ level: 40, job: 'flaky', err: { message: 'run 1 broke' } })
  })

  it('refuses two jobs of the same name', async () => {
    const job: Job = { name: 'twice', everyMs: 1000, run: async () => {} }
    const schedule: FastifyPluginAsync = async (app) => {
      app.jobs.add(job)
      app.jobs.add(job)
    }
    await expect(buildTestApp({ dialect, build: { routes: [schedule] } })).rejects.toThrow(
      'A job named twice is already scheduled',
    )
  })
})
