import { FAULT_MESSAGES, FAULT_PERSONAL_DATA_DAYS, type FaultReportInput } from '@signalway/shared/faults'
import { SITE } from '@signalway/shared/site'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { erasePersonalData } from '../../../src/modules/faults/service.ts'
import { createFleetUnit } from '../../../src/seed/factories.ts'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import { addMember, addSite, openAccount } from '../customer-accounts/helpers.ts'
import { nextIp } from '../enquiries/helpers.ts'
import { addType, depotIdOf } from '../fleet/helpers.ts'

const DAY = 86_400_000
const PUBLIC_REPORT: FaultReportInput = {
  symptoms: ['display-blank'],
  text: 'Board is dark.',
  name: 'Sam Roadside',
  phone: '0499 111 222',
  location: { lat: -37.862612, lng: 144.770512, accuracy: 12 },
}

/** An account with two sites, a unit on hire at each, one not on hire, and a supervisor of the first site. */
async function setUp(app: FastifyInstance) {
  const owner = await createUser(app, { memberType: 2 })
  const account = await openAccount(app, owner, 'Fault Civil')
  const northId = await addSite(app, account.id, 'North site')
  const southId = await addSite(app, account.id, 'South site')
  const depotId = await depotIdOf(app, 'LAV')
  const type = await addType(app, account.staff)
  const unit = (fleet_number: string) =>
    createFleetUnit(app.db, { type_id: type.id, depot_id: depotId, fleet_number })
  const onHire = async (siteId: number, fleetNumber: string, collected = false) => {
    const id = await unit(fleetNumber)
    const booking = await insertBooking(app, {
      accountId: account.id,
      siteId,
      depotId,
      units: [{ id, typeId: type.id }],
      startsAt: new Date(Date.now() - 2 * DAY).toISOString(),
      endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
      onHireAt: new Date(Date.now() - 2 * DAY).toISOString(),
    })
    if (collected)
      await app.db
        .updateTable('booking_lines')
        .set({ collected_at: new Date(Date.now() - DAY).toISOString() })
        .where('booking_id', '=', booking.id)
        .execute()
    return booking.lineIds[0] as number
  }
  const northLine = await onHire(northId, 'VMS-0901')
  const southLine = await onHire(southId, 'VMS-0902')
  await onHire(northId, 'VMS-0903', true)
  await unit('VMS-0904')
  const admin = await addMember(app, account.id, 'account_admin')
  const supervisor = await addMember(app, account.id, 'site_supervisor', [northId])
  return { account, northId, southId, northLine, southLine, admin, supervisor }
}

const publicReport = (app: FastifyInstance, fleetNumber: string) =>
  app.inject({
    method: 'POST',
    url: `/api/equipment/${fleetNumber}/faults`,
    payload: PUBLIC_REPORT,
    remoteAddress: nextIp(),
  })

const faultsUrl = (accountId: number) => `/api/my-account/customer-accounts/${accountId}/faults`

describe.each(DIALECTS)('the faults of units on hire in My Account on %s', (dialect) => {
  it("ties a public report of a unit on hire to its line, account and site, and shows it without the reporter's details", async () => {
    const { app } = await buildTestApp({ dialect })
    const { account, northId, northLine, admin } = await setUp(app)
    const reported = await publicReport(app, 'VMS-0901')
    expect(reported.statusCode, reported.body).toBe(201)
    // The public answer says nothing of the hire.
    expect(Object.keys(reported.json()).sort()).toEqual(['phone', 'reference', 'reportedAt'])
    const row = await app.db
      .selectFrom('fault_reports')
      .select(['booking_line_id', 'account_id', 'site_id', 'reporter_user_id'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      booking_line_id: northLine,
      account_id: account.id,
      site_id: northId,
      reporter_user_id: null,
    })

    const listed = await app.inject({ method: 'GET', url: faultsUrl(account.id), headers: admin.headers })
    expect(listed.statusCode, listed.body).toBe(200)
    const { faults } = listed.json()
    expect(faults).toEqual([
      expect.objectContaining({
        reference: reported.json().reference,
        fleetNumber: 'VMS-0901',
        siteName: 'North site',
        symptoms: ['display-blank'],
        status: 'reported',
        reportedBy: null,
        acknowledgedAt: null,
        timeZone: 'Australia/Melbourne',
      }),
    ])
    expect(listed.body).not.toContain('Sam Roadside')
    expect(listed.body).not.toContain('0499 111 222')
    expect(listed.body).not.toContain('144.77')
  })

  it('does not tie a unit not on hire or already collected', async () => {
    const { app } = await buildTestApp({ dialect })
    const { account, admin } = await setUp(app)
    expect((await publicReport(app, 'VMS-0903')).statusCode).toBe(201)
    expect((await publicReport(app, 'VMS-0904')).statusCode).toBe(201)
    const rows = await app.db
      .selectFrom('fault_reports')
      .select(['booking_line_id', 'account_id', 'site_id'])
      .execute()
    expect(rows).toEqual([
      { booking_line_id: null, account_id: null, site_id: null },
      { booking_line_id: null, account_id: null, site_id: null },
    ])
    const listed = await app.inject({ method: 'GET', url: faultsUrl(account.id), headers: admin.headers })
    expect(listed.json()).toEqual({ faults: [] })
  })

  it("shows a site supervisor only their sites' faults, newest first, and 404s outside the account", async () => {
    const { app } = await buildTestApp({ dialect })
    const { account, admin, supervisor } = await setUp(app)
    await publicReport(app, 'VMS-0901')
    await publicReport(app, 'VMS-0902')
    const all = await app.inject({ method: 'GET', url: faultsUrl(account.id), headers: admin.headers })
    expect(all.json().faults.map((fault: { fleetNumber: string }) => fault.fleetNumber)).toEqual([
      'VMS-0902',
      'VMS-0901',
    ])
    const theirs = await app.inject({
      method: 'GET',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
    })
    expect(theirs.json().faults.map((fault: { fleetNumber: string }) => fault.fleetNumber)).toEqual([
      'VMS-0901',
    ])
    const other = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
    const outsider = await addMember(app, other.id, 'account_admin')
    const outside = await app.inject({ method: 'GET', url: faultsUrl(account.id), headers: outsider.headers })
    expect(outside.statusCode).toBe(404)
  })

  it('takes a report from a member on On hire, named by them, into the same queue and on-call email', async () => {
    const { app } = await buildTestApp({ dialect })
    const { account, northId, northLine, southLine, supervisor } = await setUp(app)
    const payload = { lineId: northLine, symptoms: ['display-blank'], text: 'Dark since last night.' }
    const reported = await app.inject({
      method: 'POST',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
      payload,
    })
    expect(reported.statusCode, reported.body).toBe(201)
    const name = `${supervisor.user.first_name} ${supervisor.user.last_name}`
    const row = await app.db
      .selectFrom('fault_reports')
      .select([
        'reporter_name',
        'reporter_phone',
        'reporter_user_id',
        'account_id',
        'site_id',
        'booking_line_id',
      ])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      reporter_name: name,
      reporter_phone: supervisor.user.mobile,
      reporter_user_id: supervisor.user.id,
      account_id: account.id,
      site_id: northId,
      booking_line_id: northLine,
    })
    const mail = await app.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', SITE.oncallEmail)
      .execute()
    expect(mail).toHaveLength(1)
    expect(mail[0]?.subject).toContain(reported.json().reference)
    expect(mail[0]?.text_body).toContain(name)
    const listed = await app.inject({
      method: 'GET',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
    })
    expect(listed.json().faults[0]).toMatchObject({ reportedBy: name, fleetNumber: 'VMS-0901' })
    // Resolved long ago, its reporter's details erased (APP 11): the member is still named, from their profile.
    await app.db
      .updateTable('fault_reports')
      .set({
        status: 'resolved',
        resolved_at: new Date(Date.now() - (FAULT_PERSONAL_DATA_DAYS + 1) * DAY).toISOString(),
      })
      .execute()
    expect(await erasePersonalData({ db: app.db, clock: () => new Date() })).toBe(1)
    const afterErasure = await app.inject({
      method: 'GET',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
    })
    expect(afterErasure.json().faults[0]).toMatchObject({ reportedBy: name, status: 'resolved' })
    const erased = await app.db
      .selectFrom('fault_reports')
      .select(['reporter_name', 'reporter_phone'])
      .execute()
    expect(erased).toEqual([{ reporter_name: '', reporter_phone: '' }])
    const queue = await app.inject({ method: 'GET', url: '/api/admin/faults', headers: account.staff })
    expect(queue.json()).toHaveLength(1)

    // Another site's unit is unknown to the supervisor; symptoms are checked as on the public page.
    const south = await app.inject({
      method: 'POST',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
      payload: { ...payload, lineId: southLine },
    })
    expect(south.statusCode).toBe(404)
    expect(south.json().Message).toBe(FAULT_MESSAGES.notOnHire)
    const wrong = await app.inject({
      method: 'POST',
      url: faultsUrl(account.id),
      headers: supervisor.headers,
      payload: { ...payload, symptoms: ['no-such-thing'] },
    })
    expect(wrong.statusCode).toBe(400)
  })
})
