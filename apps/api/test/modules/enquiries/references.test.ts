import { addDays, businessDay, formatIsoDay, formatLongDate } from '@signalway/shared/business-time'
import { Migrator } from 'kysely/migration'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../../src/config.ts'
import { createDatabase } from '../../../src/db/database.ts'
import { currentSchema, migrateToLatest, migrations } from '../../../src/db/migrator.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, testEnv, useTestDatabase } from '../../helpers/build.ts'
import { contact, manualClock, post, quote } from './helpers.ts'

/*
 * The short reference of an enquiry ('Q-2026-00123', 'M-2026-00045'): the sender sees it on the page and in the
 * acknowledgement, staff in the inbox. The year is Melbourne's; the number is unique per kind and year, whatever
 * instance of the app on one database gives it.
 */

const referenceOf = (response: { json: () => unknown }) =>
  (response.json() as { reference: string }).reference

describe.each(DIALECTS)('enquiry references on %s', (dialect) => {
  it("numbers each kind in Melbourne's year: the year turns at midnight in Melbourne, not UTC", async () => {
    // 31 December 2026, 11 pm in Melbourne (AEDT, UTC+11).
    const time = manualClock('2026-12-31T12:00:00.000Z')
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    expect(referenceOf(await post(app, '/api/get-a-quote', quote))).toBe('Q-2026-00001')
    expect(referenceOf(await post(app, '/api/get-a-quote', quote))).toBe('Q-2026-00002')
    expect(referenceOf(await post(app, '/api/contact', contact))).toBe('M-2026-00001')
    // 1 January 2027, 12:30 am in Melbourne; still 2026 in UTC.
    time.advance(90 * 60_000)
    expect(referenceOf(await post(app, '/api/get-a-quote', quote))).toBe('Q-2027-00001')
    expect(referenceOf(await post(app, '/api/contact', contact))).toBe('M-2027-00001')
  })

  it('never gives one number twice: concurrent submissions to two instances on one database', async () => {
    const first = await buildTestApp({ dialect, env: { RATE_LIMIT_FACTOR: '100' } })
    const second = await buildTestApp({
      dialect,
      database: first.database,
      env: { RATE_LIMIT_FACTOR: '100' },
    })
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, n) =>
        post(n % 2 === 0 ? first.app : second.app, '/api/get-a-quote', quote),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201))
    const references = answers.map(referenceOf).sort()
    const year = references[0]?.slice(2, 6)
    expect(references).toEqual(
      Array.from({ length: 24 }, (_, n) => `Q-${year}-${String(n + 1).padStart(5, '0')}`),
    )
    const stored = await first.app.db.selectFrom('enquiries').select('reference').execute()
    expect(new Set(stored.map((row) => row.reference)).size).toBe(24)
  })

  it('answers the sender what they are shown, and shows staff the reference in the list, detail and search', async () => {
    // Friday 6 March 2026, 11 pm in Melbourne: Monday 9 March is Labour Day, so the reply is due on Tuesday.
    const { app } = await buildTestApp({
      dialect,
      build: { clock: manualClock('2026-03-06T12:00:00.000Z').clock },
    })
    const sent = await post(app, '/api/get-a-quote', {
      ...quote,
      message: '',
      services: ['Arrow Boards', 'VMS Boards'],
      quantities: { 'Arrow Boards': '2' },
      hireLength: '3',
      hireLengthUnit: 'weeks',
      siteSuburb: 'GEELONG',
      sitePostcode: '3220',
      shift: 'night',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    expect(sent.json()).toEqual({
      id: expect.any(String),
      reference: 'Q-2026-00001',
      receivedAt: '2026-03-06T12:00:00.000Z',
      replyBy: '2026-03-10',
      asked: [
        { label: 'Services', value: 'Arrow Boards (2), VMS Boards' },
        { label: 'Hire length', value: '3 weeks' },
        { label: 'Site', value: 'Geelong VIC 3220' },
        { label: 'Works', value: 'Night works' },
      ],
    })
    const { id } = sent.json() as { id: string }
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const list = (await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers })).json()
    expect(list.items[0]).toMatchObject({ id, reference: 'Q-2026-00001', message: '' })
    const detail = (await app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers })).json()
    expect(detail.reference).toBe('Q-2026-00001')
    // Shown in proper case to staff too, as typed otherwise.
    expect(detail.hireDetails.site).toEqual({ suburb: 'GEELONG', postcode: '3220' })
    const found = (
      await app.inject({ method: 'GET', url: '/api/admin/enquiries?search=q-2026-00001', headers })
    ).json()
    expect(found.items.map((item: { id: string }) => item.id)).toEqual([id])
    const business = (await findOutboxMessages(app.db)).find(
      (m) => m.to_address === app.config.enquiriesEmail,
    )
    expect(business?.text_body).toContain('Site: Geelong 3220')
    expect(business?.text_body).toContain('Reference: Q-2026-00001')
  })

  it('acknowledges with the reference and the fixed choices only: nothing typed freely, the name included', async () => {
    const { app } = await buildTestApp({
      dialect,
      build: { clock: manualClock('2026-03-02T00:30:00.000Z').clock },
    })
    // The start date is checked against the real today.
    const start = addDays(businessDay(), 7)
    const sent = await post(app, '/api/get-a-quote', {
      ...quote,
      name: 'Visit evil.example now',
      message: 'Click http://phish.example to claim',
      company: 'Free Prizes Pty Ltd',
      services: ['Arrow Boards', 'Other'],
      quantities: { 'Arrow Boards': '4' },
      startDate: formatIsoDay(start),
      hireLength: '10',
      siteSuburb: 'Call 0400 000 000 for cash',
      sitePostcode: '3028',
      shift: 'both',
    })
    expect(sent.statusCode, sent.body).toBe(201)
    const acknowledgement = (await findOutboxMessages(app.db)).find((m) => m.to_address === quote.email)
    expect(acknowledgement?.subject).toBe('Thanks for contacting Signalway Traffic Hire (Q-2026-00001)')
    const text = acknowledgement?.text_body ?? ''
    for (const part of [
      'Hello,',
      'its reference is Q-2026-00001',
      'Reference: Q-2026-00001',
      'Received: 02/03/2026',
      'Services: Arrow Boards (4), Other',
      `Start date: ${formatLongDate(new Date(`${formatIsoDay(start)}T12:00:00+10:00`))}`,
      'Hire length: 10 days',
      'Works: Day and night works',
      'What happens next: ',
      'by the end of Tuesday 3 March 2026 (Melbourne time)',
      '24 hours a day, 7 days a week',
    ]) {
      expect(text).toContain(part)
    }
    // A site that is not a suburb of the list is free text: left out.
    expect(text).not.toContain('Site:')
    for (const body of [text, acknowledgement?.html_body ?? '']) {
      for (const typed of ['evil.example', 'Visit', 'phish', 'Free Prizes', '0400 000 000', 'cash']) {
        expect(body).not.toContain(typed)
      }
      expect(body).not.toMatch(/Your message|\d+ words/)
    }
    expect(acknowledgement?.html_body).toContain('Q-2026-00001')
  })

  it('takes a quote without a message when hire details are given, and refuses one with neither', async () => {
    const { app } = await buildTestApp({ dialect })
    const { message: _message, ...withoutMessage } = quote
    const refused = await post(app, '/api/get-a-quote', { ...withoutMessage, company: 'Only A Company' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().ModelState).toEqual({ message: ['Message is required.'] })
    const taken = await post(app, '/api/get-a-quote', { ...withoutMessage, shift: 'day' })
    expect(taken.statusCode, taken.body).toBe(201)
    const row = await app.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow()
    expect(row.message).toBe('')
    // Contact Us keeps the rule of requirements §5 as it is.
    const message = await post(app, '/api/contact', { ...contact, message: '', shift: 'day' })
    expect(message.json().ModelState).toEqual({ message: ['Message is required.'] })
  })
})

describe.each(DIALECTS)('0024-enquiry-references on %s', (dialect) => {
  it('numbers the enquiries already stored in the order received, and the next one follows them', async () => {
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
        ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(database.db) } : {}),
      })
      expect((await migrator.migrateTo('0023-credit-application-completer')).error).toBeUndefined()
      const rows = [
        ['b', 'quote', '2025-12-31T13:30:00.000Z'], // 12:30 am, 1 January 2026 in Melbourne
        ['a', 'quote', '2025-12-31T12:30:00.000Z'], // 11:30 pm, 31 December 2025 in Melbourne
        ['c', 'contact', '2026-02-01T00:00:00.000Z'],
        ['d', 'quote', '2026-02-02T00:00:00.000Z'],
      ] as const
      for (const [id, kind, at] of rows) {
        await database.db
          .insertInto('enquiries')
          // @ts-expect-error: the table as it was before 0024, without a reference.
          .values({
            id,
            kind,
            name: 'N',
            email: 'n@example.com',
            phone: null,
            message: 'm',
            services: '[]',
            sources: '[]',
            ip: null,
            user_agent: null,
            created_at: at,
            updated_at: at,
          })
          .execute()
      }
      await migrateToLatest(database.db)
      const stored = await database.db
        .selectFrom('enquiries')
        .select(['id', 'reference'])
        .orderBy('id')
        .execute()
      expect(stored).toEqual([
        { id: 'a', reference: 'Q-2025-00001' },
        { id: 'b', reference: 'Q-2026-00001' },
        { id: 'c', reference: 'M-2026-00001' },
        { id: 'd', reference: 'Q-2026-00002' },
      ])
      const counters = await database.db
        .selectFrom('enquiry_reference_counters')
        .selectAll()
        .orderBy('prefix')
        .orderBy('year')
        .execute()
      expect(counters).toEqual([
        { prefix: 'M', year: 2026, last_number: 1 },
        { prefix: 'Q', year: 2025, last_number: 1 },
        { prefix: 'Q', year: 2026, last_number: 2 },
      ])
    } finally {
      await database.close()
    }
  })
})
