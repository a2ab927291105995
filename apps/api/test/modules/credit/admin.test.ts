import { isValidAbn } from '@signalway/shared/fields'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from './helpers.ts'

type Listed = {
  items: {
    id: number
    reference: string
    businessName: string
    abn: string
    customerType: number
    applicantName: string
    email: string
    submittedAt: string
  }[]
  total: number
  page: number
  pageSize: number
}

/** A valid ABN ending in the 9 digits given, in the display mask. */
function abnEndingWith(nine: string): string {
  for (let check = 10; check <= 99; check++) {
    const digits = `${check}${nine}`
    if (isValidAbn(digits))
      return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`
  }
  throw new Error(`no ABN ends with ${nine}`)
}

/** Submits applications a day apart (oldest first) on an app whose clock the test moves. */
async function submitted(app: FastifyInstance, clock: { now: Date }, businesses: [string, string][]) {
  const references: string[] = []
  for (const [index, [businessName, abn]] of businesses.entries()) {
    clock.now = new Date(Date.UTC(2026, 2, 1 + index, 1, 0, 0))
    const payload = await creditApplicationFixture(index % 2 === 0 ? 2 : 3)
    payload.section1.businessName = businessName
    payload.section1.abn = abn
    const response = await apply(app, payload)
    expect(response.statusCode, response.body).toBe(200)
    references.push(response.headers['x-application-reference'] as string)
  }
  return references
}

async function list(app: FastifyInstance, headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/admin/credit-applications${query}`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Listed
}

const names = (listed: Listed) => listed.items.map((item) => item.businessName)

describe.each(DIALECTS)('the admin credit applications on %s', (dialect) => {
  it('answers 401 to anonymous callers and 403 to non-admins', async () => {
    const { app } = await buildTestApp({ dialect })
    await apply(app, await creditApplicationFixture(3))
    const regular = bearer(await tokenFor(app, await createUser(app, { memberType: 1 })))
    const company = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    for (const url of ['/api/admin/credit-applications', '/api/admin/credit-applications/1/pdf']) {
      const anonymous = await app.inject({ method: 'GET', url })
      expect(anonymous.statusCode, url).toBe(401)
      expect(anonymous.json()).toEqual({
        Message: 'Authorization has been denied for this request.',
        requestId: expect.any(String),
      })
      for (const headers of [regular, company]) {
        const forbidden = await app.inject({ method: 'GET', url, headers })
        expect(forbidden.statusCode, url).toBe(403)
        expect(forbidden.headers['content-type']).toContain('application/json')
      }
    }
  })

  it('lists applications newest first, with paging and a total', async () => {
    const clock = { now: new Date() }
    const { app } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
    const references = await submitted(app, clock, [
      ['Alpha Traffic', abnEndingWith('111222333')],
      ['Bravo Civil', abnEndingWith('444555666')],
      ['Charlie Roads', abnEndingWith('777888999')],
    ])
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const all = await list(app, headers)
    expect(names(all)).toEqual(['Charlie Roads', 'Bravo Civil', 'Alpha Traffic'])
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 20 })
    expect(all.items[0]).toEqual({
      id: expect.any(Number),
      reference: references[2],
      businessName: 'Charlie Roads',
      abn: abnEndingWith('777888999'),
      customerType: 2,
      applicantName: 'Morgan Ellis',
      email: 'accounts@elliscivil.example',
      submittedAt: '2026-03-03T01:00:00.000Z',
      status: 'received',
      assignee: null,
    })
    const second = await list(app, headers, '?page=2&pageSize=1')
    expect(names(second)).toEqual(['Bravo Civil'])
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 })
    expect((await list(app, headers, '?page=9')).items).toEqual([])
  })

  it('searches by business name (any case, any part) or by ABN digits, spaces ignored', async () => {
    const clock = { now: new Date() }
    const { app } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
    await submitted(app, clock, [
      ['Alpha Traffic', abnEndingWith('111222333')],
      ['Bravo Civil 100%', abnEndingWith('444555666')],
      ['Alphabet Roads', abnEndingWith('777888999')],
    ])
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    expect(names(await list(app, headers, '?search=alpha'))).toEqual(['Alphabet Roads', 'Alpha Traffic'])
    expect(names(await list(app, headers, '?search=CIVIL'))).toEqual(['Bravo Civil 100%'])
    expect(names(await list(app, headers, '?search=100%25'))).toEqual(['Bravo Civil 100%'])
    expect(names(await list(app, headers, '?search=_'))).toEqual([])
    const abn = abnEndingWith('444555666')
    expect(names(await list(app, headers, `?search=${encodeURIComponent(abn)}`))).toEqual([
      'Bravo Civil 100%',
    ])
    expect(names(await list(app, headers, `?search=${abn.replace(/\s/g, '')}`))).toEqual(['Bravo Civil 100%'])
    expect(names(await list(app, headers, '?search=555%20666'))).toEqual(['Bravo Civil 100%'])
    const none = await list(app, headers, '?search=zulu')
    expect(none).toMatchObject({ items: [], total: 0 })
    expect((await list(app, headers, '?search=')).total).toBe(3)
  })

  it('returns names with script text as plain JSON data', async () => {
    const { app } = await buildTestApp({ dialect })
    const payload = await creditApplicationFixture(3)
    payload.section1.businessName = '<script>alert(1)</script>'
    expect((await apply(app, payload)).statusCode).toBe(200)
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const response = await app.inject({ method: 'GET', url: '/api/admin/credit-applications', headers })
    expect(response.headers['content-type']).toContain('application/json')
    expect(response.json().items[0].businessName).toBe('<script>alert(1)</script>')
  })

  it('downloads the stored PDF of an application', async () => {
    const { app } = await buildTestApp({ dialect })
    const submittedPdf = await apply(app, await creditApplicationFixture(0))
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const [item] = (await list(app, headers)).items
    const response = await app.inject({
      method: 'GET',
      url: `/api/admin/credit-applications/${item?.id}/pdf`,
      headers,
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="credit-application-${item?.reference}.pdf"`,
    )
    expect(Buffer.compare(response.rawPayload, submittedPdf.rawPayload)).toBe(0)

    const missing = await app.inject({
      method: 'GET',
      url: '/api/admin/credit-applications/999/pdf',
      headers,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ Message: 'Credit application not found.' })
    const invalid = await app.inject({
      method: 'GET',
      url: '/api/admin/credit-applications/abc/pdf',
      headers,
    })
    expect(invalid.statusCode).toBe(400)
  })
})
