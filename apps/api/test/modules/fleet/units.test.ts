import { FLEET_MESSAGES, MAX_UNIT_BOOKINGS, type UnitDetail, type UnitList } from '@signalway/shared/fleet'
import { SITE } from '@signalway/shared/site'
import { describe, expect, it } from 'vitest'
import { insertBookingLines } from '../../../src/modules/fleet/availability-repository.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from './helpers.ts'

describe.each(DIALECTS)('units of the fleet on %s', (dialect) => {
  it('lists the three depots with their time zones', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const depots = (await app.inject({ method: 'GET', url: '/api/admin/fleet/depots', headers })).json()
    expect(depots.map((depot: { code: string; state: string; timeZone: string }) => depot)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'LAV', state: 'VIC', timeZone: 'Australia/Melbourne' }),
        expect.objectContaining({ code: 'CDN', state: 'VIC', timeZone: 'Australia/Melbourne' }),
        expect.objectContaining({ code: 'MOL', state: 'QLD', timeZone: 'Australia/Brisbane' }),
      ]),
    )
    expect(depots).toHaveLength(3)
  })

  it('keeps fleet numbers unique, refuses statuses that come from bookings, and audits a new unit', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'LAV')
    const unit = await addUnit(app, headers, { fleetNumber: 'vms-0142', typeId: type.id, depotId })
    expect(unit).toMatchObject({ fleetNumber: 'VMS-0142', typeName: type.name, depotCode: 'LAV', version: 1 })

    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/units',
      headers,
      payload: {
        fleetNumber: 'VMS-0142',
        typeId: type.id,
        depotId,
        registrationOrSerial: 'Other',
        status: 'available',
        nextServiceDue: null,
      },
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().ModelState).toEqual({ fleetNumber: [FLEET_MESSAGES.fleetNumberTaken] })

    for (const status of ['on_hire', 'reserved', 'On hire']) {
      const response = await app.inject({
        method: 'PUT',
        url: `/api/admin/fleet/units/${unit.id}`,
        headers,
        payload: {
          fleetNumber: 'VMS-0142',
          typeId: type.id,
          depotId,
          registrationOrSerial: 'X',
          status,
          nextServiceDue: null,
          version: 1,
        },
      })
      expect(response.statusCode, status).toBe(400)
      expect(response.json().ModelState.status).toEqual([FLEET_MESSAGES.statusInvalid])
    }
    const unknownType = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/units',
      headers,
      payload: {
        fleetNumber: 'VMS-0143',
        typeId: 999,
        depotId,
        registrationOrSerial: 'X',
        status: 'available',
        nextServiceDue: null,
      },
    })
    expect(unknownType.statusCode).toBe(400)
    expect(unknownType.json().ModelState).toEqual({ typeId: [FLEET_MESSAGES.typeUnknown] })

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'unit')
      .execute()
    expect(audit).toHaveLength(1)
    expect(audit[0]?.action).toBe('unit.create')
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      fleetNumber: 'VMS-0142',
      depot: 'LAV',
      status: 'available',
    })
  })

  it('refuses a save from an older version (409), and a fleet number another unit has', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'MOL')
    const unit = await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: type.id, depotId })
    await addUnit(app, headers, { fleetNumber: 'VMS-0002', typeId: type.id, depotId })
    const url = `/api/admin/fleet/units/${unit.id}`
    const body = {
      fleetNumber: 'VMS-0001',
      typeId: type.id,
      depotId,
      registrationOrSerial: '1ABC234',
      nextServiceDue: '2027-01-31',
    }
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...body, status: 'in_service', version: 1 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<UnitDetail>()).toMatchObject({
      status: 'in_service',
      version: 2,
      nextServiceDue: '2027-01-31',
    })

    const stale = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...body, status: 'retired', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(FLEET_MESSAGES.unitConflict)

    const taken = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...body, fleetNumber: 'VMS-0002', status: 'available', version: 2 },
    })
    expect(taken.statusCode).toBe(400)
    expect(taken.json().ModelState).toEqual({ fleetNumber: [FLEET_MESSAGES.fleetNumberTaken] })

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'unit.update')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]?.before ?? '{}')).toMatchObject({ status: 'available', nextServiceDue: null })
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      status: 'in_service',
      nextServiceDue: '2027-01-31',
    })
  })

  it('adds service history by the signed-in staff member, sets the next service due, and audits it', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const unit = await addUnit(app, headers, {
      fleetNumber: 'VMS-0100',
      typeId: type.id,
      depotId: await depotIdOf(app, 'CDN'),
    })
    const url = `/api/admin/fleet/units/${unit.id}/services`
    const first = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { date: '2026-11-20', workDone: 'Batteries replaced.' },
    })
    expect(first.statusCode, first.body).toBe(201)
    expect(first.json<UnitDetail>()).toMatchObject({ version: 1, nextServiceDue: null })

    const missingVersion = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { date: '2026-11-21', workDone: 'x', nextServiceDue: '2027-05-21' },
    })
    expect(missingVersion.statusCode).toBe(400)
    const stale = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { date: '2026-11-21', workDone: 'x', nextServiceDue: '2027-05-21', version: 7 },
    })
    expect(stale.statusCode).toBe(409)

    const second = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: {
        date: '2026-11-26',
        workDone: 'Six-monthly service: lamps, brakes, tyres.',
        nextServiceDue: '2027-05-26',
        version: 1,
      },
    })
    expect(second.statusCode, second.body).toBe(201)
    const detail = second.json<UnitDetail>()
    expect(detail).toMatchObject({ version: 2, nextServiceDue: '2027-05-26' })
    expect(detail.services.map((entry) => [entry.date, entry.byName])).toEqual([
      ['2026-11-26', 'Ada Admin'],
      ['2026-11-20', 'Ada Admin'],
    ])
    const read = await app.inject({ method: 'GET', url: `/api/admin/fleet/units/${unit.id}`, headers })
    expect(read.json<UnitDetail>().services).toHaveLength(2)
    const audit = await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'unit.service')
      .execute()
    expect(audit).toHaveLength(2)
  })

  it('searches by fleet number or serial and filters by type, depot, status and service due', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const vms = await addType(app, headers)
    const arrow = await addType(app, headers, {
      slug: 'arrow-board',
      serviceSlug: 'arrow-boards',
      name: 'Arrow board',
    })
    const lav = await depotIdOf(app, 'LAV')
    const mol = await depotIdOf(app, 'MOL')
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: vms.id,
      depotId: lav,
      registrationOrSerial: '1XY2ZZ',
    })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0143',
      typeId: vms.id,
      depotId: mol,
      nextServiceDue: '2026-12-01',
    })
    await addUnit(app, headers, {
      fleetNumber: 'ARB-0007',
      typeId: arrow.id,
      depotId: mol,
      status: 'out_of_service',
    })
    const list = async (query: string) =>
      (await app.inject({ method: 'GET', url: `/api/admin/fleet/units?${query}`, headers }))
        .json<UnitList>()
        .items.map((unit) => unit.fleetNumber)
    expect(await list('')).toEqual(['ARB-0007', 'VMS-0142', 'VMS-0143'])
    expect(await list('search=0142')).toEqual(['VMS-0142'])
    expect(await list('search=xy2')).toEqual(['VMS-0142'])
    expect(await list('search=%25')).toEqual([])
    expect(await list(`typeId=${vms.id}`)).toEqual(['VMS-0142', 'VMS-0143'])
    expect(await list(`depotId=${mol}`)).toEqual(['ARB-0007', 'VMS-0143'])
    expect(await list('status=out_of_service')).toEqual(['ARB-0007'])
    expect(await list('serviceDueBefore=2027-01-01')).toEqual(['VMS-0143'])
    const page = (
      await app.inject({ method: 'GET', url: '/api/admin/fleet/units?pageSize=2&page=2', headers })
    ).json<UnitList>()
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(page.items).toHaveLength(1)
  })

  it("answers a unit's public page with its fleet number, type and the 24/7 number, and nothing else", async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: type.id,
      depotId: await depotIdOf(app, 'LAV'),
    })
    const response = await app.inject({ method: 'GET', url: '/api/equipment/vms-0142' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      fleetNumber: 'VMS-0142',
      typeName: type.name,
      typeSlug: type.slug,
      phone: { display: SITE.phone.display, href: SITE.phone.href },
    })
    expect((await app.inject({ method: 'GET', url: '/api/equipment/VMS-9999' })).statusCode).toBe(404)
  })

  it('lists the booking lines that hold a unit: current and upcoming first, then past ones, at most 50', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const unit = await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: type.id,
      depotId: await depotIdOf(app, 'MOL'),
    })
    const other = await addUnit(app, headers, {
      fleetNumber: 'VMS-0143',
      typeId: type.id,
      depotId: await depotIdOf(app, 'MOL'),
    })
    const get = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/admin/fleet/units/${unit.id}`, headers })
      ).json<UnitDetail>()

    const none = await get()
    expect(none.bookings).toEqual([])
    expect(none.depotTimeZone).toBe('Australia/Brisbane')

    // Relative to the real clock: "current" and "past" are read against the server's now.
    const day = 24 * 60 * 60 * 1000
    const at = (days: number) => new Date(Date.now() + days * day).toISOString()
    const line = (unitId: number, from: number, to: number, ref: string) => ({
      unit_id: unitId,
      starts_at: at(from),
      ends_at: at(to),
      booking_ref: ref,
      created_at: at(-100),
    })
    await insertBookingLines(app.db, [
      line(unit.id, -30, -28, 'B-PAST-OLD'),
      line(unit.id, 10, 12, 'B-LATER'),
      line(unit.id, -1, 1, 'B-NOW'),
      line(unit.id, -10, -8, 'B-PAST'),
      line(unit.id, 3, 4, 'B-NEXT'),
      line(other.id, -1, 1, 'B-OTHER'),
    ])
    const detail = await get()
    expect(detail.bookings.map((booking) => booking.bookingRef)).toEqual([
      'B-NOW',
      'B-NEXT',
      'B-LATER',
      'B-PAST',
      'B-PAST-OLD',
    ])
    expect(detail.bookings[0]).toEqual({
      id: expect.any(Number),
      startsAt: expect.stringMatching(/Z$/u),
      endsAt: expect.stringMatching(/Z$/u),
      bookingRef: 'B-NOW',
    })

    await insertBookingLines(
      app.db,
      Array.from({ length: MAX_UNIT_BOOKINGS }, (_, index) =>
        line(unit.id, -200 - index, -199 - index, `B-${index}`),
      ),
    )
    const many = (await get()).bookings.map((booking) => booking.bookingRef)
    expect(many).toHaveLength(MAX_UNIT_BOOKINGS)
    expect(many.slice(0, 5)).toEqual(['B-NOW', 'B-NEXT', 'B-LATER', 'B-PAST', 'B-PAST-OLD'])
  })
})
