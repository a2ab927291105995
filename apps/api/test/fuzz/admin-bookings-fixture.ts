import type { BookingStatus } from '@signalway/shared/bookings'
import type { FastifyInstance } from 'fastify'
import { createEquipmentType, createFleetUnit } from '../../src/seed/factories.ts'
import type { TestUser } from '../helpers/auth.ts'
import { insertBooking } from '../modules/bookings/fixtures.ts'
import { openFuzzAccount } from './account-fixture.ts'

/** A booking staff can act on, a line of it, and a free unit of its type to change that line's unit to. */
export interface AdminBookingFixture {
  bookingId: number
  bookingLineId: number
  bookingFreeUnitId: number
}

/** The status each staff operation needs its booking in, to succeed. */
function statusFor(path: string): BookingStatus {
  if (path.endsWith('/on-hire')) return 'confirmed'
  if (path.endsWith('/collect')) return 'on_hire'
  if (path.endsWith('/close')) return 'off_hired'
  return 'requested'
}

/**
 * For the staff's booking operations (ADR 048): an account opened for the latest application, a site, two units
 * of a type at Laverton and a booking of one of them, at version 1, in the status the operation needs.
 */
export async function adminBookingFixture(
  app: FastifyInstance,
  creditId: number,
  user: TestUser,
  path: string,
): Promise<AdminBookingFixture> {
  if (!path.includes('/admin/bookings/')) return { bookingId: 1, bookingLineId: 1, bookingFreeUnitId: 1 }
  const accountId = await openFuzzAccount(app, creditId, user)
  const now = new Date().toISOString()
  const site = await app.db
    .insertInto('customer_account_sites')
    .values({
      account_id: accountId,
      name: 'Fuzz site',
      full_address: '1 Fuzz Street, Laverton VIC 3028',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const depot = await app.db
    .selectFrom('depots')
    .select('id')
    .where('code', '=', 'LAV')
    .executeTakeFirstOrThrow()
  const typeId = await createEquipmentType(app.db, { slug: `fuzz-${crypto.randomUUID().slice(0, 8)}` })
  const unitId = await createFleetUnit(app.db, { type_id: typeId, depot_id: depot.id })
  const freeUnitId = await createFleetUnit(app.db, { type_id: typeId, depot_id: depot.id })
  const status = statusFor(path)
  const past = new Date(Date.now() - 86_400_000).toISOString()
  const booking = await insertBooking(app, {
    accountId: accountId,
    siteId: site.id,
    depotId: depot.id,
    units: [{ id: unitId, typeId }],
    status,
    orderedBy: user.id,
    ...(status === 'on_hire' || status === 'off_hired' ? { onHireAt: past } : {}),
  })
  return { bookingId: booking.id, bookingLineId: booking.lineIds[0] as number, bookingFreeUnitId: freeUnitId }
}
