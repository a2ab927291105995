import { CREDIT_DRAFT_MAX_CHARS, CREDIT_DRAFT_MESSAGES } from '@signalway/shared/credit/drafts'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createCreditDrafts, deleteExpiredDrafts } from '../../../src/modules/credit/drafts.ts'
import { DRAFT_MAILS_PER_DAY } from '../../../src/modules/credit/mail-limits.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { logCollector } from '../../helpers/logs.ts'

/*
 * Save and continue later (ADR 024): an application in progress is kept on the server, files and signatures
 * included, and reached again by the link emailed to the person completing it; the link's token is stored only
 * as a hash, lasts 30 days after each save, and never reaches a log.
 */

const DAY = 24 * 60 * 60 * 1000

/** The form's values as the browser keeps them: a trust deed and a drawn signature as data URLs. */
function formValues(name = 'Lee Family Trust') {
  return {
    section1: {
      personCompletingTheApplication: 'Sam Lee',
      customerType: '4',
      fullNameOfCustomer: name,
      email: 'sam@leetraffic.example',
      trustDeed: [{ name: 'deed.pdf', size: 12, data: `data:application/pdf;base64,${'A'.repeat(200_000)}` }],
    },
    section2: { persons: [{ id: 'p1', name: 'Sam Lee' }] },
    section4: {
      agreeTerms: false,
      signatures: [{ id: 'p1', name: 'Sam Lee', specimen: 'data:image/png;base64,iVBORw0KGgo=' }],
    },
  }
}

function setUp(dialect: 'sqlite' | 'postgres', start = new Date('2026-11-26T00:00:00.000Z')) {
  let now = start
  const logs = logCollector()
  return buildTestApp({
    dialect,
    env: { LOG_LEVEL: 'info' },
    build: { clock: () => now, logStream: logs.stream },
  }).then(({ app }) => ({ app, logs, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }))
}

/** Makes the database refuse every new draft (a trigger), or stop refusing. */
async function refuseDrafts(app: FastifyInstance, refuse: boolean) {
  const postgres = app.config.databaseUrl !== undefined
  if (!refuse) {
    await sql`drop trigger refuse_drafts ${postgres ? sql`on credit_drafts` : sql``}`.execute(app.db)
    return
  }
  if (postgres) {
    await sql`create or replace function refuse_drafts() returns trigger language plpgsql as $$
      begin raise exception 'refused'; end $$`.execute(app.db)
    await sql`create trigger refuse_drafts before insert on credit_drafts
      for each row execute function refuse_drafts()`.execute(app.db)
  } else {
    await sql`create trigger refuse_drafts before insert on credit_drafts
      begin select raise(abort, 'refused'); end`.execute(app.db)
  }
}

function save(app: FastifyInstance, payload: object) {
  return app.inject({ method: 'POST', url: '/api/apply-for-credit/drafts', payload })
}

function open(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: '/api/apply-for-credit/drafts/open', payload: { token } })
}

describe.each(DIALECTS)('saved credit applications on %s', (dialect) => {
  it('keeps everything, emails the link, stores only the hash of its token, and opens it in any browser', async () => {
    const { app, logs } = await setUp(dialect)
    const values = formValues()
    const saved = await save(app, { email: 'sam@leetraffic.example', values })
    expect(saved.statusCode, saved.body).toBe(201)
    const { token, expiresAt } = saved.json()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(expiresAt).toBe('2026-12-26T00:00:00.000Z')

    // The token is nowhere in the database: only its SHA-256.
    const rows = await app.db.selectFrom('credit_drafts').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)

    // The link, in the email to the person completing it.
    const mail = (await findOutboxMessages(app.db)).find(
      (message) => message.to_address === 'sam@leetraffic.example',
    )
    expect(mail?.subject).toBe('Your application for credit is saved')
    expect(mail?.text_body).toContain(`/application-for-credit/resume/${token}`)

    const opened = await open(app, token)
    expect(opened.statusCode, opened.body).toBe(200)
    expect(opened.json()).toMatchObject({ token, email: 'sam@leetraffic.example', values })

    // No log line holds the token.
    expect(logs.lines.length).toBeGreaterThan(0)
    expect(JSON.stringify(logs.lines)).not.toContain(token)
  })

  it('saves again into the same draft and link, and each save gives it another 30 days', async () => {
    const { app, advance } = await setUp(dialect)
    const first = (await save(app, { email: 'sam@leetraffic.example', values: formValues() })).json()
    advance(20 * DAY)
    const again = await save(app, {
      email: 'sam@leetraffic.example',
      values: formValues('Lee Family Trust No. 2'),
      token: first.token,
    })
    expect(again.statusCode, again.body).toBe(201)
    expect(again.json().token).toBe(first.token)
    expect(await app.db.selectFrom('credit_drafts').select('id').execute()).toHaveLength(1)
    advance(25 * DAY)
    const opened = await open(app, first.token)
    expect(opened.statusCode).toBe(200)
    expect(opened.json().values.section1.fullNameOfCustomer).toBe('Lee Family Trust No. 2')
  })

  it('says when a link has expired or is not valid, and the sweep deletes expired drafts', async () => {
    const { app, advance } = await setUp(dialect)
    const { token } = (await save(app, { email: 'sam@leetraffic.example', values: formValues() })).json()
    const unknown = await open(app, 'B'.repeat(43))
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().Message).toBe(CREDIT_DRAFT_MESSAGES.invalid)

    advance(31 * DAY)
    const expired = await open(app, token)
    expect(expired.statusCode).toBe(410)
    expect(expired.json().Message).toBe(CREDIT_DRAFT_MESSAGES.expired)
    // Saving with an expired link starts a new draft with a new link.
    const fresh = (await save(app, { email: 'sam@leetraffic.example', values: formValues(), token })).json()
    expect(fresh.token).not.toBe(token)

    expect(await deleteExpiredDrafts(app.db, new Date('2027-01-01T00:00:00.000Z'))).toBe(1)
    expect((await open(app, token)).statusCode).toBe(404)
    expect((await open(app, fresh.token)).statusCode).toBe(200)

    // Submitted: the draft goes at once, and its link says so.
    const discarded = await app.inject({
      method: 'POST',
      url: '/api/apply-for-credit/drafts/discard',
      payload: { token: fresh.token },
    })
    expect(discarded.statusCode).toBe(204)
    expect((await open(app, fresh.token)).statusCode).toBe(404)
    expect(await app.db.selectFrom('credit_drafts').select('id').execute()).toEqual([])
  })

  it('emails one address at most 20 links a day, from any number of callers', async () => {
    const { app } = await setUp(dialect)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 21; attempt++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit/drafts',
        // Each from another address: the limit is the recipient's.
        remoteAddress: `203.0.113.${attempt + 1}`,
        payload: { email: 'Target@Example.com', values: {} },
      })
      statuses.push(response.statusCode)
    }
    expect(statuses.slice(0, 20).every((status) => status === 201)).toBe(true)
    expect(statuses[20]).toBe(429)
  })

  it('counts the links queued in the last 24 hours, and refuses the next save in plain words, storing nothing', async () => {
    const { app, advance } = await setUp(dialect)
    const saveFrom = (ip: number) =>
      app.inject({
        method: 'POST',
        url: '/api/apply-for-credit/drafts',
        remoteAddress: `203.0.113.${ip}`,
        payload: { email: 'target@example.com', values: {} },
      })
    expect((await saveFrom(1)).statusCode).toBe(201)
    advance(23 * 60 * 60 * 1000)
    for (let attempt = 2; attempt <= DRAFT_MAILS_PER_DAY; attempt++)
      expect((await saveFrom(attempt)).statusCode).toBe(201)
    const refused = await saveFrom(99)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().Message).toBe(CREDIT_DRAFT_MESSAGES.tooManyMails)
    expect(refused.headers['retry-after']).toBe(String(60 * 60))
    expect(await app.db.selectFrom('credit_drafts').select('id').execute()).toHaveLength(DRAFT_MAILS_PER_DAY)
    // A day after the first link, one place is free again; the other nineteen links still count.
    advance(60 * 60 * 1000)
    expect((await saveFrom(98)).statusCode).toBe(201)
    expect((await saveFrom(97)).statusCode).toBe(429)
  })

  it('queues exactly 20 links to one address when many saves arrive at once', async () => {
    const { app } = await setUp(dialect)
    const responses = await Promise.all(
      Array.from({ length: DRAFT_MAILS_PER_DAY + 10 }, (_, attempt) =>
        app.inject({
          method: 'POST',
          url: '/api/apply-for-credit/drafts',
          remoteAddress: `198.51.100.${attempt + 1}`,
          payload: { email: attempt % 2 ? 'target@example.com' : 'TARGET@example.com', values: {} },
        }),
      ),
    )
    const statuses = responses.map((response) => response.statusCode)
    expect(statuses.filter((status) => status === 201)).toHaveLength(DRAFT_MAILS_PER_DAY)
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    expect(await findOutboxMessages(app.db)).toHaveLength(DRAFT_MAILS_PER_DAY)
  })

  it('spends none of an address’s links on a save that is refused or fails', async () => {
    const { app } = await setUp(dialect)
    // Too large: refused before anything is stored or sent.
    const drafts = createCreditDrafts({ db: app.db, siteUrl: app.config.siteUrl, clock: app.clock })
    const tooLarge = { note: 'x'.repeat(CREDIT_DRAFT_MAX_CHARS) }
    for (let attempt = 0; attempt < DRAFT_MAILS_PER_DAY; attempt++) {
      await expect(drafts.save({ email: 'target@example.com', values: tooLarge })).rejects.toThrow(
        CREDIT_DRAFT_MESSAGES.tooLarge,
      )
    }
    // The database refuses the save (as when it is full): the route answers an error and sends nothing.
    await refuseDrafts(app, true)
    for (let attempt = 0; attempt < DRAFT_MAILS_PER_DAY; attempt++) {
      const failed = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit/drafts',
        remoteAddress: `198.51.100.${attempt + 1}`,
        payload: { email: 'target@example.com', values: {} },
      })
      expect(failed.statusCode).toBe(500)
    }
    await refuseDrafts(app, false)
    expect(await findOutboxMessages(app.db)).toEqual([])
    // Every link is still there to be sent.
    for (let attempt = 0; attempt < DRAFT_MAILS_PER_DAY; attempt++) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/apply-for-credit/drafts',
        remoteAddress: `192.0.2.${attempt + 1}`,
        payload: { email: 'Target@Example.com', values: {} },
      })
      expect(saved.statusCode, saved.body).toBe(201)
    }
    await expect(drafts.save({ email: 'target@example.com', values: {} })).rejects.toThrow(
      CREDIT_DRAFT_MESSAGES.tooManyMails,
    )
  })

  it('refuses a bad email, values that are not an object and a malformed token; limits each address', async () => {
    const { app } = await setUp(dialect)
    expect((await save(app, { email: 'not an email', values: formValues() })).statusCode).toBe(400)
    expect((await save(app, { email: 'sam@leetraffic.example', values: [1, 2] })).statusCode).toBe(400)
    expect(
      (await save(app, { email: 'sam@leetraffic.example', values: {}, token: 'short' })).statusCode,
    ).toBe(400)
    expect((await open(app, 'x')).statusCode).toBe(400)
    let last = 0
    for (let attempt = 0; attempt < 30; attempt++) last = (await open(app, 'C'.repeat(43))).statusCode
    expect(last).toBe(429)
  })
})
