import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { MailMessage, MailTransport } from '../../../src/lib/mail/transport.ts'
import { insertFile } from '../../../src/modules/files/repository.ts'
import { claimDueMessages, findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { enqueueMail } from '../../../src/modules/outbox/service.ts'
import { retryDelayMs } from '../../../src/modules/outbox/worker.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../../helpers/build.ts'
import { logCollector } from '../../helpers/logs.ts'
import { freePort, startSmtpServer } from '../../helpers/smtp.ts'

/** A clock the test moves by hand. */
function manualClock(start = '2026-03-02T09:00:00.000Z') {
  let now = new Date(start)
  return {
    clock: () => new Date(now),
    advance(ms: number) {
      now = new Date(now.getTime() + ms)
    },
  }
}

const mail = (n = 1) => ({
  to: `customer${n}@example.com`,
  subject: `Quote request ${n}`,
  text: `Thanks for your request ${n}. Track it at https://hire.example.com/quotes/${n}`,
})

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and stops at an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000, 3_600_000,
    ])
  })
})

describe.each(DIALECTS)('the outbox on %s', (dialect) => {
  it('delivers a queued message over SMTP, with its attachment, and marks it sent', async () => {
    const smtp = await startSmtpServer()
    onTestFinished(() => smtp.close())
    const { clock } = manualClock()
    const { app } = await buildTestApp({
      dialect,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Signalway <no-reply@signalway.example>' },
      build: { clock },
    })
    const fileId = await insertFile(
      app.db,
      { name: 'credit.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7 test') },
      clock(),
    )
    await enqueueMail(
      app.db,
      {
        ...mail(),
        replyTo: 'jo@example.com',
        attachments: [{ fileId, filename: 'credit-application.pdf', contentType: 'application/pdf' }],
      },
      clock(),
    )

    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
    const raw = smtp.messages[0] ?? ''
    expect(raw).toContain('Subject: Quote request 1')
    expect(raw).toContain('To: customer1@example.com')
    expect(raw).toContain('From: Signalway <no-reply@signalway.example>')
    expect(raw).toContain('Reply-To: jo@example.com')
    expect(raw).toContain('filename=credit-application.pdf')
    expect(await findOutboxMessages(app.db)).toMatchObject([
      { status: 'sent', attempts: 0, sent_at: clock().toISOString(), lock_token: null },
    ])
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
  })

  it('keeps a message while SMTP is down and delivers it, once, when it is back', async () => {
    const port = await freePort()
    const time = manualClock()
    const { app } = await buildTestApp({
      dialect,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, LOG_LEVEL: 'silent' },
      build: { clock: time.clock },
    })
    await enqueueMail(app.db, mail(), time.clock())

    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 })
    const [pending] = await findOutboxMessages(app.db)
    expect(pending).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: new Date(time.clock().getTime() + 30_000).toISOString(),
      last_error: expect.stringMatching(/ECONNREFUSED|connect/i),
    })

    const smtp = await startSmtpServer(port)
    onTestFinished(() => smtp.close())
    // Not due yet: the back-off holds.
    time.advance(29_000)
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
    time.advance(1_000)
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })
    time.advance(3_600_000)
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
    expect(await findOutboxMessages(app.db)).toMatchObject([{ status: 'sent', attempts: 1 }])
  })

  it('backs off exponentially and marks a message failed after 10 attempts', async () => {
    const time = manualClock()
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        throw new Error('550 mailbox unavailable')
      },
      close: () => {},
    }
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock, mailTransport: failing } })
    await enqueueMail(app.db, mail(), time.clock())

    const waits: number[] = []
    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await app.outbox.runOnce()
      const [row] = await findOutboxMessages(app.db)
      expect(row?.attempts).toBe(attempt)
      if (attempt < 10) {
        expect(result.retried).toBe(1)
        const wait = Date.parse(row?.next_attempt_at ?? '') - time.clock().getTime()
        waits.push(wait)
        time.advance(wait)
      } else {
        expect(result.failed).toBe(1)
      }
    }
    expect(waits).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map(retryDelayMs))
    expect(await findOutboxMessages(app.db)).toMatchObject([
      { status: 'failed', attempts: 10, last_error: '550 mailbox unavailable' },
    ])
    time.advance(24 * 3_600_000)
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
  })

  it('sends each message exactly once when two instances work the same outbox', async () => {
    const smtp = await startSmtpServer()
    onTestFinished(() => smtp.close())
    const database = await useTestDatabase(dialect)
    const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }
    const first = await buildTestApp({ database, env })
    const second = await buildTestApp({ database, env })
    for (let n = 1; n <= 8; n++) await enqueueMail(first.app.db, mail(n))

    const runs = await Promise.all([
      first.app.outbox.runOnce(),
      second.app.outbox.runOnce(),
      first.app.outbox.runOnce(),
      second.app.outbox.runOnce(),
    ])
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(8)
    const subjects = smtp.messages.map((raw) => /^Subject: (.*)$/m.exec(raw)?.[1]?.trim())
    expect(subjects.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `Quote request ${i + 1}`).sort())
  })

  it('takes over a message whose worker died mid-send once its claim expires', async () => {
    const time = manualClock()
    const sent: MailMessage[] = []
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => void sent.push(message),
      close() {},
    }
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock, mailTransport: transport } })
    await enqueueMail(app.db, mail(), time.clock())
    // A worker that claims the message and then dies.
    await claimDueMessages(app.db, {
      dialect: app.database.dialect,
      now: time.clock(),
      lockedUntil: new Date(time.clock().getTime() + 120_000),
      lockToken: 'dead-worker',
      limit: 10,
    })

    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
    time.advance(120_001)
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })
    expect(sent).toHaveLength(1)
  })

  it('queues nothing when the surrounding transaction rolls back', async () => {
    const { app } = await buildTestApp({ dialect })
    await app.db
      .transaction()
      .execute(async (trx) => {
        await enqueueMail(trx, mail())
        throw new Error('the submission failed')
      })
      .catch(() => {})
    expect(await findOutboxMessages(app.db)).toEqual([])
  })

  it('delivers on its own once started, and stops cleanly', async () => {
    const sent: MailMessage[] = []
    const transport: MailTransport = {
      kind: 'smtp',
      send: async (message) => void sent.push(message),
      close() {},
    }
    const { app } = await buildTestApp({
      dialect,
      env: { OUTBOX_POLL_MS: '100' },
      build: { mailTransport: transport },
    })
    app.outbox.start()
    await enqueueMail(app.db, mail())
    await expect.poll(() => sent.length, { timeout: 3000 }).toBe(1)
    await app.outbox.stop()
  })
})

describe('the .eml fallback', () => {
  it('writes each message to DATA_DIR/mail and logs only the file: never its links or its address', async () => {
    const { lines, stream: logStream } = logCollector()
    const { app, config } = await buildTestApp({ env: { LOG_LEVEL: 'info' }, build: { logStream } })
    await enqueueMail(app.db, mail(7))
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })

    const files = readdirSync(config.mailDir).filter((name) => name.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const raw = readFileSync(join(config.mailDir, files[0] ?? ''), 'utf8')
    expect(raw).toContain('Subject: Quote request 7')
    expect(raw).toContain('\r\n')

    const logged = lines.find((line) => line.msg === 'mail written to file')
    expect(logged).toMatchObject({ level: 30, file: join(config.mailDir, files[0] ?? '') })
    const everything = JSON.stringify(lines)
    expect(everything).not.toContain('https://hire.example.com/quotes/7')
    expect(everything).not.toContain(String(mail(7).to))
  })
})
