import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { createEnquiry } from './helpers.ts'

/* Requirements §11: enquiries and quote requests get an assignee and internal notes, like credit applications. */

async function setUp(dialect: 'sqlite' | 'postgres') {
  const { app } = await buildTestApp({ dialect })
  const admin = await createAdmin(app, { firstName: 'Ada', lastName: 'Admin' })
  const headers = bearer(await tokenFor(app, admin))
  const enquiry = await createEnquiry(app, {
    name: 'Grace Hopper',
    kind: 'quote',
    services: ['Arrow Boards'],
  })
  return { app, admin, headers, enquiry }
}

function patch(app: FastifyInstance, id: string, headers: Record<string, string>, payload: object) {
  return app.inject({ method: 'PATCH', url: `/api/admin/enquiries/${id}`, headers, payload })
}

describe.each(DIALECTS)('enquiry assignment and notes on %s', (dialect) => {
  it('assigns an enquiry to an administrator and back to nobody; lists filter by assignee; audited', async () => {
    const { app, admin, headers, enquiry } = await setUp(dialect)
    const other = await createEnquiry(app, { name: 'Ada Lovelace' })
    const assigned = await patch(app, enquiry.id, headers, { assigneeId: admin.id })
    expect(assigned.statusCode, assigned.body).toBe(200)
    expect(assigned.json()).toMatchObject({ status: 'new', assignee: { id: admin.id, name: 'Ada Admin' } })

    const list = async (query: string) => {
      const response = await app.inject({ method: 'GET', url: `/api/admin/enquiries${query}`, headers })
      expect(response.statusCode, response.body).toBe(200)
      return (response.json() as { items: { name: string; assignee: unknown }[] }).items
    }
    expect((await list(`?assignee=${admin.id}`)).map((item) => item.name)).toEqual(['Grace Hopper'])
    expect((await list('?assignee=none')).map((item) => item.name)).toEqual(['Ada Lovelace'])
    expect((await list('')).find((item) => item.name === 'Grace Hopper')?.assignee).toEqual({
      id: admin.id,
      name: 'Ada Admin',
    })

    const both = await patch(app, enquiry.id, headers, { status: 'in_progress', assigneeId: null })
    expect(both.json()).toMatchObject({ status: 'in_progress', assignee: null })
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'enquiry')
      .where('target_id', '=', enquiry.id)
      .orderBy('id')
      .execute()
    expect(audit.map((entry) => [entry.action, JSON.parse(entry.after ?? '{}')])).toEqual([
      ['enquiry.update', { status: 'new', assignee: 'Ada Admin' }],
      ['enquiry.update', { status: 'in_progress', assignee: null }],
    ])
    expect(other.assignee_id).toBeNull()
  })

  it('refuses a member as assignee, and an empty change', async () => {
    const { app, headers, enquiry } = await setUp(dialect)
    const member = await createUser(app, { memberType: 1 })
    const wrong = await patch(app, enquiry.id, headers, { assigneeId: member.id })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().ModelState.assigneeId).toEqual(['Choose an administrator to assign it to.'])
    expect((await patch(app, enquiry.id, headers, {})).statusCode).toBe(400)
  })

  it('adds internal notes with their author, shown oldest first on the detail; 401, 403 and 404 as the inbox', async () => {
    const { app, headers, enquiry } = await setUp(dialect)
    const url = `/api/admin/enquiries/${enquiry.id}/notes`
    for (const body of ['Rang back: wants two boards from Monday.', 'Quote sent.']) {
      const added = await app.inject({ method: 'POST', url, headers, payload: { body } })
      expect(added.statusCode, added.body).toBe(201)
      expect(added.json()).toMatchObject({ author: 'Ada Admin', body })
    }
    const detail = await app.inject({ method: 'GET', url: `/api/admin/enquiries/${enquiry.id}`, headers })
    expect(detail.json().notes.map((note: { body: string }) => note.body)).toEqual([
      'Rang back: wants two boards from Monday.',
      'Quote sent.',
    ])
    expect((await app.inject({ method: 'POST', url, payload: { body: 'x' } })).statusCode).toBe(401)
    const company = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    expect(
      (await app.inject({ method: 'POST', url, headers: company, payload: { body: 'x' } })).statusCode,
    ).toBe(403)
    const missing = await app.inject({
      method: 'POST',
      url: '/api/admin/enquiries/00000000-0000-4000-8000-000000000000/notes',
      headers,
      payload: { body: 'x' },
    })
    expect(missing.statusCode).toBe(404)
    const empty = await app.inject({ method: 'POST', url, headers, payload: { body: '   ' } })
    expect(empty.json().ModelState.body).toEqual(['Write the note.'])
  })
})
