import { randomUUID } from 'node:crypto'
import { FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { describe, expect, it } from 'vitest'
import { DIALECTS } from '../../helpers/build.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import { expectField } from '../bookings/request-helpers.ts'
import {
  assign,
  confirmedBooking,
  docketBody,
  EIGHT_AM,
  fieldWorld,
  NOW,
  photoJpeg,
  postDocket,
} from './helpers.ts'

/*
 * Dockets from the driver's phone (ADR 050): sent once by their client-made id (again, or twice at once, is one
 * docket), the units on hire or collected at the docket's time, and a driver limited to their own stops.
 */

const lineRows = (world: Awaited<ReturnType<typeof fieldWorld>>, bookingId: number) =>
  world.app.db
    .selectFrom('booking_lines')
    .select(['id', 'on_hire_at', 'collected_at'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute()

const bookingStatus = async (world: Awaited<ReturnType<typeof fieldWorld>>, id: number) =>
  (await world.app.db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status

describe.each(DIALECTS)('dockets on %s', (dialect) => {
  it('puts the units on hire from the docket’s time, once: the same clientId again is 200 with the same docket', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 2)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    const driver = world.drivers.one.headers

    // Signed at 9:30 am on site, arriving at 11 am when coverage came back.
    const signedAt = '2026-12-09T22:30:00.000Z'
    const body = await docketBody(stopId, ['vms-0001'], { at: signedAt, photos: [await photoJpeg()] })
    const first = await postDocket(world.app, driver, body)
    expect(first.statusCode, first.body).toBe(201)
    const docket = first.json().docket
    expect(docket).toMatchObject({
      reference: 'DK-2026-000001',
      clientId: body.clientId,
      kind: 'delivery',
      stopId,
      bookingId: booking.id,
      bookingReference: booking.reference,
      at: signedAt,
      receivedAt: NOW,
      receivedBy: 'Pat Site',
      driverName: 'Dana Driver',
      units: [{ fleetNumber: 'VMS-0001', typeName: expect.any(String) }],
      photoCount: 1,
    })
    let lines = await lineRows(world, booking.id)
    expect(lines.map((line) => line.on_hire_at)).toEqual([signedAt, null])
    // One unit of two: still confirmed, the stop still planned.
    expect(await bookingStatus(world, booking.id)).toBe('confirmed')

    const again = await postDocket(world.app, driver, body)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().docket).toEqual({ ...docket, pdfReady: again.json().docket.pdfReady })
    expect(await world.app.db.selectFrom('dockets').select('id').execute()).toHaveLength(1)

    // The second unit: the booking goes on hire, the stop is done.
    const second = await postDocket(world.app, driver, await docketBody(stopId, ['VMS-0002']))
    expect(second.statusCode, second.body).toBe(201)
    lines = await lineRows(world, booking.id)
    expect(lines.map((line) => line.on_hire_at)).toEqual([signedAt, NOW])
    expect(await bookingStatus(world, booking.id)).toBe('on_hire')
    const stop = await world.app.db.selectFrom('run_stops').select('status').executeTakeFirstOrThrow()
    expect(stop.status).toBe('done')

    // Audited as the driver: the docket and the booking's change.
    const audit = await world.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', 'in', ['docket.create', 'booking.on-hire'])
      .orderBy('id')
      .execute()
    const driverId = world.drivers.one.user.id
    expect(audit).toEqual([
      { action: 'booking.on-hire', actor_id: driverId },
      { action: 'docket.create', actor_id: driverId },
      { action: 'booking.on-hire', actor_id: driverId },
      { action: 'docket.create', actor_id: driverId },
    ])
  })

  it('saves one docket when two copies arrive at once, and refuses the clientId for another stop (409)', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 2)
    const other = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteB,
      depotId: world.lav,
      units: world.fleet.slice(2, 3),
      status: 'confirmed',
      startsAt: EIGHT_AM,
      endsAt: '2026-12-20T06:00:00.000Z',
    })
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    const otherStop = await assign(world, `delivery:${other.id}`, world.drivers.one.user.id)
    const body = await docketBody(stopId, ['VMS-0001', 'VMS-0002'])
    const answers = await Promise.all([
      postDocket(world.app, world.drivers.one.headers, body),
      postDocket(world.app, world.drivers.one.headers, body),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201])
    expect(new Set(answers.map((answer) => answer.json().docket.id)).size).toBe(1)
    expect(await world.app.db.selectFrom('dockets').select('id').execute()).toHaveLength(1)
    expect(await world.app.db.selectFrom('docket_lines').select('id').execute()).toHaveLength(2)
    expect(await bookingStatus(world, booking.id)).toBe('on_hire')

    const reused = await postDocket(world.app, world.drivers.one.headers, {
      ...(await docketBody(otherStop, ['VMS-0003'])),
      clientId: body.clientId,
    })
    expect(reused.statusCode).toBe(409)
    expect(reused.json().Message).toBe(FIELD_MESSAGES.clientIdTaken)
    // Another driver with the same id: 409 too (it is not theirs).
    const otherDriver = await postDocket(world.app, world.drivers.two.headers, body)
    expect(otherDriver.statusCode).toBe(409)
  })

  it('limits a driver to their own stops: 404 for another driver’s, 403 for someone who is not a driver', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 1)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)

    const mine = await world.app.inject({
      method: 'GET',
      url: '/api/runs',
      headers: world.drivers.one.headers,
    })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json()).toMatchObject({ date: '2026-12-10', depot: { code: 'LAV' } })
    expect(mine.json().stops.map((stop: { stopId: number }) => stop.stopId)).toEqual([stopId])
    const theirs = await world.app.inject({
      method: 'GET',
      url: '/api/runs',
      headers: world.drivers.two.headers,
    })
    expect(theirs.json().stops).toEqual([])

    const detail = await world.app.inject({
      method: 'GET',
      url: `/api/runs/stops/${stopId}`,
      headers: world.drivers.one.headers,
    })
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json()).toMatchObject({
      stop: { stopId, kind: 'delivery' },
      depot: { code: 'LAV' },
      dockets: [],
    })
    const notTheirs = await world.app.inject({
      method: 'GET',
      url: `/api/runs/stops/${stopId}`,
      headers: world.drivers.two.headers,
    })
    expect(notTheirs.statusCode).toBe(404)
    expect(notTheirs.json().Message).toBe(FIELD_MESSAGES.stopNotFound)
    const posted = await postDocket(
      world.app,
      world.drivers.two.headers,
      await docketBody(stopId, ['VMS-0001']),
    )
    expect(posted.statusCode).toBe(404)
    const customer = await postDocket(
      world.app,
      world.members.orderer.headers,
      await docketBody(stopId, ['VMS-0001']),
    )
    expect(customer.statusCode).toBe(403)
    expect(customer.json().Message).toBe(FIELD_MESSAGES.notDriver)
    expect(await world.app.db.selectFrom('dockets').select('id').execute()).toHaveLength(0)
    // Yesterday's planned stop not done shows on today's run as overdue; tomorrow's run has it too.
    await world.app.db.updateTable('run_stops').set({ run_date: '2026-12-09' }).execute()
    const overdue = await world.app.inject({
      method: 'GET',
      url: '/api/runs',
      headers: world.drivers.one.headers,
    })
    expect(overdue.json().stops).toMatchObject([{ stopId, overdue: true }])
  })

  it('collects the units of a collection stop, and the booking is off-hired once all are', async () => {
    const world = await fieldWorld(dialect)
    const booking = await insertBooking(world.app, {
      accountId: world.accountId,
      siteId: world.siteA,
      depotId: world.lav,
      units: world.fleet.slice(0, 1),
      status: 'off_hire_requested',
      onHireAt: '2026-12-01T00:00:00.000Z',
      endsAt: '2026-12-09T00:00:00.000Z',
    })
    const offHire = await world.app.db
      .insertInto('off_hires')
      .values({
        number: 'OH-2026-000777',
        booking_id: booking.id,
        account_id: world.accountId,
        pickup_at: '2026-12-09T23:00:00.000Z',
        requested_by: null,
        requested_by_name: 'Sam Orderer',
        created_at: '2026-12-09T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await world.app.db
      .updateTable('booking_lines')
      .set({ off_hire_id: offHire.id, off_hire_at: '2026-12-09T23:00:00.000Z' })
      .where('booking_id', '=', booking.id)
      .execute()
    const stopId = await assign(world, `collection:${offHire.id}`, world.drivers.two.user.id)
    const posted = await postDocket(
      world.app,
      world.drivers.two.headers,
      await docketBody(stopId, ['VMS-0001']),
    )
    expect(posted.statusCode, posted.body).toBe(201)
    expect(posted.json().docket).toMatchObject({ kind: 'collection', offHireNumber: 'OH-2026-000777' })
    const [line] = await lineRows(world, booking.id)
    expect(line?.collected_at).toBe(NOW)
    expect(await bookingStatus(world, booking.id)).toBe('off_hired')
    const again = await postDocket(
      world.app,
      world.drivers.two.headers,
      await docketBody(stopId, ['VMS-0001']),
    )
    expectField(again, 'fleetNumbers', FIELD_MESSAGES.unitDone)
  })

  it('says what is wrong with a docket, field by field', async () => {
    const world = await fieldWorld(dialect)
    const booking = await confirmedBooking(world, 1)
    const stopId = await assign(world, `delivery:${booking.id}`, world.drivers.one.user.id)
    const driver = world.drivers.one.headers
    const send = async (overrides: object) =>
      postDocket(world.app, driver, await docketBody(stopId, ['VMS-0001'], overrides))
    const now = new Date(NOW).getTime()
    expectField(await send({ fleetNumbers: ['VMS-0004'] }), 'fleetNumbers', FIELD_MESSAGES.unitUnknown)
    expectField(await send({ fleetNumbers: [] }), 'fleetNumbers', FIELD_MESSAGES.unitsRequired)
    expectField(await send({ receivedBy: '  ' }), 'receivedBy', FIELD_MESSAGES.receivedByRequired)
    expectField(await send({ receivedBy: 'x'.repeat(101) }), 'receivedBy', FIELD_MESSAGES.receivedByTooLong)
    expectField(
      await send({ receivedByEmail: 'not-an-email' }),
      'receivedByEmail',
      FIELD_MESSAGES.emailInvalid,
    )
    expectField(await send({ signature: '' }), 'signature', FIELD_MESSAGES.signatureRequired)
    expectField(
      await send({ signature: 'data:image/png;base64,AAAA' }),
      'signature',
      FIELD_MESSAGES.signatureInvalid,
    )
    expectField(
      await send({ photos: ['data:image/gif;base64,R0lGODlhAQABAAAAACw='] }),
      'photos',
      FIELD_MESSAGES.photoInvalid,
    )
    const photo = await photoJpeg()
    expectField(
      await send({ photos: [photo, photo, photo, photo, photo] }),
      'photos',
      FIELD_MESSAGES.tooManyPhotos,
    )
    expectField(await send({ notes: 'x'.repeat(501) }), 'notes', FIELD_MESSAGES.notesTooLong)
    expectField(await send({ at: 'yesterday' }), 'at', FIELD_MESSAGES.atInvalid)
    expectField(await send({ at: new Date(now + 6 * 60_000).toISOString() }), 'at', FIELD_MESSAGES.atInFuture)
    expectField(
      await send({ at: new Date(now - 15 * 86_400_000).toISOString() }),
      'at',
      FIELD_MESSAGES.atTooOld,
    )
    const badId = await send({ clientId: 'not-a-uuid' })
    expect(badId.statusCode).toBe(400)
    // Nothing was saved, and a docket a few minutes ahead of the server's clock is fine.
    expect(await world.app.db.selectFrom('dockets').select('id').execute()).toHaveLength(0)
    const ahead = await send({ at: new Date(now + 2 * 60_000).toISOString(), clientId: randomUUID() })
    expect(ahead.statusCode, ahead.body).toBe(201)
    // On hire at the server's time, never in the future.
    expect((await lineRows(world, booking.id))[0]?.on_hire_at).toBe(NOW)
  })
})
