import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import type { OutboxStatus } from '../../../src/db/schema.ts'
import {
  countMailToSince,
  expiredMessagesQuery,
  findOutboxMessages,
} from '../../../src/modules/outbox/repository.ts'
import {
  ERASED_BODY,
  OUTBOX_RETENTION,
  type OutboxRetention,
  pruneCutoffs,
} from '../../../src/modules/outbox/retention.ts'
import { createOutboxWorker } from '../../../src/modules/outbox/worker.ts'
import { buildTestApp, DIALECTS, type Dialect, useTestDatabase } from '../../helpers/build.ts'
import { logCollector } from '../../helpers/logs.ts'

/*
 * The outbox does not keep mail for ever: each instance prunes it every hour, deleting sent messages 30 days
 * after sending and failed ones 90 days after their last attempt, never one queued in the last day (the
 * per-recipient limits count them), and emptying any sent message that still holds a live link.
 */

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const NOW = new Date('2026-06-01T00:00:00.000Z')
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString()

interface Stored {
  status: OutboxStatus
  createdAt: string
  sentAt?: string
  /** For a failed message: when it was last tried. */
  nextAttemptAt?: string
  text?: string
  html?: string
  to?: string
}

async function store(db: FastifyInstance['db'], rows: Stored[]): Promise<number[]> {
  const ids: number[] = []
  for (let start = 0; start < rows.length; start += 400) {
    const inserted = await db
      .insertInto('outbox')
      .values(
        rows.slice(start, start + 400).map((row, n) => ({
          to_address: row.to ?? `person${start + n}@example.com`,
          subject: `Message ${start + n}`,
          text_body: row.text ?? 'Thank you for your enquiry.',
          html_body: row.html ?? null,
          attachments: '[]',
          status: row.status,
          attempts: row.status === 'failed' ? 10 : 0,
          next_attempt_at: row.nextAttemptAt ?? row.createdAt,
          locked_until: row.status === 'sending' ? ago(-HOUR) : null,
          lock_token: row.status === 'sending' ? 'another-worker' : null,
          created_at: row.createdAt,
          sent_at: row.sentAt ?? null,
        })),
      )
      .returning('id')
      .execute()
    ids.push(...inserted.map((row) => Number(row.id)))
  }
  return ids
}

const remainingIds = async (db: FastifyInstance['db']) =>
  (await findOutboxMessages(db)).map((row) => Number(row.id))

async function setUp(dialect: Dialect, env: Record<string, string> = {}) {
  const logs = logCollector()
  const { app, database } = await buildTestApp({
    dialect,
    env: { LOG_LEVEL: 'info', ...env },
    build: { clock: () => NOW, logStream: logs.stream },
  })
  return { app, database, logs }
}

function workerOn(app: FastifyInstance, retention: OutboxRetention) {
  return createOutboxWorker({
    db: app.db,
    dialect: app.database.dialect,
    transport: { kind: 'smtp', send: async () => {}, close() {} },
    from: 'no-reply@signalway.example',
    log: app.log,
    clock: app.clock,
    pollMs: 50,
    retention,
  })
}

describe('the retention', () => {
  it('is 30 days for sent mail, 90 for failed mail, pruned hourly, and never less than a day', () => {
    expect(OUTBOX_RETENTION).toEqual({ sentDays: 30, failedDays: 90, failedLinkDays: 30, everyMs: HOUR })
    expect(pruneCutoffs(NOW)).toEqual({
      sentBefore: new Date(ago(30 * DAY)),
      failedBefore: new Date(ago(90 * DAY)),
      keepSince: new Date(ago(DAY)),
      failedLinksBefore: new Date(ago(30 * DAY)),
    })
    expect(pruneCutoffs(NOW, { sentDays: 0, failedDays: 0.5, failedLinkDays: 0, everyMs: HOUR })).toEqual({
      sentBefore: new Date(ago(DAY)),
      failedBefore: new Date(ago(DAY)),
      keepSince: new Date(ago(DAY)),
      failedLinksBefore: new Date(ago(DAY)),
    })
  })
})

describe.each(DIALECTS)('pruning the outbox on %s', (dialect) => {
  it('deletes sent mail 30 days after sending and failed mail 90 days after its last attempt; nothing else', async () => {
    const { app } = await setUp(dialect)
    // The first and the third go.
    const [, sentRecently, , failedRetriedRecently, failedRecently, pending, sending] = await store(app.db, [
      { status: 'sent', createdAt: ago(31 * DAY), sentAt: ago(30 * DAY + 60_000) },
      { status: 'sent', createdAt: ago(40 * DAY), sentAt: ago(30 * DAY - 60_000) },
      { status: 'failed', createdAt: ago(100 * DAY), nextAttemptAt: ago(90 * DAY + 60_000) },
      // Sent again by staff later, and failed again.
      { status: 'failed', createdAt: ago(100 * DAY), nextAttemptAt: ago(89 * DAY) },
      { status: 'failed', createdAt: ago(60 * DAY), nextAttemptAt: ago(60 * DAY) },
      { status: 'pending', createdAt: ago(200 * DAY) },
      { status: 'sending', createdAt: ago(200 * DAY) },
    ])

    expect(await app.outbox.prune()).toEqual({ erased: 0, deleted: 2 })
    expect(await remainingIds(app.db)).toEqual([
      sentRecently,
      failedRetriedRecently,
      failedRecently,
      pending,
      sending,
    ])
    expect(await app.outbox.prune()).toEqual({ erased: 0, deleted: 0 })
  })

  it('keeps the last day of mail whatever the retention, so that the per-recipient limits still count it', async () => {
    const { app } = await setUp(dialect)
    const to = 'jane@example.com'
    // The first goes.
    const [, recentSent, recentFailed] = await store(app.db, [
      { status: 'sent', createdAt: ago(DAY + HOUR), sentAt: ago(DAY + HOUR), to },
      { status: 'sent', createdAt: ago(23 * HOUR), sentAt: ago(23 * HOUR), to },
      { status: 'failed', createdAt: ago(2 * HOUR), nextAttemptAt: ago(HOUR), to },
    ])
    const impatient = workerOn(app, { sentDays: 0, failedDays: 0, failedLinkDays: 0, everyMs: HOUR })
    expect(await impatient.prune()).toEqual({ erased: 0, deleted: 1 })
    expect(await remainingIds(app.db)).toEqual([recentSent, recentFailed])
    expect(await countMailToSince(app.db, to, new Date(ago(DAY)))).toBe(2)
  })

  it('empties sent mail that still holds a live link (sent by an earlier release); unsent mail keeps it', async () => {
    const { app } = await setUp(dialect)
    const reset = 'Open https://hire.example.com/reset-password/?t=abc123 within 30 minutes.'
    const html = '<a href="https://hire.example.com/application-for-credit/sign/abc123">Sign</a>'
    const [sentReset, sentHtml, sentPlain, failedReset, pendingReset] = await store(app.db, [
      { status: 'sent', createdAt: ago(HOUR), sentAt: ago(HOUR), text: reset },
      { status: 'sent', createdAt: ago(HOUR), sentAt: ago(HOUR), text: 'Please sign.', html },
      { status: 'sent', createdAt: ago(HOUR), sentAt: ago(HOUR), text: 'See https://hire.example.com/news/' },
      { status: 'failed', createdAt: ago(HOUR), text: reset },
      { status: 'pending', createdAt: ago(HOUR), text: reset },
    ])

    expect(await app.outbox.prune()).toEqual({ erased: 2, deleted: 0 })
    const rows = new Map((await findOutboxMessages(app.db)).map((row) => [Number(row.id), row]))
    for (const id of [sentReset, sentHtml]) {
      expect(rows.get(Number(id))).toMatchObject({ status: 'sent', text_body: ERASED_BODY, html_body: null })
    }
    expect(rows.get(Number(sentPlain))?.text_body).toBe('See https://hire.example.com/news/')
    expect(rows.get(Number(failedReset))?.text_body).toBe(reset)
    expect(rows.get(Number(pendingReset))?.text_body).toBe(reset)
    expect(await app.outbox.prune()).toEqual({ erased: 0, deleted: 0 })
  })

  it('empties failed mail holding a link once no link could still work (30 days), and keeps it until then', async () => {
    const { app } = await setUp(dialect)
    const link = 'Open https://hire.example.com/application-for-credit/resume/abc123 to carry on.'
    const [dead, alive, plain] = await store(app.db, [
      { status: 'failed', createdAt: ago(31 * DAY), nextAttemptAt: ago(31 * DAY), text: link },
      { status: 'failed', createdAt: ago(29 * DAY), nextAttemptAt: ago(29 * DAY), text: link },
      {
        status: 'failed',
        createdAt: ago(31 * DAY),
        nextAttemptAt: ago(31 * DAY),
        text: 'Your quote request.',
      },
    ])
    expect(await app.outbox.prune()).toEqual({ erased: 1, deleted: 0 })
    const rows = new Map((await findOutboxMessages(app.db)).map((row) => [Number(row.id), row]))
    expect(rows.get(Number(dead))).toMatchObject({
      status: 'failed',
      text_body: ERASED_BODY,
      html_body: null,
    })
    expect(rows.get(Number(alive))?.text_body).toBe(link)
    expect(rows.get(Number(plain))?.text_body).toBe('Your quote request.')
    expect(await app.outbox.prune()).toEqual({ erased: 0, deleted: 0 })
  })

  it('is harmless when several instances prune at once, and deletes in batches', async () => {
    const database = await useTestDatabase(dialect)
    const first = await buildTestApp({ database, build: { clock: () => NOW } })
    const second = await buildTestApp({ database, build: { clock: () => NOW } })
    const expired = Array.from(
      { length: 1_200 },
      (): Stored => ({
        status: 'sent',
        createdAt: ago(40 * DAY),
        sentAt: ago(40 * DAY),
      }),
    )
    const kept = await store(first.app.db, [
      ...expired,
      { status: 'sent', createdAt: ago(DAY * 2), sentAt: ago(DAY * 2) },
      { status: 'pending', createdAt: ago(DAY * 200) },
    ])

    const results = await Promise.all([
      first.app.outbox.prune(),
      second.app.outbox.prune(),
      first.app.outbox.prune(),
    ])
    // The sweeps may share the work, and one may stop early when the other took its batch: the next hour's
    // sweep finishes it.
    const deleted = results.reduce((total, result) => total + result.deleted, 0)
    expect(deleted).toBeGreaterThan(0)
    expect(deleted).toBeLessThanOrEqual(1_200)
    expect((await second.app.outbox.prune()).deleted).toBe(1_200 - deleted)
    expect(await remainingIds(first.app.db)).toEqual(kept.slice(-2))
  })

  it('finds expired mail through an index, not by reading the whole outbox (migration 0020)', async () => {
    const { app } = await setUp(dialect)
    await store(
      app.db,
      Array.from({ length: 50 }, (_, n): Stored => ({ status: 'pending', createdAt: ago(n * HOUR) })),
    )
    // Sent mail by the index of migration 0020; failed mail by either index led by the status.
    for (const [status, index] of [
      ['sent', /outbox_sent_idx/],
      ['failed', /outbox_(due|sent)_idx/],
    ] as const) {
      const query = expiredMessagesQuery(app.db, status, pruneCutoffs(NOW), 500).compile()
      const plan = await app.db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`set local enable_seqscan = off`.execute(trx)
          await sql`analyze outbox`.execute(trx)
          const rows = await trx.executeQuery<{ 'QUERY PLAN': string }>({
            ...query,
            sql: `explain ${query.sql}`,
          })
          return rows.rows.map((row) => row['QUERY PLAN']).join(' | ')
        }
        const rows = await trx.executeQuery<{ detail: string }>({
          ...query,
          sql: `explain query plan ${query.sql}`,
        })
        return rows.rows.map((row) => row.detail).join(' | ')
      })
      expect(plan, status).toMatch(index)
      expect(plan, status).not.toMatch(/Seq Scan on outbox|\bSCAN outbox\b(?! USING)/)
    }
  })

  it('runs with the mail worker: on start, then once an hour (not on every poll), and stops with it', async () => {
    const { app, logs } = await setUp(dialect, { OUTBOX_POLL_MS: '100' })
    const expired = (): Stored => ({ status: 'sent', createdAt: ago(40 * DAY), sentAt: ago(40 * DAY) })
    await store(app.db, [expired()])
    app.outbox.start()
    await expect.poll(() => remainingIds(app.db), { timeout: 5000 }).toEqual([])
    // Logged once the sweep's deletion has returned: a moment after the rows are gone, on a busy machine.
    await expect
      .poll(() => logs.lines.find((line) => line.msg === 'outbox pruned'), { timeout: 5000 })
      .toMatchObject({ erased: 0, deleted: 1 })

    const [next] = await store(app.db, [expired()])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await remainingIds(app.db)).toEqual([next])
    await app.outbox.stop()

    // With a shorter period, the next sweep comes by itself; once stopped, none does.
    const frequent = workerOn(app, { ...OUTBOX_RETENTION, everyMs: 100 })
    frequent.start()
    await expect.poll(() => remainingIds(app.db), { timeout: 5000 }).toEqual([])
    await store(app.db, [expired()])
    await expect.poll(() => remainingIds(app.db), { timeout: 5000 }).toEqual([])
    await frequent.stop()
    const [afterStop] = await store(app.db, [expired()])
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await remainingIds(app.db)).toEqual([afterStop])
  })
})
