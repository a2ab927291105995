import { HONEYPOT_FIELD } from '@signalway/shared/enquiry'
import { describe, expect, it } from 'vitest'
import { ENQUIRY_BODY_LIMIT } from '../../../src/modules/enquiries/routes.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { logCollector } from '../../helpers/logs.ts'
import { contact, nextIp, post, quote } from './helpers.ts'

type Url = '/api/contact' | '/api/get-a-quote'
const ROUTES: { url: Url; valid: Record<string, unknown> }[] = [
  { url: '/api/contact', valid: contact },
  { url: '/api/get-a-quote', valid: quote },
]

/** Requirements §5 Contact: the rules of both forms, each with the message it gives. */
const CONTACT_RULES: { rule: string; change: Record<string, unknown>; field: string; message: string }[] = [
  { rule: 'an empty name', change: { name: '' }, field: 'name', message: 'Name is required.' },
  { rule: 'a blank name', change: { name: '   ' }, field: 'name', message: 'Name is required.' },
  { rule: 'no name', change: { name: undefined }, field: 'name', message: 'Name is required.' },
  {
    rule: 'a one-letter name',
    change: { name: 'J' },
    field: 'name',
    message: 'Name must have at least 2 characters.',
  },
  {
    rule: 'a 31-character name',
    change: { name: 'a'.repeat(31) },
    field: 'name',
    message: 'Name is too long.',
  },
  { rule: 'an empty email', change: { email: '' }, field: 'email', message: 'Email address is required.' },
  { rule: 'no email', change: { email: undefined }, field: 'email', message: 'Email address is required.' },
  {
    rule: 'a malformed email',
    change: { email: 'jane.example.com' },
    field: 'email',
    message: 'Invalid email address',
  },
  {
    rule: 'a 9-character phone',
    change: { phone: '5550 1234' },
    field: 'phone',
    message: 'Invalid phone number.',
  },
  { rule: 'an empty message', change: { message: '' }, field: 'message', message: 'Message is required.' },
  { rule: 'no message', change: { message: undefined }, field: 'message', message: 'Message is required.' },
  {
    rule: 'a 501-word message',
    change: { message: 'word '.repeat(501) },
    field: 'message',
    message: 'Message should not exceed 500 Words.',
  },
]

/** Requirements §5 Quote: the contact rules, plus a service and a source. */
const QUOTE_RULES: typeof CONTACT_RULES = [
  {
    rule: 'no services',
    change: { services: undefined },
    field: 'services',
    message: 'Please select at least 1 service.',
  },
  {
    rule: 'an empty service list',
    change: { services: [] },
    field: 'services',
    message: 'Please select at least 1 service.',
  },
  {
    rule: 'an unknown service',
    change: { services: ['Cranes'] },
    field: 'services.0',
    message: 'Invalid service.',
  },
  {
    rule: 'no source',
    change: { source: undefined },
    field: 'source',
    message: 'Please select at least 1 item.',
  },
  {
    rule: 'an empty source list',
    change: { source: [] },
    field: 'source',
    message: 'Please select at least 1 item.',
  },
  { rule: 'an unknown source', change: { source: 'Radio' }, field: 'source.0', message: 'Invalid item.' },
]

const withChange = (valid: Record<string, unknown>, change: Record<string, unknown>) => {
  const payload = { ...valid, ...change }
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete payload[key]
  return payload
}

describe.each(ROUTES)('POST $url validation (requirements §5)', ({ url, valid }) => {
  const rules = url === '/api/get-a-quote' ? [...CONTACT_RULES, ...QUOTE_RULES] : CONTACT_RULES

  it.each(rules)(
    "answers 400 '$message' for $rule, and stores nothing",
    async ({ change, field, message }) => {
      const { app } = await buildTestApp()
      const response = await post(app, url, withChange(valid, change))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        Message: 'The request is invalid.',
        ModelState: { [field]: [message] },
        requestId: expect.any(String),
      })
      expect(await app.db.selectFrom('enquiries').selectAll().execute()).toEqual([])
      expect(await findOutboxMessages(app.db)).toEqual([])
    },
  )

  it('gives every required field its message for an empty body', async () => {
    const { app } = await buildTestApp()
    const response = await post(app, url, {})
    expect(response.statusCode).toBe(400)
    expect(response.json().ModelState).toEqual({
      name: ['Name is required.'],
      email: ['Email address is required.'],
      message: ['Message is required.'],
      ...(url === '/api/get-a-quote'
        ? { services: ['Please select at least 1 service.'], source: ['Please select at least 1 item.'] }
        : {}),
    })
  })

  it('accepts no phone, an empty phone, and a message of exactly 500 words', async () => {
    const { app } = await buildTestApp()
    const { phone: _phone, ...withoutPhone } = valid
    expect((await post(app, url, withoutPhone)).statusCode).toBe(201)
    expect((await post(app, url, { ...valid, phone: '' })).statusCode).toBe(201)
    expect((await post(app, url, { ...valid, message: 'word '.repeat(500) })).statusCode).toBe(201)
    const rows = await app.db.selectFrom('enquiries').select('phone').execute()
    expect(rows.map((row) => row.phone)).toEqual([null, null, '03 5550 1234'])
  })
})

describe.each(DIALECTS)('submitting an enquiry on %s', (dialect) => {
  it('stores a quote as typed and queues exactly two emails, to the business and to the sender', async () => {
    const { app, config } = await buildTestApp({
      dialect,
      env: { ENQUIRIES_EMAIL: 'desk@signalway.example' },
    })
    const typed = {
      ...quote,
      name: "Jo <b>O'Neil</b>",
      message: 'Need <script>alert("x")</script> & 2 boards\nfrom "Friday".',
    }
    const response = await post(app, '/api/get-a-quote', typed, {
      ip: '198.51.100.7',
      headers: { 'user-agent': 'Mozilla/5.0 (Test)' },
    })
    expect(response.statusCode).toBe(201)
    const { id, reference } = response.json() as { id: string; reference: string }
    expect(reference).toMatch(/^Q-\d{4}-00001$/)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)

    const rows = await app.db.selectFrom('enquiries').selectAll().execute()
    expect(rows).toEqual([
      {
        id,
        kind: 'quote',
        name: typed.name,
        email: 'jane@example.com',
        phone: '03 5550 1234',
        message: typed.message,
        services: JSON.stringify(['Arrow Boards', 'VMS Boards']),
        sources: JSON.stringify(['Google Search']),
        status: 'new',
        ip: '198.51.100.7',
        user_agent: 'Mozilla/5.0 (Test)',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_at: rows[0]?.created_at,
        assignee_id: null,
        hire_details: null,
        user_id: null,
        reference,
      },
    ])

    const mail = await findOutboxMessages(app.db)
    expect(mail).toHaveLength(2)
    const [business, acknowledgement] = mail
    expect(business).toMatchObject({
      to_address: 'desk@signalway.example',
      reply_to: 'jane@example.com',
      subject: `New quote request from Jo <b>O'Neil</b> (${reference})`,
      status: 'pending',
    })
    for (const part of [
      "Name: Jo <b>O'Neil</b>",
      'Email: jane@example.com',
      'Phone: 03 5550 1234',
      'Services: Arrow Boards, VMS Boards',
      'How did you hear about us?: Google Search',
      `Message:\n${typed.message}`,
      `Reference: ${reference}`,
    ]) {
      expect(business?.text_body).toContain(part)
    }
    expect(business?.html_body).toContain('Jo &lt;b&gt;O&#39;Neil&lt;/b&gt;')
    expect(business?.html_body).toContain(
      'Need &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; 2 boards\nfrom &quot;Friday&quot;.',
    )

    expect(acknowledgement).toMatchObject({
      to_address: 'jane@example.com',
      reply_to: config.enquiriesEmail,
      subject: `Thanks for contacting Signalway Traffic Hire (${reference})`,
      status: 'pending',
    })
    for (const part of [
      'Hello,',
      '1300 975 707',
      '24/7',
      '24 hours a day, 7 days a week',
      `Reference: ${reference}`,
      'Services: Arrow Boards, VMS Boards',
      'What happens next: ',
    ]) {
      expect(acknowledgement?.text_body).toContain(part)
    }
    // What was asked in fixed choices only: no count of the message's words, no sign of the phone.
    expect(acknowledgement?.text_body).not.toMatch(/Your message|Phone number/)
    expect(acknowledgement?.html_body).toContain('1300 975 707')
    // The address has not shown it is the sender's: nothing typed on the form is sent back to it (ADR 032).
    for (const body of [acknowledgement?.text_body, acknowledgement?.html_body]) {
      expect(body).not.toContain("O'Neil")
      expect(body).not.toContain('O&#39;Neil')
      expect(body).not.toContain('boards')
      expect(body).not.toContain('"Friday"')
      expect(body).not.toContain('&quot;Friday&quot;')
    }
    for (const message of mail) {
      expect(message?.html_body).not.toMatch(/<script|<b>/)
    }
  })

  it('acknowledges at most three enquiries an hour to one address; the business hears of every one', async () => {
    const { app } = await buildTestApp({ dialect, env: { RATE_LIMIT_FACTOR: '100' } })
    for (let n = 0; n < 5; n++) {
      const email = n % 2 === 0 ? 'victim@example.com' : 'VICTIM@example.com'
      expect((await post(app, '/api/contact', { ...contact, email })).statusCode).toBe(201)
    }
    const mail = await findOutboxMessages(app.db)
    expect(mail.filter((message) => message.to_address.toLowerCase() === 'victim@example.com')).toHaveLength(
      3,
    )
    expect(mail.filter((message) => message.subject.startsWith('New contact message'))).toHaveLength(5)
    expect(await app.db.selectFrom('enquiries').selectAll().execute()).toHaveLength(5)
  })

  it('stores a contact message without services or sources', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await post(app, '/api/contact', contact)
    expect(response.statusCode).toBe(201)
    const row = await app.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({ kind: 'contact', services: '[]', sources: '[]', status: 'new' })
    const mail = await findOutboxMessages(app.db)
    expect(mail.map((message) => message.subject)).toEqual([
      `New contact message from Jane Citizen (${row.reference})`,
      `Thanks for contacting Signalway Traffic Hire (${row.reference})`,
    ])
    expect(row.reference).toMatch(/^M-\d{4}-00001$/)
    expect(mail[0]?.text_body).not.toContain('Services:')
  })

  it('takes services and source sent as plain values (requirements §7) as lists of one', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await post(app, '/api/get-a-quote', {
      ...quote,
      services: 'Portaboom',
      source: 'Word Of Mouth',
    })
    expect(response.statusCode).toBe(201)
    const row = await app.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow()
    expect(JSON.parse(row.services)).toEqual(['Portaboom'])
    expect(JSON.parse(row.sources)).toEqual(['Word Of Mouth'])
  })

  it('answers a filled honeypot as if accepted, but stores and sends nothing, and logs it', async () => {
    const { lines, stream: logStream } = logCollector()
    const { app } = await buildTestApp({ dialect, env: { LOG_LEVEL: 'warn' }, build: { logStream } })
    const bot = await post(app, '/api/get-a-quote', { ...quote, [HONEYPOT_FIELD]: 'http://spam.example' })
    expect(bot.statusCode).toBe(201)
    // The same shape as an enquiry's answer, with a reference no enquiry has.
    expect(bot.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(/^Q-\d{4}-00000$/),
      receivedAt: expect.any(String),
      replyBy: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      asked: [],
    })
    // Even when the rest is invalid: a bot learns nothing from the answer.
    const sloppy = await post(app, '/api/contact', { [HONEYPOT_FIELD]: 'buy now' })
    expect(sloppy.statusCode).toBe(201)

    expect(await app.db.selectFrom('enquiries').selectAll().execute()).toEqual([])
    expect(await findOutboxMessages(app.db)).toEqual([])
    expect(lines.filter((line) => line.msg === 'honeypot filled; enquiry dropped')).toHaveLength(2)

    // An empty (or blank) honeypot is a person.
    expect((await post(app, '/api/contact', { ...contact, [HONEYPOT_FIELD]: ' ' })).statusCode).toBe(201)
    expect(await app.db.selectFrom('enquiries').selectAll().execute()).toHaveLength(1)
  })

  it('limits each address to 5 enquiries per route in 10 minutes: 429 with Retry-After', async () => {
    const { app } = await buildTestApp({ dialect })
    const ip = nextIp()
    for (let i = 0; i < 5; i++) {
      expect((await post(app, '/api/contact', contact, { ip })).statusCode).toBe(201)
    }
    const limited = await post(app, '/api/contact', contact, { ip })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({
      Message: 'Too many requests, please try again later.',
      requestId: expect.any(String),
    })
    const retryAfter = Number(limited.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await app.db.selectFrom('enquiries').selectAll().execute()).toHaveLength(5)

    // Another address, and the other form, have their own counts.
    expect((await post(app, '/api/contact', contact)).statusCode).toBe(201)
    expect((await post(app, '/api/get-a-quote', quote, { ip })).statusCode).toBe(201)
  })

  it('answers 413 to a body over 32 KB, and 415 to a body that is not JSON', async () => {
    const { app } = await buildTestApp({ dialect })
    const big = await post(app, '/api/contact', { ...contact, message: 'x'.repeat(ENQUIRY_BODY_LIMIT) })
    expect(big.statusCode).toBe(413)
    expect(big.json()).toEqual({ Message: 'The request is too large.', requestId: expect.any(String) })

    const form = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Jane',
      remoteAddress: nextIp(),
    })
    expect(form.statusCode).toBe(415)
    expect(await app.db.selectFrom('enquiries').selectAll().execute()).toEqual([])
  })
})
