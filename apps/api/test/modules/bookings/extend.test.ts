import { ON_HIRE_MESSAGES } from '@signalway/shared/on-hire'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { DIALECTS, type Dialect } from '../../helpers/build.ts'
import { insertBooking } from './fixtures.ts'
import { bookingVersion, onHireSetup } from './on-hire-setup.ts'

/*
 * Extending a hire (ADR 048): the same units must be free in the extra time (the booking's own lines aside); a
 * unit another hire has booked answers 409 naming it with a free unit to swap to; re-sent with the swap, the old
 * line ends at the old end and a new line holds the other unit to the new end.
 */

const OLD_END = '2026-12-14T20:00:00.000Z'

async function withBookings(dialect: Dialect) {
  const setup = await onHireSetup(dialect, 3)
  const { app, accountId, siteA, depotId, fleet, members } = setup
  const unit = (index: number) => fleet[index] as (typeof fleet)[number]
  const booking = await insertBooking(app, {
    accountId,
    siteId: siteA,
    depotId,
    units: [unit(0)],
    onHireAt: '2026-12-08T00:00:00.000Z',
    orderedBy: members.orderer.user.id,
  })
  // Another hire of VMS-0001 from 16 December; VMS-0002 is busy too, VMS-0003 free.
  await insertBooking(app, {
    accountId,
    siteId: siteA,
    depotId,
    units: [unit(0), unit(1)],
    status: 'confirmed',
    startsAt: '2026-12-16T20:00:00.000Z',
    endsAt: '2026-12-20T20:00:00.000Z',
  })
  const url = `${setup.base}/bookings/${booking.id}/extend`
  return { ...setup, booking, url }
}

async function linesOf(app: Awaited<ReturnType<typeof onHireSetup>>['app'], bookingId: number) {
  return app.db
    .selectFrom('booking_lines')
    .select(['id', 'unit_id', 'starts_at', 'ends_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()
}

describe.each(DIALECTS)('Extend (%s)', (dialect) => {
  it('extends the lines and the booking when the units are free, audited and emailed', async () => {
    const { app, url, booking, members } = await withBookings(dialect)
    const endsAt = '2026-12-16T20:00:00.000Z'
    const response = await app.inject({
      method: 'POST',
      url,
      headers: members.orderer.headers,
      payload: { version: 1, endsAt },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ endsAt, version: 2, swapped: [] })
    expect((await linesOf(app, booking.id)).map((line) => line.ends_at)).toEqual([endsAt])
    const row = await app.db
      .selectFrom('bookings')
      .select(['ends_at', 'version'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ ends_at: endsAt, version: 2 })
    expect(
      (await findAuditEntries(app.db, 'booking', String(booking.id))).map((entry) => entry.action),
    ).toEqual(['booking.extend'])
    const mail = (await findOutboxMessages(app.db)).filter((message) =>
      message.subject.includes(booking.reference),
    )
    expect(mail.map((message) => message.to_address)).toEqual([members.orderer.user.email])
    expect(mail[0]?.text_body).toContain('17 December 2026 at 6:00 am AEST')
  })

  it('names a unit booked in the extra time with a free unit to swap to, and swaps it when asked', async () => {
    const { app, url, booking, members, fleet } = await withBookings(dialect)
    const endsAt = '2026-12-18T20:00:00.000Z'
    const conflict = await app.inject({
      method: 'POST',
      url,
      headers: members.admin.headers,
      payload: { version: 1, endsAt },
    })
    expect(conflict.statusCode, conflict.body).toBe(409)
    expect(conflict.json()).toMatchObject({
      Message: ON_HIRE_MESSAGES.extendConflict,
      conflicts: [
        {
          lineId: booking.lineIds[0],
          unitId: fleet[0]?.id,
          fleetNumber: 'VMS-0001',
          swapTo: { unitId: fleet[2]?.id, fleetNumber: 'VMS-0003' },
        },
      ],
    })
    // Nothing changed.
    expect(await bookingVersion(app, booking.id)).toBe(1)
    expect((await linesOf(app, booking.id)).map((line) => line.ends_at)).toEqual([OLD_END])

    const swapped = await app.inject({
      method: 'POST',
      url,
      headers: members.admin.headers,
      payload: { version: 1, endsAt, swaps: [{ lineId: booking.lineIds[0], unitId: fleet[2]?.id }] },
    })
    expect(swapped.statusCode, swapped.body).toBe(200)
    const lines = await linesOf(app, booking.id)
    expect(lines.map((line) => [line.unit_id, line.starts_at, line.ends_at])).toEqual([
      [fleet[0]?.id, '2026-12-07T20:00:00.000Z', OLD_END],
      [fleet[2]?.id, OLD_END, endsAt],
    ])
    // The old unit's charges stop at the old end, where VMS-0003 takes over (once delivered).
    const stops = await app.db
      .selectFrom('booking_lines')
      .select(['id', 'off_hire_at', 'on_hire_at'])
      .where('booking_id', '=', booking.id)
      .orderBy('id')
      .execute()
    expect(stops.map((line) => [line.off_hire_at, line.on_hire_at])).toEqual([
      [OLD_END, '2026-12-08T00:00:00.000Z'],
      [null, null],
    ])
    // Swapped out, it cannot be off-hired by the customer.
    const offHire = await app.inject({
      method: 'POST',
      url: url.replace('/extend', '/off-hires'),
      headers: members.admin.headers,
      payload: { version: 2, lineIds: [booking.lineIds[0]], pickupAt: '2026-12-11T00:00:00.000Z' },
    })
    expect(offHire.statusCode).toBe(400)
    expect(swapped.json()).toEqual({
      endsAt,
      version: 2,
      swapped: [{ lineId: booking.lineIds[0], newLineId: lines[1]?.id, fleetNumber: 'VMS-0003' }],
    })
  })

  it('offers no swap when no unit of the type is free', async () => {
    const { app, url, members, accountId, siteA, depotId, fleet } = await withBookings(dialect)
    await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: [fleet[2] as (typeof fleet)[number]],
      status: 'confirmed',
      startsAt: '2026-12-15T20:00:00.000Z',
      endsAt: '2026-12-20T20:00:00.000Z',
    })
    const conflict = await app.inject({
      method: 'POST',
      url,
      headers: members.admin.headers,
      payload: { version: 1, endsAt: '2026-12-18T20:00:00.000Z' },
    })
    expect(conflict.statusCode).toBe(409)
    expect(conflict.json().conflicts).toEqual([
      expect.objectContaining({ fleetNumber: 'VMS-0001', swapTo: null }),
    ])
    const badSwap = await app.inject({
      method: 'POST',
      url,
      headers: members.admin.headers,
      payload: {
        version: 1,
        endsAt: '2026-12-18T20:00:00.000Z',
        swaps: [{ lineId: conflict.json().conflicts[0].lineId, unitId: fleet[1]?.id }],
      },
    })
    expect(badSwap.statusCode).toBe(400)
    expect(badSwap.json().Message).toBe(ON_HIRE_MESSAGES.swapInvalid)
  })

  it('extends only a confirmed booking or one on hire', async () => {
    const { app, members, base, accountId, siteA, depotId, fleet } = await withBookings(dialect)
    const requested = await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: [fleet[2] as (typeof fleet)[number]],
      startsAt: '2026-12-21T20:00:00.000Z',
      endsAt: '2026-12-22T20:00:00.000Z',
    })
    const response = await app.inject({
      method: 'POST',
      url: `${base}/bookings/${requested.id}/extend`,
      headers: members.admin.headers,
      payload: { version: 1, endsAt: '2026-12-23T20:00:00.000Z' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().Message).toBe(ON_HIRE_MESSAGES.notExtendable)
  })

  it('refuses an end not later, more than a year ahead, a stale version, and roles that may not', async () => {
    const { app, url, members } = await withBookings(dialect)
    const post = (headers: Record<string, string>, payload: object) =>
      app.inject({ method: 'POST', url, headers, payload })
    const earlier = await post(members.admin.headers, { version: 1, endsAt: OLD_END })
    expect(earlier.statusCode).toBe(400)
    expect(earlier.json().Message).toBe(ON_HIRE_MESSAGES.endsAtNotLater)
    const far = await post(members.admin.headers, { version: 1, endsAt: '2027-12-11T00:00:00.000Z' })
    expect(far.statusCode).toBe(400)
    expect(far.json().Message).toBe(ON_HIRE_MESSAGES.endsAtTooFar)
    const valid = { version: 1, endsAt: '2026-12-15T20:00:00.000Z' }
    expect((await post(members.supervisorA.headers, valid)).statusCode).toBe(403)
    expect((await post(members.accounts.headers, valid)).statusCode).toBe(403)
    // No Site supervisor may extend: the role is refused before the booking is looked up, whatever its site.
    expect((await post(members.supervisorB.headers, valid)).statusCode).toBe(403)
    const stale = await post(members.admin.headers, { ...valid, version: 3 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(ON_HIRE_MESSAGES.stale)
  })
})
