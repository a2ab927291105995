import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { contact, createEnquiry, post } from './helpers.ts'

type Listed = {
  items: { id: string; name: string; status: string }[]
  total: number
  page: number
  pageSize: number
}

async function adminHeaders(app: FastifyInstance) {
  return bearer(await tokenFor(app, await createAdmin(app)))
}

async function list(app: FastifyInstance, headers: Record<string, string>, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/admin/enquiries${query}`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as Listed
}

const names = (listed: Listed) => listed.items.map((item) => item.name)

describe.each(DIALECTS)('the admin inbox on %s', (dialect) => {
  it('answers 401 to anonymous callers and 403 to non-admins on every admin endpoint', async () => {
    const { app } = await buildTestApp({ dialect })
    const enquiry = await createEnquiry(app)
    const regular = bearer(await tokenFor(app, await createUser(app, { memberType: 1 })))
    const company = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    const endpoints = [
      { method: 'GET', url: '/api/admin/enquiries' },
      { method: 'GET', url: '/api/admin/enquiries.csv' },
      { method: 'GET', url: `/api/admin/enquiries/${enquiry.id}` },
      { method: 'PATCH', url: `/api/admin/enquiries/${enquiry.id}`, payload: { status: 'done' } },
      { method: 'GET', url: '/api/admin/outbox?status=failed' },
      { method: 'POST', url: '/api/admin/outbox/1/retry' },
    ] as const
    for (const endpoint of endpoints) {
      const anonymous = await app.inject(endpoint)
      expect(anonymous.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(401)
      expect(anonymous.json()).toEqual({
        Message: 'Authorization has been denied for this request.',
        requestId: expect.any(String),
      })
      for (const headers of [regular, company]) {
        const forbidden = await app.inject({ ...endpoint, headers })
        expect(forbidden.statusCode, `${endpoint.method} ${endpoint.url}`).toBe(403)
        expect(forbidden.json()).toMatchObject({ Message: expect.any(String) })
      }
    }
    const row = await app.db.selectFrom('enquiries').select('status').executeTakeFirstOrThrow()
    expect(row.status).toBe('new')
  })

  it('lists newest first, pages, and filters by kind and status', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await createEnquiry(app, { name: 'Oldest', created_at: '2026-01-05T01:00:00.000Z' })
    await createEnquiry(app, {
      name: 'Quote',
      kind: 'quote',
      status: 'in_progress',
      services: ['Arrow Boards'],
      sources: ['Facebook'],
      created_at: '2026-01-06T01:00:00.000Z',
    })
    await createEnquiry(app, { name: 'Done', status: 'done', created_at: '2026-01-07T01:00:00.000Z' })
    await createEnquiry(app, { name: 'Newest', kind: 'quote', created_at: '2026-01-08T01:00:00.000Z' })

    const all = await list(app, headers)
    expect(names(all)).toEqual(['Newest', 'Done', 'Quote', 'Oldest'])
    expect(all).toMatchObject({ total: 4, page: 1, pageSize: 20 })
    expect(all.items[2]).toEqual({
      id: expect.any(String),
      reference: expect.stringMatching(/^Q-2000-\d{5}$/),
      kind: 'quote',
      status: 'in_progress',
      name: 'Quote',
      email: 'sam@example.com',
      phone: null,
      message: 'Hello there.',
      services: ['Arrow Boards'],
      source: ['Facebook'],
      hireDetails: null,
      createdAt: '2026-01-06T01:00:00.000Z',
      updatedAt: '2026-01-06T01:00:00.000Z',
      assignee: null,
    })

    expect(await list(app, headers, '?pageSize=2&page=2')).toMatchObject({
      total: 4,
      page: 2,
      pageSize: 2,
      items: [{ name: 'Quote' }, { name: 'Oldest' }],
    })
    expect(names(await list(app, headers, '?kind=quote'))).toEqual(['Newest', 'Quote'])
    expect(names(await list(app, headers, '?kind=contact'))).toEqual(['Done', 'Oldest'])
    expect(names(await list(app, headers, '?status=new'))).toEqual(['Newest', 'Oldest'])
    expect(names(await list(app, headers, '?status=in_progress'))).toEqual(['Quote'])
    expect(names(await list(app, headers, '?kind=quote&status=new'))).toEqual(['Newest'])
    // Empty values mean "any", as a form sends them.
    expect((await list(app, headers, '?kind=&status=&from=&to=&search=&page=')).total).toBe(4)
  })

  it('filters by whole days in Melbourne time, summer (AEDT) and winter (AEST)', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    // 1 March 2026 23:59 and 2 March 00:30 in Melbourne (UTC+11).
    await createEnquiry(app, { name: 'Sun 1 Mar 23:59', created_at: '2026-03-01T12:59:00.000Z' })
    await createEnquiry(app, { name: 'Mon 2 Mar 00:30', created_at: '2026-03-01T13:30:00.000Z' })
    await createEnquiry(app, { name: 'Mon 2 Mar 23:59', created_at: '2026-03-02T12:59:59.999Z' })
    // 1 July 23:59:59 and 2 July 00:00 in Melbourne (UTC+10).
    await createEnquiry(app, { name: 'Wed 1 Jul 23:59', created_at: '2026-07-01T13:59:59.000Z' })
    await createEnquiry(app, { name: 'Thu 2 Jul 00:00', created_at: '2026-07-01T14:00:00.000Z' })

    expect(names(await list(app, headers, '?from=2026-03-02&to=2026-03-02'))).toEqual([
      'Mon 2 Mar 23:59',
      'Mon 2 Mar 00:30',
    ])
    expect(names(await list(app, headers, '?to=2026-03-01'))).toEqual(['Sun 1 Mar 23:59'])
    expect(names(await list(app, headers, '?from=2026-07-02'))).toEqual(['Thu 2 Jul 00:00'])
    expect(names(await list(app, headers, '?from=2026-03-03&to=2026-07-01'))).toEqual(['Wed 1 Jul 23:59'])

    const invalid = await app.inject({
      method: 'GET',
      url: '/api/admin/enquiries?from=2026-02-30&to=yesterday&kind=letter&status=closed',
      headers,
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().ModelState).toEqual({
      from: ['Must be a date.'],
      to: ['Must be a date.'],
      kind: [expect.any(String)],
      status: ['Status must be one of new, in_progress, done.'],
    })
  })

  it('searches the name, email, phone and message, ignoring case, every word', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await createEnquiry(app, {
      name: 'Alice Nguyen',
      email: 'alice@roads.example',
      message: 'Need an ARROW board.',
    })
    await createEnquiry(app, { name: 'Bob Smith', phone: '0412 555 000', message: 'VMS board, 100% urgent' })
    await createEnquiry(app, { name: 'Carol_Lee', email: 'carol@site.example', message: 'Traffic lights.' })

    const search = async (text: string) =>
      names(await list(app, headers, `?search=${encodeURIComponent(text)}`)).sort()
    expect(await search('arrow')).toEqual(['Alice Nguyen'])
    expect(await search('ALICE')).toEqual(['Alice Nguyen'])
    expect(await search('roads.example')).toEqual(['Alice Nguyen'])
    expect(await search('555 000')).toEqual(['Bob Smith'])
    expect(await search('board')).toEqual(['Alice Nguyen', 'Bob Smith'])
    expect(await search('board vms')).toEqual(['Bob Smith'])
    // LIKE wildcards match only themselves.
    expect(await search('100%')).toEqual(['Bob Smith'])
    expect(await search('%')).toEqual(['Bob Smith'])
    expect(await search('l_')).toEqual(['Carol_Lee'])
    expect(await search('nobody')).toEqual([])
  })

  it('shows one enquiry with its sender details, and changes its status', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const sent = await post(app, '/api/contact', contact, {
      ip: '192.0.2.44',
      headers: { 'user-agent': 'Firefox/140' },
    })
    const { id } = sent.json() as { id: string }

    const detail = await app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers })
    expect(detail.statusCode).toBe(200)
    expect(detail.json()).toMatchObject({
      id,
      kind: 'contact',
      status: 'new',
      name: 'Jane Citizen',
      email: 'jane@example.com',
      phone: '03 5550 1234',
      message: contact.message,
      services: [],
      source: [],
      ip: '192.0.2.44',
      userAgent: 'Firefox/140',
    })

    for (const status of ['in_progress', 'done', 'new'] as const) {
      const changed = await app.inject({
        method: 'PATCH',
        url: `/api/admin/enquiries/${id}`,
        headers,
        payload: { status },
      })
      expect(changed.statusCode).toBe(200)
      expect(changed.json()).toMatchObject({ id, status })
      const reread = await app.inject({ method: 'GET', url: `/api/admin/enquiries/${id}`, headers })
      expect(reread.json().status).toBe(status)
    }

    const bad = await app.inject({
      method: 'PATCH',
      url: `/api/admin/enquiries/${id}`,
      headers,
      payload: { status: 'closed' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().ModelState).toEqual({ status: ['Status must be one of new, in_progress, done.'] })

    const unknown = '00000000-0000-4000-8000-000000000000'
    for (const request of [
      { method: 'GET', url: `/api/admin/enquiries/${unknown}` },
      { method: 'PATCH', url: `/api/admin/enquiries/${unknown}`, payload: { status: 'done' } },
      { method: 'GET', url: '/api/admin/enquiries/not-a-uuid' },
    ] as const) {
      const missing = await app.inject({ ...request, headers })
      expect(missing.statusCode).toBe(404)
      expect(missing.json()).toMatchObject({ Message: 'The enquiry does not exist.' })
    }
  })

  it('exports CSV: BOM, RFC 4180 quoting, formulas neutralised, the same filters', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await createEnquiry(app, {
      name: '=HYPERLINK("http://evil.example","Click")',
      email: '@sum@example.com',
      phone: '+61 3 5550 1234',
      message: 'Line one, with a comma\r\nand "quotes"\n-2+3',
      kind: 'quote',
      services: ['Arrow Boards', 'Other'],
      sources: ['Facebook'],
      created_at: '2026-03-01T13:30:00.000Z',
    })
    await createEnquiry(app, { name: 'Plain Contact', created_at: '2026-03-03T00:00:00.000Z' })
    await createEnquiry(app, {
      name: '\tTabbed',
      message: '\rCarriage',
      created_at: '2026-03-04T00:00:00.000Z',
    })

    const response = await app.inject({ method: 'GET', url: '/api/admin/enquiries.csv', headers })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="enquiries-\d{4}-\d\d-\d\d\.csv"$/,
    )
    const body = response.rawPayload.toString('utf8')
    expect(
      body.startsWith('\uFEFF"Reference","Received (Melbourne)","Kind","Status","Name","Email","Phone",'),
    ).toBe(true)
    expect(body.endsWith('\r\n')).toBe(true)
    const records = body.slice(1).split(/\r\n(?=")/)
    expect(records).toHaveLength(4)
    expect(records[3]).toMatch(
      /^"Q-2000-\d{5}","2026-03-02 00:30","quote","new","'=HYPERLINK\(""http:\/\/evil\.example"",""Click""\)","'@sum@example\.com","'\+61 3 5550 1234","Arrow Boards; Other","Facebook","Line one, with a comma\r\nand ""quotes""\n-2\+3","","","","","","","[0-9a-f-]{36}"\r\n$/,
    )
    expect(records[1]).toMatch(
      /^"M-2000-\d{5}","2026-03-04 11:00","contact","new","'\tTabbed","sam@example\.com","","","","'\rCarriage",/,
    )
    expect(records[2]).toMatch(/^"M-2000-\d{5}","2026-03-03 11:00","contact","new","Plain Contact",/)

    const filtered = await app.inject({
      method: 'GET',
      url: '/api/admin/enquiries.csv?kind=contact&from=2026-03-03&to=2026-03-03',
      headers,
    })
    const lines = filtered.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toContain('"Plain Contact"')
  })
})
