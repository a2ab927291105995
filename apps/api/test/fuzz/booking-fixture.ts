import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { createEquipmentType, createFleetUnit } from '../../src/seed/factories.ts'
import { insertBooking } from '../modules/bookings/fixtures.ts'

const DAY = 86_400_000

/**
 * For a booking's operations in My Account: a booking of the fixture account at version 1 with a unit of its own
 * on hire since yesterday, expected back in a week (also for a member's fault report of it) (times from now: the fuzz app runs on the system clock).
 */
export async function onHireBookingFixture(
  app: FastifyInstance,
  account: { customerAccountId: number; customerAccountSiteId: number },
  path: string,
): Promise<{ bookingId: number; bookingLineId: number; bookingEndsAt: string }> {
  if (!path.includes('/bookings/{bookingId}') && !path.endsWith('/faults'))
    return { bookingId: 1, bookingLineId: 1, bookingEndsAt: '' }
  const depot = await app.db
    .selectFrom('depots')
    .select('id')
    .where('code', '=', 'LAV')
    .executeTakeFirstOrThrow()
  const typeId = await createEquipmentType(app.db, { slug: `fuzz-${randomUUID().slice(0, 8)}` })
  const unitId = await createFleetUnit(app.db, {
    fleet_number: `FB-${randomUUID().replace(/\D/g, '').padEnd(5, '0').slice(0, 5)}`,
    type_id: typeId,
    depot_id: depot.id,
  })
  const now = Date.now()
  const endsAt = new Date(now + 7 * DAY).toISOString()
  const booking = await insertBooking(app, {
    accountId: account.customerAccountId,
    siteId: account.customerAccountSiteId,
    depotId: depot.id,
    units: [{ id: unitId, typeId }],
    startsAt: new Date(now - DAY).toISOString(),
    endsAt,
    onHireAt: new Date(now - DAY).toISOString(),
  })
  return { bookingId: booking.id, bookingLineId: booking.lineIds[0] as number, bookingEndsAt: endsAt }
}
