import { BOOKING_REQUEST_MESSAGES } from '@signalway/shared/bookings'
import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../helpers/build.ts'
import { book, bookingWorld, expectField, hirePeriod } from '../modules/bookings/request-helpers.ts'

/*
 * A hire's end is bounded as its start is: a request or price running for centuries would hold the units for
 * ever and overflow the integer cents columns (a 500 on PostgreSQL), so it is refused on endsAt.
 */

describe.each(DIALECTS)('a booking that runs for centuries (%s)', (dialect) => {
  it('is refused on endsAt when priced and when requested, leaving no booking', async () => {
    const world = await bookingWorld(dialect)
    const period = hirePeriod(2, 100_000)
    const priced = await world.app.inject({
      method: 'POST',
      url: `${world.base}/price`,
      headers: world.orderer.headers,
      payload: {
        lines: [{ typeId: world.typeId, quantity: 2 }],
        ...period,
        delivery: true,
        siteId: world.siteId,
      },
    })
    expectField(priced, 'endsAt', BOOKING_REQUEST_MESSAGES.endTooFar)
    const requested = await book(world, world.orderer.headers, {
      ...period,
      lines: [{ typeId: world.typeId, quantity: 2 }],
    })
    expectField(requested, 'endsAt', BOOKING_REQUEST_MESSAGES.endTooFar)
    expect(await world.app.db.selectFrom('bookings').select('id').execute()).toEqual([])
  })
})
