import { ON_HIRE_MESSAGES, type OnHire } from '@signalway/shared/on-hire'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { DIALECTS, type Dialect } from '../../helpers/build.ts'
import { insertBooking } from './fixtures.ts'
import { bookingVersion, NOW, onHireSetup } from './on-hire-setup.ts'

/*
 * A customer's off-hire (ADR 048): units on hire and a pick-up time not in the past; a gap-free OH number given at
 * once; the units' charges stop at the pick-up time whenever they are collected; retries never make a second
 * off-hire; the requester and the orderer are emailed.
 */

const ON_HIRE = '2026-12-08T00:00:00.000Z'
const PICKUP = '2026-12-11T02:00:00.000Z'

async function withBooking(dialect: Dialect) {
  const setup = await onHireSetup(dialect)
  const { app, accountId, siteA, depotId, fleet, members } = setup
  const booking = await insertBooking(app, {
    accountId,
    siteId: siteA,
    depotId,
    units: fleet.slice(0, 2),
    onHireAt: ON_HIRE,
    orderedBy: members.orderer.user.id,
  })
  const url = `${setup.base}/bookings/${booking.id}/off-hires`
  return { ...setup, booking, url }
}

describe.each(DIALECTS)('Off-hire (%s)', (dialect) => {
  it('numbers the off-hire at once, ends the lines at the pick-up time, and emails the requester and the orderer', async () => {
    const { app, url, booking, members } = await withBooking(dialect)
    const response = await app.inject({
      method: 'POST',
      url,
      headers: members.supervisorA.headers,
      payload: { version: 1, lineIds: [booking.lineIds[0]], pickupAt: PICKUP, accessNotes: 'Gate code 4321' },
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(response.json()).toEqual({
      number: 'OH-2026-000001',
      pickupAt: PICKUP,
      units: [{ lineId: booking.lineIds[0], fleetNumber: 'VMS-0001' }],
      version: 2,
    })
    const lines = await app.db
      .selectFrom('booking_lines')
      .select(['id', 'off_hire_id', 'off_hire_at', 'ends_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute()
    expect(lines[0]).toMatchObject({ off_hire_at: PICKUP, ends_at: PICKUP })
    expect(lines[0]?.off_hire_id).not.toBeNull()
    expect(lines[1]).toMatchObject({ off_hire_id: null, off_hire_at: null })
    const row = await app.db
      .selectFrom('bookings')
      .select(['status', 'version'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    // One of two units: still on hire.
    expect(row).toEqual({ status: 'on_hire', version: 2 })
    const offHire = await app.db.selectFrom('off_hires').selectAll().executeTakeFirstOrThrow()
    expect(offHire).toMatchObject({
      number: 'OH-2026-000001',
      pickup_at: PICKUP,
      access_notes: 'Gate code 4321',
    })

    const mail = (await findOutboxMessages(app.db)).filter((message) =>
      message.subject.includes('OH-2026-000001'),
    )
    expect(mail.map((message) => message.to_address).sort()).toEqual(
      [members.supervisorA.user.email, members.orderer.user.email].sort(),
    )
    const text = mail[0]?.text_body ?? ''
    expect(text).toContain('VMS-0001')
    expect(text).toContain('Gate code 4321')
    // 02:00 UTC is noon in Brisbane (no daylight saving there).
    expect(text).toContain('11 December 2026 at 12:00 pm AEST')
    const audit = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(audit.map((entry) => entry.action)).toEqual(['booking.off-hire'])

    // The other unit: every unit then has an off-hire.
    const second = await app.inject({
      method: 'POST',
      url,
      headers: members.orderer.headers,
      payload: { version: 2, lineIds: [booking.lineIds[1]], pickupAt: PICKUP, accessNotes: '' },
    })
    expect(second.statusCode, second.body).toBe(201)
    expect(second.json().number).toBe('OH-2026-000002')
    const after = await app.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(after.status).toBe('off_hire_requested')
  })

  it('refuses a pick-up time in the past, units not on hire, and roles that may not', async () => {
    const { app, url, booking, members, base, accountId, siteA, depotId, fleet } = await withBooking(dialect)
    const post = (headers: Record<string, string>, payload: object, at = url) =>
      app.inject({ method: 'POST', url: at, headers, payload })
    const valid = { version: 1, lineIds: [booking.lineIds[0]], pickupAt: PICKUP, accessNotes: '' }
    const past = await post(members.admin.headers, { ...valid, pickupAt: '2026-12-09T23:59:00.000Z' })
    expect(past.statusCode).toBe(400)
    expect(past.json().Message).toBe(ON_HIRE_MESSAGES.pickupInPast)
    const far = await post(members.admin.headers, { ...valid, pickupAt: '2027-12-11T00:00:00.000Z' })
    expect(far.statusCode).toBe(400)
    expect(far.json().Message).toBe(ON_HIRE_MESSAGES.pickupTooFar)
    expect((await post(members.accounts.headers, valid)).statusCode).toBe(403)
    expect((await post(members.supervisorB.headers, valid)).statusCode).toBe(404)
    const stranger = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    expect((await post(stranger, valid)).statusCode).toBe(404)
    const waiting = await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: [fleet[3] as (typeof fleet)[number]],
    })
    const notOnHire = await post(
      members.admin.headers,
      { ...valid, lineIds: waiting.lineIds },
      `${base}/bookings/${waiting.id}/off-hires`,
    )
    expect(notOnHire.statusCode).toBe(400)
    // Nothing was changed.
    expect(await bookingVersion(app, booking.id)).toBe(1)
    expect(await app.db.selectFrom('off_hires').select('id').execute()).toEqual([])
  })

  it('never makes a second off-hire of a retried submission', async () => {
    const { app, url, booking, members } = await withBooking(dialect)
    const payload = { version: 1, lineIds: [booking.lineIds[0]], pickupAt: PICKUP, accessNotes: '' }
    const post = (body: object) =>
      app.inject({ method: 'POST', url, headers: members.admin.headers, payload: body })
    expect((await post(payload)).statusCode).toBe(201)
    const again = await post(payload)
    expect(again.statusCode).toBe(409)
    expect(again.json().Message).toBe(ON_HIRE_MESSAGES.alreadyOffHired(['VMS-0001']))
    const current = await post({ ...payload, version: 2 })
    expect(current.statusCode).toBe(409)
    expect(current.json().Message).toBe(ON_HIRE_MESSAGES.alreadyOffHired(['VMS-0001']))
    const stale = await post({ ...payload, lineIds: [booking.lineIds[1]] })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(ON_HIRE_MESSAGES.stale)
    expect(await app.db.selectFrom('off_hires').select('number').execute()).toEqual([
      { number: 'OH-2026-000001' },
    ])
  })

  it('gives two off-hires at once distinct numbers with no gap', async () => {
    const { app, members, accountId, siteA, depotId, fleet, base } = await withBooking(dialect)
    const other = await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: [fleet[2] as (typeof fleet)[number]],
      onHireAt: ON_HIRE,
    })
    const first = await app.db
      .selectFrom('bookings')
      .select(['id'])
      .where('id', '!=', other.id)
      .executeTakeFirstOrThrow()
    const firstLines = await app.db
      .selectFrom('booking_lines')
      .select('id')
      .where('booking_id', '=', first.id)
      .execute()
    const [a, b] = await Promise.all([
      app.inject({
        method: 'POST',
        url: `${base}/bookings/${first.id}/off-hires`,
        headers: members.admin.headers,
        payload: {
          version: 1,
          lineIds: firstLines.map((line) => line.id),
          pickupAt: PICKUP,
          accessNotes: '',
        },
      }),
      app.inject({
        method: 'POST',
        url: `${base}/bookings/${other.id}/off-hires`,
        headers: members.orderer.headers,
        payload: { version: 1, lineIds: other.lineIds, pickupAt: PICKUP, accessNotes: '' },
      }),
    ])
    expect(a?.statusCode, a?.body).toBe(201)
    expect(b?.statusCode, b?.body).toBe(201)
    expect([a?.json().number, b?.json().number].sort()).toEqual(['OH-2026-000001', 'OH-2026-000002'])
  })

  it('stops the charges at the pick-up time, however late the unit is collected', async () => {
    const { app, url, booking, members, base, clock } = await withBooking(dialect)
    const response = await app.inject({
      method: 'POST',
      url,
      headers: members.admin.headers,
      payload: { version: 1, lineIds: booking.lineIds, pickupAt: PICKUP, accessNotes: '' },
    })
    expect(response.statusCode, response.body).toBe(201)
    const costAt = async (at: string) => {
      clock.now = new Date(at)
      const headers = bearer(await tokenFor(app, members.admin.user))
      const body: OnHire = (await app.inject({ method: 'GET', url: `${base}/on-hire`, headers })).json()
      return body.totals
    }
    const atPickup = await costAt(PICKUP)
    // 8 to 11 December in Melbourne: 4 days of 2 units at $250.
    expect(atPickup).toEqual({ units: 2, costCents: 200_000, gstCents: 20_000 })
    expect(await costAt('2026-12-18T02:00:00.000Z')).toEqual(atPickup)
    expect(NOW < PICKUP).toBe(true)
  })
})
