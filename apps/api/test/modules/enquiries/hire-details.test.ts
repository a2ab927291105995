import { addDays, businessDay, formatIsoDay } from '@signalway/shared/business-time'
import { HIRE_MESSAGES } from '@signalway/shared/hire-details'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { post, quote } from './helpers.ts'

/*
 * Requirements §14: a quote request's optional hire details (company, start date from today in Melbourne, hire length,
 * site, a quantity per chosen service, day or night works), beside the payload of §7, reach the inbox, its
 * detail, the CSV export and the business's email.
 */

const today = businessDay()
const inAWeek = formatIsoDay(addDays(today, 7))

const detailed = {
  ...quote,
  company: 'Monash Civil Pty Ltd',
  startDate: inAWeek,
  hireLength: '3',
  hireLengthUnit: 'weeks',
  siteSuburb: 'Dandenong South',
  sitePostcode: '3175',
  quantities: { 'Arrow Boards': '2', 'VMS Boards': '1' },
  shift: 'night',
}

describe.each(DIALECTS)('hire details on %s', (dialect) => {
  it('stores them and shows them in the inbox, its detail, the CSV export and the email', async () => {
    const { app } = await buildTestApp({ dialect })
    const sent = await post(app, '/api/get-a-quote', detailed)
    expect(sent.statusCode, sent.body).toBe(201)
    const { id } = sent.json()

    const admin = await createAdmin(app)
    const headers = bearer(await tokenFor(app, admin))
    const expected = {
      company: 'Monash Civil Pty Ltd',
      startDate: inAWeek,
      hireLength: { value: 3, unit: 'weeks' },
      site: { suburb: 'Dandenong South', postcode: '3175' },
      quantities: { 'Arrow Boards': 2, 'VMS Boards': 1 },
      shift: 'night',
    }
    const list = (await app.inject({ method: 'GET', url: '/api/admin/enquiries', headers })).json()
    expect(list.items[0]).toMatchObject({ id, hireDetails: expected })
    const detail = (await app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers })).json()
    expect(detail.hireDetails).toEqual(expected)

    const csv = (await app.inject({ method: 'GET', url: '/api/admin/enquiries.csv', headers })).body
    expect(csv).toContain('"Company","Start date","Hire length","Site","Quantities","Works","Id"')
    expect(csv).toContain(
      '"Monash Civil Pty Ltd","' +
        new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric' }).format(
          new Date(`${inAWeek}T12:00:00Z`),
        ) +
        '","3 weeks","Dandenong South 3175","Arrow Boards: 2; VMS Boards: 1","Night works"',
    )

    const mail = (await findOutboxMessages(app.db)).find(
      (message) => message.to_address === app.config.enquiriesEmail,
    )
    expect(mail?.text_body).toContain('Company: Monash Civil Pty Ltd')
    expect(mail?.text_body).toContain('Hire length: 3 weeks')
    expect(mail?.text_body).toContain('Site: Dandenong South 3175')
    expect(mail?.text_body).toContain('Quantities: Arrow Boards: 2; VMS Boards: 1')
    expect(mail?.text_body).toContain('Works: Night works')
  })

  it('leaves them out when none is given: the payload of requirements §7 alone is as before', async () => {
    const { app } = await buildTestApp({ dialect })
    const blank = {
      ...quote,
      company: '',
      startDate: '',
      hireLength: '',
      siteSuburb: '',
      quantities: { Portaboom: '' },
    }
    expect((await post(app, '/api/get-a-quote', blank)).statusCode).toBe(201)
    const row = await app.db.selectFrom('enquiries').select('hire_details').executeTakeFirstOrThrow()
    expect(row.hire_details).toBeNull()
  })

  it.each([
    [
      'a start date before today',
      { startDate: formatIsoDay(addDays(today, -1)) },
      'startDate',
      HIRE_MESSAGES.startDatePast,
    ],
    ['a date that does not exist', { startDate: '2026-02-30' }, 'startDate', HIRE_MESSAGES.startDateInvalid],
    ['a hire length of 0', { hireLength: '0' }, 'hireLength', HIRE_MESSAGES.hireLength],
    ['a hire length of 1.5', { hireLength: '1.5' }, 'hireLength', HIRE_MESSAGES.hireLength],
    ['a three-digit postcode', { sitePostcode: '317' }, 'sitePostcode', HIRE_MESSAGES.postcode],
    [
      'a quantity of 100',
      { quantities: { 'Arrow Boards': '100' } },
      'quantities.Arrow Boards',
      HIRE_MESSAGES.quantity,
    ],
    [
      'a quantity of a service not chosen',
      { quantities: { Portaboom: '1' } },
      'quantities.Portaboom',
      HIRE_MESSAGES.quantityService,
    ],
    ['an unknown shift', { shift: 'evening' }, 'shift', HIRE_MESSAGES.shift],
  ])('refuses %s with its message', async (_rule, change, field, message) => {
    const { app } = await buildTestApp({ dialect })
    const response = await post(app, '/api/get-a-quote', { ...quote, ...change })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().ModelState[field]).toEqual([message])
  })

  it('today, in Melbourne, is a valid start date', async () => {
    const { app } = await buildTestApp({ dialect })
    expect(
      (await post(app, '/api/get-a-quote', { ...quote, startDate: formatIsoDay(today) })).statusCode,
    ).toBe(201)
  })

  it('belongs to the account it was sent from while signed in; a refused token sends it anonymously', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const headers = bearer(await tokenFor(app, user))
    expect((await post(app, '/api/get-a-quote', quote, { headers })).statusCode).toBe(201)
    expect((await post(app, '/api/contact', quote, { headers: bearer('not-a-token') })).statusCode).toBe(201)
    const rows = await app.db
      .selectFrom('enquiries')
      .select(['kind', 'user_id'])
      .orderBy('created_at')
      .execute()
    expect(rows.map((row) => [row.kind, row.user_id])).toEqual([
      ['quote', user.id],
      ['contact', null],
    ])
  })
})
