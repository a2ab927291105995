import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import fp from 'fastify-plugin'
import type { Executor } from '../db/database.ts'
import type { Clock } from '../lib/time.ts'
import { claimJobLease, releaseJobLease } from './jobs-repository.ts'

/** Work a module has done now and then, on every instance or, when exclusive, on one at a time. */
export interface Job {
  /** Names the job in the logs and, for an exclusive job, its lease; one job per name. */
  name: string
  /** The wait from the end of one run to the start of the next. */
  everyMs: number
  run(): Promise<void>
  /**
   * Only one instance runs it at a time: each run first takes the job's lease (a row of job_leases), and skips
   * when another instance holds it. `leaseMs` bounds a run: a holder that dies mid-run leaves the job to the
   * others after it. Without it every instance runs the job, for work that is the same whoever does it.
   */
  exclusive?: { leaseMs: number } | undefined
  /** Logged with the error when a run fails (default "scheduled job failed"); the next run comes all the same. */
  failureMessage?: string | undefined
  /** The level of that log line (default warn). */
  failureLevel?: 'warn' | 'error' | undefined
}

export interface Jobs {
  /** Adds a job; it first runs when the app is ready. */
  add(job: Job): void
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The scheduled work of every module (plugins/jobs.ts). */
    jobs: Jobs
  }
}

export interface SchedulerDeps {
  db: Executor
  clock: Clock
  log: FastifyBaseLogger
}

export interface JobScheduler extends Jobs {
  /** Runs each job once, one after another, then each every `everyMs` after its run. */
  start(): Promise<void>
  /** Stops every job, waiting for the runs in progress. */
  stop(): Promise<void>
}

export interface ScheduledJob {
  /** Runs the job at once, then every `everyMs` after each run, until stopped; resolves after the first run. */
  start(): Promise<void>
  /** Stops the job, waiting for a run in progress. */
  stop(): Promise<void>
}

export function createJobScheduler(deps: SchedulerDeps): JobScheduler {
  const jobs = new Map<string, ScheduledJob>()
  let started = false
  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`A job named ${job.name} is already scheduled`)
      const scheduled = scheduleJob(job, deps)
      jobs.set(job.name, scheduled)
      if (started) void scheduled.start()
    },
    async start() {
      started = true
      for (const job of jobs.values()) await job.start()
    },
    async stop() {
      started = false
      await Promise.all([...jobs.values()].map((job) => job.stop()))
    },
  }
}

/**
 * One job, scheduled on its own: what the plugin does for each job, for work whose start and stop belong to
 * something else (the mail worker prunes the outbox while it runs).
 */
export function scheduleJob(job: Job, deps: SchedulerDeps): ScheduledJob {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()
  let stopped = true

  const next = () => {
    if (stopped) return
    timer = setTimeout(() => {
      running = runCatching(job, deps).then(next)
    }, job.everyMs)
    // A job never keeps the process alive: stopping the server is enough.
    timer.unref()
  }

  return {
    async start() {
      if (!stopped) return
      stopped = false
      running = runCatching(job, deps)
      await running
      next()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

/** One run; a failure is logged and the job stays scheduled. */
async function runCatching(job: Job, deps: SchedulerDeps): Promise<void> {
  try {
    if (job.exclusive) await runLeased(job, job.exclusive.leaseMs, deps)
    else await job.run()
  } catch (error) {
    deps.log[job.failureLevel ?? 'warn'](
      { err: error, job: job.name },
      job.failureMessage ?? 'scheduled job failed',
    )
  }
}

async function runLeased(job: Job, leaseMs: number, { db, clock }: SchedulerDeps): Promise<void> {
  const token = randomUUID()
  const now = clock()
  const until = new Date(now.getTime() + leaseMs)
  if (!(await claimJobLease(db, { name: job.name, token, now, until }))) return
  try {
    await job.run()
  } finally {
    await releaseJobLease(db, { name: job.name, token, now: clock() })
  }
}

/** Decorates app.jobs; the jobs start once the app is ready and stop (waiting for a run) when it closes. */
export const jobsPlugin = fp(
  async (app) => {
    const scheduler = createJobScheduler({ db: app.db, clock: app.clock, log: app.log })
    app.decorate('jobs', { add: scheduler.add } satisfies Jobs)
    app.addHook('onReady', scheduler.start)
    // Before the database closes (its onClose hook), as the mail worker does.
    app.addHook('preClose', scheduler.stop)
  },
  { name: 'jobs', dependencies: ['database'] },
)
