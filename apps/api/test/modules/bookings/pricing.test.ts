import { BOOKING_REQUEST_MESSAGES } from '@signalway/shared/bookings'
import { addDays, businessDay, formatIsoDay } from '@signalway/shared/business-time'
import { describe, expect, it } from 'vitest'
import { reserveUnits } from '../../../src/modules/fleet/availability.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { addMember, openAccount } from '../customer-accounts/helpers.ts'
import { addUnit } from '../fleet/helpers.ts'
import { type BookingWorld, bookingWorld, expectField, FEES, hirePeriod } from './request-helpers.ts'

/*
 * The booking form's price and availability (requirements §19): the depot from the site's postcode, each line's
 * free units there (and when short, the first free day and another depot), the one rate engine's price with the
 * zone's delivery and collection fees, GST once on the subtotal.
 */

function price(world: BookingWorld, body: Record<string, unknown>, headers = world.orderer.headers) {
  return world.app.inject({
    method: 'POST',
    url: `${world.base}/price`,
    headers,
    payload: { lines: [{ typeId: world.typeId, quantity: 2 }], ...hirePeriod(2, 6), delivery: true, ...body },
  })
}

describe.each(DIALECTS)('booking price and availability (%s)', (dialect) => {
  it('prices six days capped at the week rate, with the zone fees and GST once on the subtotal', async () => {
    const world = await bookingWorld(dialect)
    const response = await price(world, { siteId: world.siteId })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.depot.code).toBe('LAV')
    expect(body.days).toBe(6)
    expect(body.lines[0]).toMatchObject({
      free: 2,
      available: true,
      subtotalCents: 240_000,
      firstFreeDay: null,
    })
    expect(body.lines[0].breakdown).toContain('6 days × $250.00 (capped at the week rate) = $1,200.00')
    expect(body.deliveryFeeCents).toBe(FEES.A)
    expect(body.collectionFeeCents).toBe(FEES.A)
    expect(body.subtotalCents).toBe(240_000 + 2 * FEES.A)
    expect(body.gstCents).toBe(26_200)
    expect(body.totalCents).toBe(288_200)
    expect(body.available).toBe(true)

    const pickUp = await price(world, { siteId: world.siteId, delivery: false })
    expect(pickUp.json()).toMatchObject({
      deliveryFeeCents: 0,
      collectionFeeCents: 0,
      subtotalCents: 240_000,
    })
  })

  it('prices a new site by its postcode, and refuses a postcode no depot serves', async () => {
    const world = await bookingWorld(dialect)
    const geelong = await price(world, { postcode: '3214' })
    expect(geelong.json()).toMatchObject({ deliveryFeeCents: FEES.C, collectionFeeCents: FEES.C })
    expectField(
      await price(world, { postcode: '2000' }),
      'postcode',
      BOOKING_REQUEST_MESSAGES.postcodeNotServed,
    )
  })

  it('refuses a start in the past or more than a year ahead', async () => {
    const world = await bookingWorld(dialect)
    expectField(
      await price(world, { siteId: world.siteId, ...hirePeriod(-2, 4) }),
      'startsAt',
      BOOKING_REQUEST_MESSAGES.startInPast,
    )
    expectField(
      await price(world, { siteId: world.siteId, ...hirePeriod(400, 2) }),
      'startsAt',
      BOOKING_REQUEST_MESSAGES.startTooFar,
    )
  })

  it('shows a short line with the first day the quantity is free and another depot that has it', async () => {
    const world = await bookingWorld(dialect)
    const period = hirePeriod(2, 6)
    // One of the two Laverton boards is held for the period and two days after it.
    const heldUntil = new Date(Date.parse(period.endsAt) + 2 * 86_400_000)
    await reserveUnits(
      world.app.db,
      {
        typeId: world.typeId,
        depotId: world.lav,
        period: { startsAt: new Date(period.startsAt), endsAt: heldUntil },
        quantity: 1,
        bookingRef: null,
      },
      new Date(),
    )
    for (const fleetNumber of ['VMS-0101', 'VMS-0102'])
      await addUnit(world.app, world.staff, { fleetNumber, typeId: world.typeId, depotId: world.cdn })
    const response = await price(world, { siteId: world.siteId })
    expect(response.statusCode, response.body).toBe(200)
    const [line] = response.json().lines
    expect(line).toMatchObject({ free: 1, available: false, otherDepot: { code: 'CDN', free: 2 } })
    // Held to 5 pm on the ninth day from today: the six days from the tenth are the first with both boards free.
    expect(line.firstFreeDay).toBe(formatIsoDay(addDays(businessDay(new Date()), 10)))
    expect(response.json().available).toBe(false)
  })

  it('is for Orderers and Account admins: 403 for other members, 404 outside the account', async () => {
    const world = await bookingWorld(dialect)
    expect((await price(world, { siteId: world.siteId }, world.admin.headers)).statusCode).toBe(200)
    for (const role of ['site_supervisor', 'accounts']) {
      const member = await addMember(world.app, world.accountId, role, [world.siteId])
      expect((await price(world, { siteId: world.siteId }, member.headers)).statusCode).toBe(403)
    }
    const { id: other } = await openAccount(world.app, null, 'Other Civil')
    const stranger = await addMember(world.app, other, 'account_admin')
    expect((await price(world, { siteId: world.siteId }, stranger.headers)).statusCode).toBe(404)
  })
})
