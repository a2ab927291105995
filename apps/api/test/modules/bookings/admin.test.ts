import { BOOKING_ADMIN_MESSAGES as MESSAGES } from '@signalway/shared/bookings-admin'
import type { UnitDetail } from '@signalway/shared/fleet'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import type { AuthUser } from '../../../src/modules/auth/plugin.ts'
import { swapUnits } from '../../../src/modules/bookings/admin.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { createUser, expectAdminOnly } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { addMember, addSite, type Headers, openAccount } from '../customer-accounts/helpers.ts'
import { addType, addUnit, depotIdOf } from '../fleet/helpers.ts'
import { type BookingFixture, insertBooking } from './fixtures.ts'

/*
 * The staff side of bookings (ADR 048): the inbox and a booking's detail, confirm and decline, changing a unit for
 * a free one, marking units delivered and collected, closing, and the collections to schedule. Every change is
 * version-checked, audited and emailed to the orderer.
 */

const HOUR = 3_600_000

async function setUp(dialect: Dialect) {
  const { app } = await buildTestApp({ dialect })
  const owner = await createUser(app, { memberType: 2 })
  const account = await openAccount(app, owner)
  const staff = account.staff
  const siteId = await addSite(app, account.id)
  const orderer = await addMember(app, account.id, 'orderer')
  const type = await addType(app, staff)
  const depotId = await depotIdOf(app, 'MOL')
  const units: UnitDetail[] = []
  for (const fleetNumber of ['VMS-101', 'VMS-102', 'VMS-103'])
    units.push(await addUnit(app, staff, { fleetNumber, typeId: type.id, depotId }))
  const book = (fixture: Partial<BookingFixture> & { unitIndexes?: number[] } = {}) =>
    insertBooking(app, {
      accountId: account.id,
      siteId,
      depotId,
      orderedBy: orderer.user.id,
      units: (fixture.unitIndexes ?? [0]).map((index) => ({ id: units[index]?.id ?? 0, typeId: type.id })),
      ...fixture,
    })
  return { app, staff, accountId: account.id, siteId, orderer, units, book, customer: orderer.headers }
}

async function detail(app: FastifyInstance, staff: Headers, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/bookings/${id}`, headers: staff })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

function act(
  app: FastifyInstance,
  staff: Headers,
  id: number,
  action: string,
  payload: object,
  method = 'POST',
) {
  return app.inject({
    method: method as 'POST' | 'PUT',
    url: `/api/admin/bookings/${id}/${action}`,
    headers: staff,
    payload,
  })
}

async function mailTo(app: FastifyInstance, to: string) {
  return (await findOutboxMessages(app.db)).filter((message) => message.to_address === to)
}

describe.each(DIALECTS)('bookings for staff on %s', (dialect) => {
  it('answers staff only: 401 signed out, 403 to a customer', async () => {
    const { app, book } = await setUp(dialect)
    const booking = await book()
    await expectAdminOnly(app, [
      { method: 'GET', url: '/api/admin/bookings' },
      { method: 'GET', url: `/api/admin/bookings/${booking.id}` },
      { method: 'POST', url: `/api/admin/bookings/${booking.id}/confirm`, payload: { version: 1 } },
      {
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/decline`,
        payload: { version: 1, reason: 'x' },
      },
      { method: 'PUT', url: `/api/admin/bookings/${booking.id}/units`, payload: { version: 1, swaps: [] } },
      {
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/on-hire`,
        payload: { version: 1, lineIds: [1] },
      },
      {
        method: 'POST',
        url: `/api/admin/bookings/${booking.id}/collect`,
        payload: { version: 1, lineIds: [1] },
      },
      { method: 'POST', url: `/api/admin/bookings/${booking.id}/close`, payload: { version: 1 } },
      { method: 'GET', url: '/api/admin/collections' },
    ])
  })

  it('lists new requests first, awaiting approval apart, and filters by status and searches by reference or PO', async () => {
    const { app, staff, book } = await setUp(dialect)
    const confirmed = await book({ status: 'confirmed', unitIndexes: [0] })
    const awaiting = await book({ status: 'awaiting_approval', unitIndexes: [1] })
    const requested = await book({ status: 'requested', unitIndexes: [2], poNumber: 'PO-7781' })
    const list = async (query = '') => {
      const response = await app.inject({ method: 'GET', url: `/api/admin/bookings${query}`, headers: staff })
      expect(response.statusCode, response.body).toBe(200)
      return response.json() as { items: { id: number; status: string }[]; total: number }
    }
    const all = await list()
    expect(all.items.map((item) => item.id)).toEqual([requested.id, awaiting.id, confirmed.id])
    expect(all.total).toBe(3)
    expect((await list('?status=awaiting_approval')).items.map((item) => item.id)).toEqual([awaiting.id])
    expect((await list('?q=po-7781')).items.map((item) => item.id)).toEqual([requested.id])
    expect((await list(`?q=${confirmed.reference}`)).items.map((item) => item.id)).toEqual([confirmed.id])
    expect((await list('?q=SW-10001')).total).toBe(3)
    expect((await list('?page=2&pageSize=2')).items.map((item) => item.id)).toEqual([confirmed.id])
  })

  it('shows staff the account’s credit and hold, the orderer’s email, fleet numbers and the free units to swap to', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const booking = await book()
    await app.db.updateTable('bookings').set({ total_cents: 30_000, staff_check: 'over_credit' }).execute()
    const shown = await detail(app, staff, booking.id)
    expect(shown).toMatchObject({
      reference: booking.reference,
      status: 'requested',
      accountOnHold: false,
      creditLimitCents: 5_000_000,
      availableCreditCents: 5_000_000 - 30_000,
      staffCheck: 'over_credit',
      staffCheckWords: 'Over the account’s available credit: check the figures before confirming.',
      orderedByEmail: orderer.user.email,
      depot: { code: 'MOL', timeZone: 'Australia/Brisbane' },
    })
    expect(shown.units).toMatchObject([
      { lineId: booking.lineIds[0], fleetNumber: 'VMS-101', onHireAt: null },
    ])
    expect(shown.swapOptions).toEqual([
      {
        lineId: booking.lineIds[0],
        units: [
          expect.objectContaining({ fleetNumber: 'VMS-102' }),
          expect.objectContaining({ fleetNumber: 'VMS-103' }),
        ],
      },
    ])
  })

  it('confirms a requested booking (over credit too), audits it and emails the orderer the units and start', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const booking = await book()
    await app.db.updateTable('bookings').set({ staff_check: 'over_credit' }).execute()
    const response = await act(app, staff, booking.id, 'confirm', { version: 1 })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({ status: 'confirmed', version: 2 })

    const [mail] = await mailTo(app, orderer.user.email)
    expect(mail?.subject).toBe(`Booking ${booking.reference} confirmed`)
    expect(mail?.text_body).toContain('- VMS-101: VMS board, full matrix, trailer mounted')
    // 2026-12-07T20:00Z is 6 am on the 8th in Brisbane.
    expect(mail?.text_body).toContain('It starts 08/12/2026, 06:00 (Australia/Brisbane).')
    const entries = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(entries.map((entry) => entry.action)).toEqual(['booking.confirm'])

    const again = await act(app, staff, booking.id, 'confirm', { version: 2 })
    expect(again.statusCode).toBe(409)
    expect(again.json().Message).toBe(MESSAGES.notConfirmable)
  })

  it('refuses a change from a stale version with 409 and writes nothing', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const booking = await book()
    const stale = await act(app, staff, booking.id, 'confirm', { version: 7 })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(MESSAGES.conflict)
    expect((await detail(app, staff, booking.id)).status).toBe('requested')
    expect(await mailTo(app, orderer.user.email)).toEqual([])
    expect(await findAuditEntries(app.db, 'booking', String(booking.id))).toEqual([])
  })

  it('declines with the reason, releasing the units, and emails it; a reason is required; not once on hire', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const booking = await book()
    const blank = await act(app, staff, booking.id, 'decline', { version: 1, reason: '  ' })
    expect(blank.statusCode).toBe(400)
    const response = await act(app, staff, booking.id, 'decline', { version: 1, reason: 'No trailer free.' })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'declined',
      declineReason: 'No trailer free.',
      units: [],
    })
    const lines = await app.db
      .selectFrom('booking_lines')
      .select('id')
      .where('booking_id', '=', booking.id)
      .execute()
    expect(lines).toEqual([])
    const [mail] = await mailTo(app, orderer.user.email)
    expect(mail?.subject).toBe(`Booking ${booking.reference} declined`)
    expect(mail?.text_body).toContain('The reason: No trailer free.')
    const entries = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(entries.map((entry) => entry.action)).toEqual(['booking.staff-decline'])

    const onHire = await book({ onHireAt: new Date(Date.now() - HOUR).toISOString(), unitIndexes: [1] })
    const late = await act(app, staff, onHire.id, 'decline', { version: 1, reason: 'Too late.' })
    expect(late.statusCode).toBe(409)
    expect(late.json().Message).toBe(MESSAGES.notDeclinable)
  })

  it('swaps a unit for a free one of the type, refuses a busy one, another type, and after delivery', async () => {
    const { app, staff, book, units, orderer } = await setUp(dialect)
    const booking = await book({ status: 'confirmed' })
    await book({ status: 'confirmed', unitIndexes: [1] })
    const line = booking.lineIds[0] as number
    const busy = await act(
      app,
      staff,
      booking.id,
      'units',
      { version: 1, swaps: [{ lineId: line, unitId: units[1]?.id }] },
      'PUT',
    )
    expect(busy.statusCode).toBe(409)
    expect(busy.json().Message).toBe(MESSAGES.swapBusy)

    const other = await addType(app, staff, { slug: 'arrow-board', name: 'Arrow board' })
    const arrow = await addUnit(app, staff, {
      fleetNumber: 'ARB-201',
      typeId: other.id,
      depotId: await depotIdOf(app, 'MOL'),
    })
    const wrong = await act(
      app,
      staff,
      booking.id,
      'units',
      { version: 1, swaps: [{ lineId: line, unitId: arrow.id }] },
      'PUT',
    )
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().Message).toBe(MESSAGES.swapType)

    const free = await act(
      app,
      staff,
      booking.id,
      'units',
      { version: 1, swaps: [{ lineId: line, unitId: units[2]?.id }] },
      'PUT',
    )
    expect(free.statusCode, free.body).toBe(200)
    expect(free.json()).toMatchObject({ version: 2, units: [{ lineId: line, fleetNumber: 'VMS-103' }] })
    expect(free.json().swapOptions).toEqual([
      { lineId: line, units: [expect.objectContaining({ fleetNumber: 'VMS-101' })] },
    ])
    const entries = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(entries.map((entry) => entry.action)).toEqual(['booking.units-change'])
    const [changedMail] = await mailTo(app, orderer.user.email)
    expect(changedMail?.subject).toBe(`Booking ${booking.reference}: units changed`)
    expect(changedMail?.text_body).toContain(
      '- VMS-101 is now VMS-103: VMS board, full matrix, trailer mounted',
    )

    const delivered = await book({
      onHireAt: new Date(Date.now() - HOUR).toISOString(),
      unitIndexes: [0],
      startsAt: '2027-03-01T00:00:00.000Z',
      endsAt: '2027-03-08T00:00:00.000Z',
    })
    const late = await act(
      app,
      staff,
      delivered.id,
      'units',
      { version: 1, swaps: [{ lineId: delivered.lineIds[0], unitId: units[1]?.id }] },
      'PUT',
    )
    expect(late.statusCode).toBe(409)
    expect(late.json().Message).toBe(MESSAGES.notSwappable)
  })

  it('gives the last free unit to one of two changes made at once; the other is refused', async () => {
    const { app, book, units, orderer } = await setUp(dialect)
    const who = {
      actor: { id: String(orderer.user.id), email: orderer.user.email } as AuthUser,
      context: { requestId: 'race', ip: '127.0.0.1' },
    }
    const deps = { db: app.db, clock: () => new Date() }
    for (let round = 0; round < 3; round += 1) {
      await app.db.deleteFrom('booking_lines').execute()
      const first = await book({ status: 'confirmed', unitIndexes: [0] })
      const second = await book({ status: 'confirmed', unitIndexes: [1] })
      const outcomes = await Promise.allSettled(
        [first, second].map((booking) =>
          swapUnits(
            deps,
            booking.id,
            { version: 1, swaps: [{ lineId: booking.lineIds[0] as number, unitId: units[2]?.id ?? 0 }] },
            who,
          ),
        ),
      )
      expect(outcomes.map((outcome) => outcome.status).sort(), `round ${round}`).toEqual([
        'fulfilled',
        'rejected',
      ])
      const holding = await app.db
        .selectFrom('booking_lines')
        .select('booking_id')
        .where('unit_id', '=', units[2]?.id ?? 0)
        .execute()
      expect(holding).toHaveLength(1)
    }
  })

  it('marks units delivered at the time given, on hire once all are, refusing a future time; emails the orderer', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const booking = await book({ status: 'confirmed', unitIndexes: [0, 1] })
    const [first, second] = booking.lineIds as [number, number]
    const future = await act(app, staff, booking.id, 'on-hire', {
      version: 1,
      lineIds: [first],
      at: new Date(Date.now() + HOUR).toISOString(),
    })
    expect(future.statusCode).toBe(400)
    expect(future.json().Message).toBe(MESSAGES.inFuture)

    const at = '2026-11-20T22:30:00.000Z'
    const one = await act(app, staff, booking.id, 'on-hire', { version: 1, lineIds: [first], at })
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json()).toMatchObject({ status: 'confirmed', units: [{ onHireAt: at }, { onHireAt: null }] })
    const twice = await act(app, staff, booking.id, 'on-hire', { version: 2, lineIds: [first] })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().Message).toBe(MESSAGES.lineOnHire)

    const before = Date.now()
    const all = await act(app, staff, booking.id, 'on-hire', { version: 2, lineIds: [second] })
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().status).toBe('on_hire')
    expect(Date.parse(all.json().units[1].onHireAt)).toBeGreaterThanOrEqual(before - 1000)

    const mails = await mailTo(app, orderer.user.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Booking ${booking.reference}: units on hire`,
      `Booking ${booking.reference}: units on hire`,
    ])
    expect(mails[0]?.text_body).toContain('on hire from 21/11/2026, 08:30 (Australia/Brisbane)')
    const entries = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(entries.map((entry) => entry.action)).toEqual(['booking.on-hire', 'booking.on-hire'])

    const requested = await book({ unitIndexes: [2] })
    const early = await act(app, staff, requested.id, 'on-hire', { version: 1, lineIds: requested.lineIds })
    expect(early.statusCode).toBe(409)
    expect(early.json().Message).toBe(MESSAGES.notDeliverable)
  })

  it('marks units collected, extending a line’s end when later, off-hired once all are; then closes', async () => {
    const { app, staff, book, orderer } = await setUp(dialect)
    const now = Date.now()
    const booking = await book({
      onHireAt: new Date(now - 10 * 24 * HOUR).toISOString(),
      startsAt: new Date(now - 10 * 24 * HOUR).toISOString(),
      endsAt: new Date(now - 2 * 24 * HOUR).toISOString(),
      unitIndexes: [0, 1],
    })
    const [first, second] = booking.lineIds as [number, number]
    const notYet = await act(app, staff, booking.id, 'close', { version: 1 })
    expect(notYet.statusCode).toBe(409)
    expect(notYet.json().Message).toBe(MESSAGES.notClosable)

    const at = new Date(now - HOUR).toISOString()
    const one = await act(app, staff, booking.id, 'collect', { version: 1, lineIds: [first], at })
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json()).toMatchObject({
      status: 'on_hire',
      endsAt: at,
      units: [{ collectedAt: at, offHireAt: at }, { collectedAt: null }],
    })
    const line = await app.db
      .selectFrom('booking_lines')
      .selectAll()
      .where('id', '=', first)
      .executeTakeFirstOrThrow()
    expect(line.ends_at).toBe(at)

    const all = await act(app, staff, booking.id, 'collect', { version: 2, lineIds: [second] })
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json().status).toBe('off_hired')
    const mails = await mailTo(app, orderer.user.email)
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Booking ${booking.reference}: units collected`,
      `Booking ${booking.reference}: units collected`,
    ])

    const closed = await act(app, staff, booking.id, 'close', { version: 3 })
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json().status).toBe('closed')
    const entries = await findAuditEntries(app.db, 'booking', String(booking.id))
    expect(entries.map((entry) => entry.action)).toEqual([
      'booking.collect',
      'booking.collect',
      'booking.close',
    ])
  })

  it('lists the off-hires with units to collect by pick-up time, with site, units and access notes', async () => {
    const { app, staff, book, accountId } = await setUp(dialect)
    const onHireAt = new Date(Date.now() - 24 * HOUR).toISOString()
    const early = await book({ onHireAt, unitIndexes: [0] })
    const late = await book({ onHireAt, unitIndexes: [1, 2] })
    const offHire = async (bookingId: number, lineIds: number[], number: string, pickupAt: string) => {
      const row = await app.db
        .insertInto('off_hires')
        .values({
          number,
          booking_id: bookingId,
          account_id: accountId,
          pickup_at: pickupAt,
          access_notes: `Gate code for ${number}`,
          requested_by: null,
          requested_by_name: 'Sam Orderer',
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await app.db
        .updateTable('booking_lines')
        .set({ off_hire_id: row.id, off_hire_at: pickupAt })
        .where('id', 'in', lineIds)
        .execute()
    }
    await offHire(late.id, late.lineIds, 'OH-2026-000002', '2026-12-20T00:00:00.000Z')
    await offHire(early.id, early.lineIds, 'OH-2026-000001', '2026-12-19T00:00:00.000Z')
    await app.db
      .updateTable('booking_lines')
      .set({ collected_at: onHireAt })
      .where('id', '=', late.lineIds[0] as number)
      .execute()

    const response = await app.inject({ method: 'GET', url: '/api/admin/collections', headers: staff })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().items).toMatchObject([
      {
        number: 'OH-2026-000001',
        bookingReference: early.reference,
        accountNumber: 'SW-10001',
        siteAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
        pickupAt: '2026-12-19T00:00:00.000Z',
        depot: { timeZone: 'Australia/Brisbane' },
        accessNotes: 'Gate code for OH-2026-000001',
        units: [{ fleetNumber: 'VMS-101' }],
      },
      { number: 'OH-2026-000002', units: [{ fleetNumber: 'VMS-103' }] },
    ])
  })
})
