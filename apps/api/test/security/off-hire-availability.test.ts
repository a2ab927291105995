import { ON_HIRE_MESSAGES } from '@signalway/shared/on-hire'
import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../helpers/build.ts'
import { insertBooking } from '../modules/bookings/fixtures.ts'
import { onHireSetup } from '../modules/bookings/on-hire-setup.ts'

/*
 * An off-hire's pick-up ends its lines there: a pick-up after the hire's expected end holds the units longer, as an
 * extension does. It must not take a unit another hire has booked in that time (the extension's availability check
 * would refuse it), or the unit is promised twice.
 */

const ON_HIRE = '2026-12-08T00:00:00.000Z'
const END = '2026-12-14T20:00:00.000Z'

describe.each(DIALECTS)('an off-hire picked up after the hire ends (%s)', (dialect) => {
  it('is refused (409) when another hire has its unit booked by then, and allowed when the unit is free', async () => {
    const setup = await onHireSetup(dialect)
    const { app, accountId, siteA, depotId, fleet, members } = setup
    const booking = await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: fleet.slice(0, 2),
      onHireAt: ON_HIRE,
      endsAt: END,
    })
    // The next hire of VMS-0001 starts the day after this one ends.
    await insertBooking(app, {
      accountId,
      siteId: siteA,
      depotId,
      units: fleet.slice(0, 1),
      startsAt: '2026-12-15T20:00:00.000Z',
      endsAt: '2026-12-20T20:00:00.000Z',
    })
    const offHire = (lineId: number | undefined, pickupAt: string, version: number) =>
      app.inject({
        method: 'POST',
        url: `${setup.base}/bookings/${booking.id}/off-hires`,
        headers: members.orderer.headers,
        payload: { version, lineIds: [lineId], pickupAt },
      })
    const taken = await offHire(booking.lineIds[0], '2026-12-18T00:00:00.000Z', 1)
    expect(taken.statusCode, taken.body).toBe(409)
    expect(taken.json().Message).toBe(ON_HIRE_MESSAGES.pickupUnitsBooked(['VMS-0001']))
    const line = await app.db
      .selectFrom('booking_lines')
      .select(['ends_at', 'off_hire_id'])
      .where('id', '=', booking.lineIds[0] as number)
      .executeTakeFirstOrThrow()
    expect(line).toEqual({ ends_at: END, off_hire_id: null })

    const free = await offHire(booking.lineIds[1], '2026-12-18T00:00:00.000Z', 1)
    expect(free.statusCode, free.body).toBe(201)
  })
})
