import { describe, expect, it, onTestFinished } from 'vitest'
import type { MailTransport } from '../../../src/lib/mail/transport.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { retryDelayMs } from '../../../src/modules/outbox/worker.ts'
import { bearer, createAdmin, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { freePort, startSmtpServer } from '../../helpers/smtp.ts'
import { contact, manualClock, post, quote } from './helpers.ts'

const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(raw)?.[1]?.trim()

describe.each(DIALECTS)('enquiry mail on %s', (dialect) => {
  it('saves a quote while SMTP is down (201, nothing delivered), then delivers both emails exactly once', async () => {
    const port = await freePort()
    const time = manualClock()
    const { app } = await buildTestApp({
      dialect,
      env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
      build: { clock: time.clock },
    })

    const response = await post(app, '/api/get-a-quote', quote)
    expect(response.statusCode).toBe(201)
    const { id } = response.json() as { id: string }
    expect(await app.db.selectFrom('enquiries').select('id').execute()).toEqual([{ id }])

    // SMTP down: both attempts fail and wait their back-off; the enquiry is safe.
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 2, failed: 0 })
    expect((await findOutboxMessages(app.db)).map((message) => message.status)).toEqual([
      'pending',
      'pending',
    ])

    const smtp = await startSmtpServer(port)
    onTestFinished(() => smtp.close())
    time.advance(retryDelayMs(1) - 1)
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
    time.advance(1)
    expect(await app.outbox.runOnce()).toEqual({ sent: 2, retried: 0, failed: 0 })
    // Later runs send nothing again.
    time.advance(3_600_000)
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })
    expect(await app.outbox.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 })

    expect(smtp.messages).toHaveLength(2)
    const [business, acknowledgement] = smtp.messages as [string, string]
    expect(header(business, 'To')).toBe('enquiries@signalway.example')
    expect(header(business, 'Reply-To')).toBe('jane@example.com')
    expect(header(business, 'Subject')).toMatch(/^New quote request from Jane Citizen \(Q-\d{4}-00001\)$/)
    expect(business).toMatch(/Content-Type: multipart\/alternative/)
    expect(header(acknowledgement, 'To')).toBe('jane@example.com')
    expect(header(acknowledgement, 'Subject')).toMatch(
      /^Thanks for contacting Signalway Traffic Hire \(Q-\d{4}-00001\)$/,
    )
    expect((await findOutboxMessages(app.db)).map((message) => message.status)).toEqual(['sent', 'sent'])
  })

  it('marks a message that keeps failing as failed, lists it for staff, and sends it again on retry', async () => {
    const time = manualClock()
    let down = true
    const delivered: string[] = []
    const transport: MailTransport = {
      kind: 'smtp',
      async send(message) {
        if (down || message.to === 'jane@example.com') throw new Error('550 mailbox unavailable')
        delivered.push(message.to)
      },
      close() {},
    }
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock, mailTransport: transport } })
    expect((await post(app, '/api/contact', contact)).statusCode).toBe(201)

    for (let attempt = 1; attempt <= 10; attempt++) {
      const result = await app.outbox.runOnce()
      expect(result).toEqual(
        attempt < 10 ? { sent: 0, retried: 2, failed: 0 } : { sent: 0, retried: 0, failed: 2 },
      )
      time.advance(retryDelayMs(attempt))
    }
    // Signed in now: the hours of back-off above would outlast an access token.
    const headers = bearer(await tokenFor(app, await createAdmin(app)))

    const failed = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=failed', headers })
    expect(failed.statusCode).toBe(200)
    const list = failed.json() as { items: { id: number; to: string }[]; total: number }
    expect(list.total).toBe(2)
    expect(list.items).toEqual([
      {
        id: expect.any(Number),
        to: 'jane@example.com',
        subject: expect.stringMatching(/^Thanks for contacting Signalway Traffic Hire \(M-\d{4}-00001\)$/),
        status: 'failed',
        attempts: 10,
        lastError: '550 mailbox unavailable',
        createdAt: expect.any(String),
        nextAttemptAt: expect.any(String),
        sentAt: null,
      },
      expect.objectContaining({
        to: 'enquiries@signalway.example',
        subject: expect.stringMatching(/^New contact message from Jane Citizen \(M-\d{4}-00001\)$/),
        status: 'failed',
        attempts: 10,
      }),
    ])
    // failed is the default, and no body (a reset link would be a secret) is listed.
    const byDefault = await app.inject({ method: 'GET', url: '/api/admin/outbox', headers })
    expect(byDefault.json()).toEqual(failed.json())
    expect(byDefault.body).not.toContain('Hello')

    // The relay is fixed: staff send the business's copy again.
    down = false
    const business = list.items[1]?.id
    const retried = await app.inject({ method: 'POST', url: `/api/admin/outbox/${business}/retry`, headers })
    expect(retried.statusCode).toBe(200)
    expect(retried.json()).toMatchObject({ id: business, status: 'pending', attempts: 0 })
    expect((await app.inject({ method: 'GET', url: '/api/admin/outbox', headers })).json()).toMatchObject({
      total: 1,
      items: [{ to: 'jane@example.com' }],
    })
    expect(await app.outbox.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 })
    expect(delivered).toEqual(['enquiries@signalway.example'])
    const sent = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=sent', headers })
    expect(sent.json()).toMatchObject({
      total: 1,
      items: [{ id: business, status: 'sent', sentAt: expect.any(String) }],
    })

    // Only a failed message can be retried.
    const again = await app.inject({ method: 'POST', url: `/api/admin/outbox/${business}/retry`, headers })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ Message: 'Only a failed message can be sent again.' })
    const missing = await app.inject({ method: 'POST', url: '/api/admin/outbox/999999/retry', headers })
    expect(missing.statusCode).toBe(404)
    const bad = await app.inject({ method: 'GET', url: '/api/admin/outbox?status=lost', headers })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().ModelState).toEqual({
      status: ['Status must be one of pending, sending, sent, failed.'],
    })
  })
})
