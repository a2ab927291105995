import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { DIALECTS } from '../../helpers/build.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import {
  addDriver,
  assign,
  board,
  confirmedBooking,
  EIGHT_AM,
  fieldWorld,
  saveBoard,
  TODAY,
} from './helpers.ts'

/* The dispatch board (ADR 050): candidates of a depot's day, saved assignments, version checks and the driver role. */

describe.each(DIALECTS)('the dispatch board on %s', (dialect) => {
  it('lists the day’s deliveries and collections as stops, with overdue deliveries on today’s board', async () => {
    const world = await fieldWorld(dialect, 6)
    const today = await confirmedBooking(world, 2)
    // Yesterday's, never delivered: overdue today. Tomorrow's: not on today's board.
    const yesterday = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteB,
      depotId: world.lav,
      units: world.fleet.slice(2, 3),
      status: 'confirmed',
      startsAt: '2026-12-08T21:00:00.000Z',
      endsAt: '2026-12-20T06:00:00.000Z',
    })
    const tomorrow = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteA,
      depotId: world.lav,
      units: world.fleet.slice(3, 4),
      status: 'confirmed',
      startsAt: '2026-12-10T21:00:00.000Z',
      endsAt: '2026-12-20T06:00:00.000Z',
    })
    // On hire since last week, its off-hire picked up today at 2 pm.
    const onHire = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteA,
      depotId: world.lav,
      units: world.fleet.slice(4, 6),
      status: 'on_hire',
      onHireAt: '2026-12-01T00:00:00.000Z',
    })
    const offHire = await world.app.db
      .insertInto('off_hires')
      .values({
        number: 'OH-2026-000901',
        booking_id: onHire.id,
        account_id: world.accountId,
        pickup_at: '2026-12-10T03:00:00.000Z',
        access_notes: 'Gate code 4321',
        requested_by: null,
        requested_by_name: 'Sam Orderer',
        created_at: '2026-12-09T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await world.app.db
      .updateTable('booking_lines')
      .set({ off_hire_id: offHire.id, off_hire_at: '2026-12-10T03:00:00.000Z' })
      .where('id', '=', onHire.lineIds[0] as number)
      .execute()

    const shown = await board(world)
    expect(shown.depot.code).toBe('LAV')
    expect(shown.drivers.map((driver: { name: string }) => driver.name)).toEqual([
      'Dana Driver',
      'Devi Driver',
    ])
    const byKey = Object.fromEntries(shown.stops.map((stop: { key: string }) => [stop.key, stop]))
    expect(Object.keys(byKey).sort()).toEqual(
      [`collection:${offHire.id}`, `delivery:${today.id}`, `delivery:${yesterday.id}`].sort(),
    )
    expect(byKey[`delivery:${today.id}`]).toMatchObject({
      stopId: null,
      kind: 'delivery',
      bookingReference: today.reference,
      siteName: 'Pacific Motorway',
      at: EIGHT_AM,
      contactName: 'Pat Site',
      notes: 'PO PO-778',
      units: [
        { fleetNumber: 'VMS-0001', done: false },
        { fleetNumber: 'VMS-0002', done: false },
      ],
      driverUserId: null,
      status: 'planned',
      overdue: false,
      version: null,
    })
    expect(byKey[`delivery:${yesterday.id}`].overdue).toBe(true)
    expect(byKey[`collection:${offHire.id}`]).toMatchObject({
      kind: 'collection',
      offHireNumber: 'OH-2026-000901',
      notes: 'Gate code 4321',
      units: [{ fleetNumber: 'VMS-0005', done: false }],
    })
    // Tomorrow's board has tomorrow's delivery, and no overdue ones.
    const next = await board(world, '2026-12-11')
    expect(next.stops.map((stop: { key: string }) => stop.key)).toEqual([`delivery:${tomorrow.id}`])
  })

  it('saves drivers and order from the versions seen: 409 when stale, 400 for a driver not of the depot', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 2)
    const key = `delivery:${booking.id}`
    const first = await saveBoard(world, [
      { key, driverUserId: world.drivers.one.user.id, position: 0, version: null },
    ])
    expect(first.statusCode, first.body).toBe(200)
    const stop = first.json().stops[0]
    expect(stop).toMatchObject({ key, driverUserId: world.drivers.one.user.id, version: 1 })
    expect(stop.stopId).toEqual(expect.any(Number))

    // A board opened before that save still says null: stale.
    const stale = await saveBoard(world, [
      { key, driverUserId: world.drivers.two.user.id, position: 0, version: null },
    ])
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(FIELD_MESSAGES.boardConflict)
    const moved = await saveBoard(world, [
      { key, driverUserId: world.drivers.two.user.id, position: 1, version: 1 },
    ])
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().stops[0]).toMatchObject({
      driverUserId: world.drivers.two.user.id,
      position: 1,
      version: 2,
    })
    const again = await saveBoard(world, [{ key, driverUserId: null, position: 0, version: 1 }])
    expect(again.statusCode).toBe(409)

    // A driver of another depot, or someone who is not a driver.
    const elsewhere = await addDriver(world, world.cdn, 'Cam')
    const stranger = await createUser(world.app)
    for (const driverUserId of [elsewhere.user.id, stranger.id]) {
      const refused = await saveBoard(world, [{ key, driverUserId, position: 0, version: 2 }])
      expect(refused.statusCode).toBe(400)
      expect(refused.json().Message).toBe(FIELD_MESSAGES.driverNotFound)
    }
    // A key that is no stop of the day.
    const unknown = await saveBoard(world, [
      { key: 'delivery:999999', driverUserId: null, position: 0, version: null },
    ])
    expect(unknown.statusCode).toBe(409)

    const audit = await world.app.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id'])
      .where('action', '=', 'dispatch.save')
      .execute()
    expect(audit).toEqual([
      { action: 'dispatch.save', target_type: 'depot', target_id: String(world.lav) },
      { action: 'dispatch.save', target_type: 'depot', target_id: String(world.lav) },
    ])
  })

  it('keeps a done stop with its driver (400 stopDone), and unassigns planned stops of a removed driver', async () => {
    const world = await fieldWorld(dialect)
    const done = await confirmedBooking(world, 1)
    const planned = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteA,
      depotId: world.lav,
      units: world.fleet.slice(1, 2),
      status: 'confirmed',
      startsAt: EIGHT_AM,
      endsAt: '2026-12-20T06:00:00.000Z',
    })
    const doneId = await assign(world, `delivery:${done.id}`, world.drivers.one.user.id)
    await assign(world, `delivery:${planned.id}`, world.drivers.one.user.id)
    await world.app.db.updateTable('run_stops').set({ status: 'done' }).where('id', '=', doneId).execute()
    const version = (await board(world)).stops.find(
      (stop: { stopId: number }) => stop.stopId === doneId,
    ).version
    const refused = await saveBoard(world, [
      { key: `delivery:${done.id}`, driverUserId: world.drivers.two.user.id, position: 0, version },
    ])
    expect(refused.statusCode).toBe(400)
    expect(refused.json().Message).toBe(FIELD_MESSAGES.stopDone)

    const removed = await world.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${world.drivers.one.user.id}/driver`,
      headers: world.staff,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect(removed.json()).toEqual({ driver: null })
    const rows = await world.app.db
      .selectFrom('run_stops')
      .select(['id', 'driver_user_id'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: doneId, driver_user_id: world.drivers.one.user.id },
      { id: expect.any(Number), driver_user_id: null },
    ])
    // No longer a driver: the runs answer 403.
    const runs = await world.app.inject({
      method: 'GET',
      url: '/api/runs',
      headers: world.drivers.one.headers,
    })
    expect(runs.statusCode).toBe(403)
    const actions = await world.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(world.drivers.one.user.id))
      .orderBy('id')
      .execute()
    expect(actions.map((row) => row.action)).toEqual(['user.driver-set', 'user.driver-removed'])
  })

  it('unassigns the stops still to do of a driver moved to another depot, and audits which', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 1)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    const moved = await world.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${world.drivers.one.user.id}/driver`,
      headers: world.staff,
      payload: { depotId: world.cdn },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(moved.json().driver.depot.id).toBe(world.cdn)
    const row = await world.app.db
      .selectFrom('run_stops')
      .select('driver_user_id')
      .where('id', '=', stopId)
      .executeTakeFirstOrThrow()
    expect(row.driver_user_id).toBeNull()
    const audit = await world.app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(world.drivers.one.user.id))
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit.action).toBe('user.driver-set')
    expect(JSON.parse(String(audit.after))).toEqual({ driverDepotId: world.cdn, unassignedStopIds: [stopId] })
  })

  it('sets, reads and lists drivers; refuses drivers and customers on every admin operation', async () => {
    const world = await fieldWorld(dialect)
    const user = await createUser(world.app, { firstName: 'Ola', lastName: 'New' })
    const url = `/api/admin/users/${user.id}/driver`
    expect((await world.app.inject({ method: 'GET', url, headers: world.staff })).json()).toEqual({
      driver: null,
    })
    const set = await world.app.inject({
      method: 'PUT',
      url,
      headers: world.staff,
      payload: { depotId: world.cdn },
    })
    expect(set.json().driver).toMatchObject({ userId: user.id, name: 'Ola New', depot: { code: 'CDN' } })
    const badDepot = await world.app.inject({
      method: 'PUT',
      url,
      headers: world.staff,
      payload: { depotId: 99999 },
    })
    expect(badDepot.statusCode).toBe(400)
    const list = await world.app.inject({ method: 'GET', url: '/api/admin/drivers', headers: world.staff })
    expect(list.json().items.map((driver: { name: string }) => driver.name)).toEqual(
      expect.arrayContaining(['Dana Driver', 'Devi Driver', 'Ola New']),
    )
    const missing = await world.app.inject({
      method: 'GET',
      url: '/api/admin/users/999999/driver',
      headers: world.staff,
    })
    expect(missing.statusCode).toBe(404)

    const booking = await confirmedBooking(world, 1)
    const customer = world.members.admin.headers
    for (const headers of [world.drivers.one.headers, customer]) {
      for (const [method, path, payload] of [
        ['GET', '/api/admin/drivers', undefined],
        ['GET', url, undefined],
        ['PUT', url, { depotId: world.lav }],
        ['DELETE', url, undefined],
        ['GET', `/api/admin/dispatch?depotId=${world.lav}&date=${TODAY}`, undefined],
        ['PUT', '/api/admin/dispatch', { depotId: world.lav, date: TODAY, stops: [] }],
        ['GET', `/api/admin/bookings/${booking.id}/dockets`, undefined],
        ['GET', '/api/admin/dockets/1/pdf', undefined],
      ] as const) {
        const response = await world.app.inject({
          method,
          url: path,
          headers,
          ...(payload ? { payload } : {}),
        })
        expect(response.statusCode, `${method} ${path}`).toBe(403)
      }
    }
    // A customer signed in is no driver either.
    const runs = await world.app.inject({ method: 'GET', url: '/api/runs', headers: customer })
    expect(runs.statusCode).toBe(403)
    expect(runs.json().Message).toBe(FIELD_MESSAGES.notDriver)
    const token = bearer(await tokenFor(world.app, user))
    expect((await world.app.inject({ method: 'GET', url: '/api/runs', headers: token })).statusCode).toBe(200)
  })
})
