import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { DialectName, Executor } from '../../db/database.ts'
import type { OutboxRow } from '../../db/schema.ts'
import type { MailAttachment, MailTransport } from '../../lib/mail/transport.ts'
import { type Clock, systemClock } from '../../lib/time.ts'
import { scheduleJob } from '../../plugins/jobs.ts'
import { findFilesByIds } from '../files/repository.ts'
import {
  claimDueMessages,
  deleteExpiredMessages,
  eraseFailedTokenLinks,
  eraseSentTokenLinks,
  markAttemptFailed,
  markSent,
} from './repository.ts'
import { OUTBOX_RETENTION, type OutboxRetention, pruneCutoffs } from './retention.ts'
import type { OutgoingAttachment } from './service.ts'

export interface OutboxWorkerOptions {
  db: Executor
  dialect: DialectName
  transport: MailTransport
  from: string
  log: FastifyBaseLogger
  clock?: Clock | undefined
  pollMs?: number | undefined
  batchSize?: number | undefined
  /** After this many failed attempts a message is marked failed. */
  maxAttempts?: number | undefined
  /** How long a claim lasts; a worker that dies mid-send leaves its messages to others after it. */
  lockMs?: number | undefined
  /** How long messages are kept, and how often they are pruned (OUTBOX_RETENTION). */
  retention?: OutboxRetention | undefined
}

export interface RunResult {
  sent: number
  retried: number
  failed: number
}

export interface PruneResult {
  /** Sent messages emptied because they still held a link to a token page. */
  erased: number
  deleted: number
}

export interface OutboxWorker {
  /** Claims and sends one batch of due messages. */
  runOnce(): Promise<RunResult>
  /** Empties sent messages that still hold a token link, and deletes the messages past their retention. */
  prune(): Promise<PruneResult>
  /** Polls every pollMs, and prunes at once and then every retention.everyMs, until stopped. */
  start(): void
  /** Stops polling and pruning, and waits for the batch or the prune in progress. */
  stop(): Promise<void>
}

const BASE_DELAY_MS = 30_000
const MAX_DELAY_MS = 60 * 60_000
/** Deleted per statement, so that no prune holds the outbox for long. */
const PRUNE_BATCH = 500

/** 30 s, 1 min, 2 min, ... capped at 1 h: the wait after the n-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), MAX_DELAY_MS)
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const clock = options.clock ?? systemClock
  const pollMs = options.pollMs ?? 1000
  const batchSize = options.batchSize ?? 10
  const maxAttempts = options.maxAttempts ?? 10
  const lockMs = options.lockMs ?? 120_000
  const retention = options.retention ?? OUTBOX_RETENTION
  const { db, log } = options

  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = true
  /** Set by stop(): a prune in progress ends after its current batch. */
  let stopping = false

  async function deliver(message: OutboxRow, lockToken: string): Promise<keyof RunResult> {
    try {
      await options.transport.send({
        from: options.from,
        to: message.to_address,
        ...(message.reply_to ? { replyTo: message.reply_to } : {}),
        subject: message.subject,
        text: message.text_body,
        html: message.html_body ?? undefined,
        attachments: await loadAttachments(db, message.attachments),
      })
    } catch (error) {
      const attempts = message.attempts + 1
      const giveUp = attempts >= maxAttempts
      const nextAttemptAt = giveUp ? undefined : new Date(clock().getTime() + retryDelayMs(attempts))
      const reason = error instanceof Error ? error.message : String(error)
      await markAttemptFailed(db, message.id, lockToken, {
        attempts,
        error: reason.slice(0, 1000),
        nextAttemptAt,
      })
      const context = { outboxId: message.id, attempts, err: error }
      if (giveUp) log.error(context, 'mail failed for good')
      else log.warn({ ...context, nextAttemptAt }, 'mail failed; will retry')
      return giveUp ? 'failed' : 'retried'
    }
    await markSent(db, message.id, lockToken, clock())
    log.info({ outboxId: message.id, transport: options.transport.kind }, 'mail sent')
    return 'sent'
  }

  async function runOnce(): Promise<RunResult> {
    const now = clock()
    const lockToken = randomUUID()
    const claimed = await claimDueMessages(db, {
      dialect: options.dialect,
      now,
      lockedUntil: new Date(now.getTime() + lockMs),
      lockToken,
      limit: batchSize,
    })
    const result: RunResult = { sent: 0, retried: 0, failed: 0 }
    // Oldest first, whatever order the database returned the claimed rows in.
    const oldestFirst = [...claimed].sort((a, b) => Number(a.id) - Number(b.id))
    for (const message of oldestFirst) result[await deliver(message, lockToken)] += 1
    return result
  }

  async function tick(): Promise<void> {
    let fullBatch = false
    try {
      const result = await runOnce()
      fullBatch = result.sent + result.retried + result.failed >= batchSize
    } catch (error) {
      log.error({ err: error }, 'outbox run failed')
    }
    // A full batch suggests more are waiting: go again at once.
    if (!stopped) timer = setTimeout(schedule, fullBatch ? 0 : pollMs)
  }

  function schedule(): void {
    running = tick()
  }

  /**
   * Harmless when several instances prune at once: each statement deletes or empties what is still there, and
   * nothing a worker holds (pending or sending messages) is touched.
   */
  async function prune(): Promise<PruneResult> {
    const cutoffs = pruneCutoffs(clock(), retention)
    const result: PruneResult = {
      erased: (await eraseSentTokenLinks(db)) + (await eraseFailedTokenLinks(db, cutoffs.failedLinksBefore)),
      deleted: 0,
    }
    for (const status of ['sent', 'failed'] as const) {
      let count: number
      do {
        count = await deleteExpiredMessages(db, status, cutoffs, PRUNE_BATCH)
        result.deleted += count
      } while (count === PRUNE_BATCH && !stopping)
    }
    return result
  }

  // Pruned on the jobs plugin's schedule, but with the worker: only a process that sends mail prunes it.
  const pruning = scheduleJob(
    {
      name: 'outbox-prune',
      everyMs: retention.everyMs,
      failureMessage: 'outbox prune failed',
      failureLevel: 'error',
      run: async () => {
        const result = await prune()
        if (result.erased + result.deleted > 0) log.info(result, 'outbox pruned')
      },
    },
    { db, clock, log },
  )

  return {
    runOnce,
    prune,
    start() {
      if (!stopped) return
      stopped = false
      stopping = false
      timer = setTimeout(schedule, 0)
      void pruning.start()
    },
    async stop() {
      stopped = true
      stopping = true
      clearTimeout(timer)
      await Promise.all([running, pruning.stop()])
    },
  }
}

async function loadAttachments(db: Executor, json: string): Promise<MailAttachment[]> {
  const refs = JSON.parse(json) as OutgoingAttachment[]
  if (refs.length === 0) return []
  const files = new Map(
    (
      await findFilesByIds(
        db,
        refs.map((ref) => ref.fileId),
      )
    ).map((file) => [file.id, file]),
  )
  return refs.map((ref) => {
    const file = files.get(ref.fileId)
    if (!file) throw new Error(`Attachment file ${ref.fileId} does not exist`)
    return { filename: ref.filename, contentType: ref.contentType, content: Buffer.from(file.data) }
  })
}
