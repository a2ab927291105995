import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addSite, type Headers, openAccount } from '../customer-accounts/helpers.ts'
import { addType, addUnit, depotIdOf } from '../fleet/helpers.ts'
import { insertBooking } from './fixtures.ts'

/*
 * The admin dashboard's bookings counts: the bookings waiting for staff (requested), and the collections to
 * schedule (off-hires with units not collected yet), each the total of the list it links to.
 */

const ON_HIRE_AT = '2026-12-08T00:00:00.000Z'

async function offHire(app: FastifyInstance, booking: { id: number; lineIds: number[] }, accountId: number) {
  const number = `OH-2026-${String(booking.id).padStart(6, '0')}`
  const row = await app.db
    .insertInto('off_hires')
    .values({
      number,
      booking_id: booking.id,
      account_id: accountId,
      pickup_at: '2026-12-12T00:00:00.000Z',
      requested_by: null,
      requested_by_name: 'Sam Orderer',
      created_at: ON_HIRE_AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await app.db
    .updateTable('booking_lines')
    .set({ off_hire_id: row.id, off_hire_at: '2026-12-12T00:00:00.000Z' })
    .where('id', 'in', booking.lineIds)
    .execute()
}

async function collect(app: FastifyInstance, lineIds: number[]) {
  await app.db
    .updateTable('booking_lines')
    .set({ collected_at: '2026-12-12T01:00:00.000Z' })
    .where('id', 'in', lineIds)
    .execute()
}

async function dashboard(app: FastifyInstance, staff: Headers) {
  const response = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe.each(DIALECTS)('the dashboard’s bookings counts on %s', (dialect) => {
  it('counts requested bookings, and off-hires with units still to collect, as their lists do', async () => {
    const { app } = await buildTestApp({ dialect })
    const account = await openAccount(app, await createUser(app, { memberType: 2 }))
    const staff = account.staff
    const siteId = await addSite(app, account.id)
    const depotId = await depotIdOf(app, 'MOL')
    const type = await addType(app, staff)
    const units: { id: number; typeId: number }[] = []
    for (let index = 1; index <= 6; index += 1)
      units.push({
        id: (await addUnit(app, staff, { fleetNumber: `VMS-${200 + index}`, typeId: type.id, depotId })).id,
        typeId: type.id,
      })
    const book = (status: 'requested' | 'confirmed' | 'awaiting_approval' | 'on_hire', held: typeof units) =>
      insertBooking(app, {
        accountId: account.id,
        siteId,
        depotId,
        units: held,
        status,
        ...(status === 'on_hire' ? { onHireAt: ON_HIRE_AT } : {}),
      })
    expect(await dashboard(app, staff)).toMatchObject({ bookingsRequested: 0, collectionsToSchedule: 0 })

    await book('requested', [])
    await book('requested', [])
    await book('confirmed', [])
    await book('awaiting_approval', [])
    // Three off-hires: one with its two units still out, one with one of its two collected, one all collected.
    const out = await book('on_hire', units.slice(0, 2))
    const half = await book('on_hire', units.slice(2, 4))
    const done = await book('on_hire', units.slice(4, 6))
    for (const booking of [out, half, done]) await offHire(app, booking, account.id)
    await collect(app, [half.lineIds[0] as number, ...done.lineIds])
    // A unit on hire without an off-hire is not a collection to schedule.
    await book('on_hire', [])

    expect(await dashboard(app, staff)).toMatchObject({ bookingsRequested: 2, collectionsToSchedule: 2 })
    const inbox = await app.inject({
      method: 'GET',
      url: '/api/admin/bookings?status=requested',
      headers: staff,
    })
    expect(inbox.json().total).toBe(2)
    const collections = await app.inject({ method: 'GET', url: '/api/admin/collections', headers: staff })
    expect(collections.json().items.map((item: { bookingId: number }) => item.bookingId)).toEqual([
      out.id,
      half.id,
    ])
  })
})
