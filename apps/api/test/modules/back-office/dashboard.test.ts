import { describe, expect, it } from 'vitest'
import { insertOutboxMessage } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from '../credit/helpers.ts'
import { createEnquiry, manualClock } from '../enquiries/helpers.ts'

describe.each(DIALECTS)('the admin dashboard on %s', (dialect) => {
  it('answers 401 to anonymous callers, 403 to types 1 and 2, and never lets a cache keep it', async () => {
    const { app } = await buildTestApp({ dialect })
    const anonymous = await app.inject({ method: 'GET', url: '/api/admin/dashboard' })
    expect(anonymous.statusCode).toBe(401)
    for (const memberType of [1, 2]) {
      const headers = bearer(await tokenFor(app, await createUser(app, { memberType })))
      const forbidden = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })
      expect(forbidden.statusCode, `type ${memberType}`).toBe(403)
    }
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const allowed = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })
    expect(allowed.statusCode).toBe(200)
    expect(allowed.headers['cache-control']).toContain('no-store')
  })

  it('counts credit applications Received or Under review, not those decided or waiting for the applicant', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const references: string[] = []
    for (let index = 0; index < 4; index++) {
      const response = await apply(app, await creditApplicationFixture(3))
      expect(response.statusCode, response.body).toBe(200)
      references.push(response.headers['x-application-reference'] as string)
    }
    const statuses = ['under_review', 'approved', 'more_information_needed'] as const
    for (const [index, status] of statuses.entries()) {
      await app.db
        .updateTable('credit_applications')
        .set({ status })
        .where('reference', '=', references[index] as string)
        .execute()
    }
    const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })
    expect(response.json().creditAwaitingDecision).toBe(2)
    const listed = await app.inject({
      method: 'GET',
      url: '/api/admin/credit-applications?status=awaiting_decision',
      headers,
    })
    expect(listed.json().total).toBe(2)
  })

  it('counts new enquiries, failed mail, and users registered in the last seven Melbourne days', async () => {
    // 10:00 in Melbourne (AEDT) on Wednesday 25 November 2026: the week is 19 to 25 November.
    const time = manualClock('2026-11-24T23:00:00.000Z')
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    const admin = await createAdmin(app, { registrationDate: new Date('2026-01-01T00:00:00.000Z') })
    const headers = bearer(await tokenFor(app, admin))

    await createEnquiry(app, { status: 'new' })
    await createEnquiry(app, { status: 'new', kind: 'quote', services: ['Arrow Boards'] })
    await createEnquiry(app, { status: 'in_progress' })
    await createEnquiry(app, { status: 'done' })

    const mail = { to: 'someone@example.com', subject: 'Hello', text: 'Hi', attachments: '[]' }
    for (const status of ['failed', 'failed', 'sent', 'pending'] as const) {
      const id = await insertOutboxMessage(app.db, mail, time.clock())
      await app.db.updateTable('outbox').set({ status }).where('id', '=', id).execute()
    }

    // 19 November 00:00 in Melbourne is 18 November 13:00 UTC.
    await createUser(app, { registrationDate: new Date('2026-11-18T12:59:59.000Z') }) // the day before
    await createUser(app, { registrationDate: new Date('2026-11-18T13:00:00.000Z') }) // first minute
    await createUser(app, { registrationDate: new Date('2026-11-24T22:59:00.000Z'), memberType: 2 })
    // The seeded administrator registered when the app started: the real today, after the clock's week.
    const archived = await createUser(app, { registrationDate: new Date('2026-11-20T01:00:00.000Z') })
    await app.db
      .updateTable('users')
      .set({ archived_at: '2026-11-21T00:00:00.000Z' })
      .where('id', '=', archived.id)
      .execute()

    const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({
      newEnquiries: 2,
      creditAwaitingDecision: 0,
      bookingsRequested: 0,
      collectionsToSchedule: 0,
      undeliveredMail: 2,
      recentUsers: { count: 2, from: '2026-11-19', to: '2026-11-25' },
      openFaults: 0,
      medianAcknowledgeMinutes: null,
    })
  })

  it('lists the administrators work can be assigned to, not members or archived administrators', async () => {
    const { app } = await buildTestApp({ dialect })
    const admin = await createAdmin(app, { firstName: 'Zoe', lastName: 'Staff' })
    const other = await createAdmin(app, { firstName: 'Bo', lastName: 'Staff' })
    await createUser(app, { memberType: 1, firstName: 'Reg' })
    const gone = await createAdmin(app, { firstName: 'Al', lastName: 'Gone' })
    await app.db
      .updateTable('users')
      .set({ archived_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', gone.id)
      .execute()
    const headers = bearer(await tokenFor(app, admin))
    const response = await app.inject({ method: 'GET', url: '/api/admin/staff', headers })
    expect(response.statusCode).toBe(200)
    const names = (response.json() as { id: number; name: string }[]).map((member) => member.name)
    expect(names).toContain('Zoe Staff')
    expect(names).toContain('Bo Staff')
    expect(names).not.toContain('Al Gone')
    expect(names.indexOf('Bo Staff')).toBeLessThan(names.indexOf('Zoe Staff'))
    expect(response.json()).toContainEqual({ id: other.id, name: 'Bo Staff' })
    const member = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    expect((await app.inject({ method: 'GET', url: '/api/admin/staff', headers: member })).statusCode).toBe(
      403,
    )
  })
})
