import { FLEET_MESSAGES, type FleetCalendar } from '@signalway/shared/fleet'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from './helpers.ts'

/*
 * The depot's month calendar (requirements §17): free / total per type and day of the depot's zone, by the same
 * rule as availability, and the days that cannot be met.
 */

type Headers = Record<string, string>

async function calendarOf(app: FastifyInstance, headers: Headers, depotId: number, month: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/fleet/calendar?depotId=${depotId}&month=${month}`,
    headers,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<FleetCalendar>()
}

/** A type's free count for each day of the month, in order. */
function freeByDay(calendar: FleetCalendar, typeId: number): number[] {
  const type = calendar.types.find((candidate) => candidate.id === typeId)
  expect(type, `type ${typeId} in the calendar`).toBeDefined()
  return (type?.days ?? []).map((cell) => cell.free)
}

/** A booking line held by a unit over [startsAt, endsAt) (ISO instants). */
async function hold(app: FastifyInstance, unitId: number, startsAt: string, endsAt: string) {
  await app.db
    .insertInto('booking_lines')
    .values({
      unit_id: unitId,
      starts_at: startsAt,
      ends_at: endsAt,
      booking_ref: 'B-TEST',
      created_at: '2026-11-27T00:00:00.000Z',
    })
    .execute()
}

/** `count` days with the value `value`. */
const repeat = (count: number, value: number) => Array.from({ length: count }, () => value)

describe.each(DIALECTS)('the depot month calendar on %s', (dialect) => {
  it('counts each type with units at the depot, in catalogue order: in service and overdue units are never free', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    const cdn = await depotIdOf(app, 'CDN')
    const vms = await addType(app, headers)
    const arrow = await addType(app, headers, {
      slug: 'arrow-board',
      serviceSlug: 'arrow-boards',
      name: 'Arrow board',
    })
    const unused = await addType(app, headers, { slug: 'lights', serviceSlug: 'portable-traffic-lights' })
    await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: vms.id, depotId: lav })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0002',
      typeId: vms.id,
      depotId: lav,
      status: 'in_service',
    })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0003',
      typeId: vms.id,
      depotId: lav,
      status: 'out_of_service',
    })
    await addUnit(app, headers, { fleetNumber: 'VMS-0004', typeId: vms.id, depotId: lav, status: 'retired' })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0005',
      typeId: vms.id,
      depotId: lav,
      nextServiceDue: '2026-01-01',
    })
    await addUnit(app, headers, { fleetNumber: 'VMS-0006', typeId: vms.id, depotId: cdn })
    await addUnit(app, headers, {
      fleetNumber: 'ARB-0001',
      typeId: arrow.id,
      depotId: lav,
      status: 'in_service',
    })
    // A type whose only unit at the depot is retired is not in the calendar.
    await addUnit(app, headers, {
      fleetNumber: 'PTL-0001',
      typeId: unused.id,
      depotId: lav,
      status: 'retired',
    })

    const calendar = await calendarOf(app, headers, lav, '2026-12')
    expect(calendar.depot).toEqual({
      id: lav,
      code: 'LAV',
      name: expect.any(String),
      timeZone: 'Australia/Melbourne',
    })
    expect(calendar.month).toBe('2026-12')
    expect(calendar.days).toHaveLength(31)
    // Catalogue order: by service (arrow-boards before vms-boards), then name.
    expect(calendar.types.map((type) => [type.slug, type.total])).toEqual([
      ['arrow-board', 1],
      [vms.slug, 4],
    ])
    expect(freeByDay(calendar, vms.id)).toEqual(repeat(31, 1))
    expect(calendar.types[1]?.days[0]).toEqual({ day: '2026-12-01', free: 1, total: 4, cannotBeMet: false })
    // Its one unit in service: no day can be met.
    expect(
      calendar.types[0]?.days.every((cell) => cell.free === 0 && cell.total === 1 && cell.cannotBeMet),
    ).toBe(true)
    expect((await calendarOf(app, headers, cdn, '2026-12')).types.map((type) => type.total)).toEqual([1])
  })

  it('takes a day for each booking line overlapping it, a line ending at midnight leaving the next day free', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    const vms = await addType(app, headers)
    const first = await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: vms.id, depotId: lav })
    const second = await addUnit(app, headers, { fleetNumber: 'VMS-0002', typeId: vms.id, depotId: lav })
    // Melbourne midnight is 13:00 UTC the day before in December (daylight saving).
    // VMS-0001: 3 December 00:00 to 6 December 00:00, Melbourne: the 3rd, 4th and 5th.
    await hold(app, first.id, '2026-12-02T13:00:00.000Z', '2026-12-05T13:00:00.000Z')
    // VMS-0002: the 5th from 09:00 to the 6th at 00:00:01: the 5th and the 6th.
    await hold(app, second.id, '2026-12-04T22:00:00.000Z', '2026-12-05T13:00:01.000Z')
    // VMS-0002 again: from the 30th at 10:00 into January: the 30th and 31st.
    await hold(app, second.id, '2026-12-29T23:00:00.000Z', '2027-01-10T13:00:00.000Z')
    // A line over November only, ending at Melbourne's 1 December midnight: takes nothing.
    await hold(app, first.id, '2026-11-20T13:00:00.000Z', '2026-11-30T13:00:00.000Z')

    const calendar = await calendarOf(app, headers, lav, '2026-12')
    const expected = repeat(31, 2)
    expected[2] = 1
    expected[3] = 1
    expected[4] = 0
    expected[5] = 1
    expected[29] = 1
    expected[30] = 1
    expect(freeByDay(calendar, vms.id)).toEqual(expected)
    const cells = calendar.types[0]?.days ?? []
    expect(cells.filter((cell) => cell.cannotBeMet).map((cell) => cell.day)).toEqual(['2026-12-05'])

    // January: the line into it takes the 1st to the 10th.
    expect(freeByDay(await calendarOf(app, headers, lav, '2027-01'), vms.id).slice(0, 11)).toEqual([
      ...repeat(10, 1),
      2,
    ])
    // November: the line takes the 21st to the 30th.
    expect(freeByDay(await calendarOf(app, headers, lav, '2026-11'), vms.id).slice(18)).toEqual([
      2,
      2,
      ...repeat(10, 1),
    ])
  })

  it('stops counting a unit from the day its service falls due', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    const vms = await addType(app, headers)
    await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: vms.id, depotId: lav })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0002',
      typeId: vms.id,
      depotId: lav,
      nextServiceDue: '2026-12-15',
    })
    expect(freeByDay(await calendarOf(app, headers, lav, '2026-12'), vms.id)).toEqual([
      ...repeat(14, 2),
      ...repeat(17, 1),
    ])
  })

  it("counts a Brisbane depot's days by Brisbane's midnights", async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const mol = await depotIdOf(app, 'MOL')
    const vms = await addType(app, headers)
    const unit = await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: vms.id, depotId: mol })
    // Brisbane keeps +10 all year: 5 December is 4 December 14:00 UTC to 5 December 14:00 UTC. The same line
    // read in Melbourne time (+11) would run from 01:00 on the 5th to 01:00 on the 6th and take both days.
    await hold(app, unit.id, '2026-12-04T14:00:00.000Z', '2026-12-05T14:00:00.000Z')
    const calendar = await calendarOf(app, headers, mol, '2026-12')
    expect(calendar.depot.timeZone).toBe('Australia/Brisbane')
    const expected = repeat(31, 1)
    expected[4] = 0
    expect(freeByDay(calendar, vms.id)).toEqual(expected)
  })

  it('has a column for every day of the month, leap years included', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    const vms = await addType(app, headers)
    await addUnit(app, headers, { fleetNumber: 'VMS-0001', typeId: vms.id, depotId: lav })
    for (const [month, length, last] of [
      ['2027-02', 28, '2027-02-28'],
      ['2028-02', 29, '2028-02-29'],
      ['2026-11', 30, '2026-11-30'],
      ['2026-12', 31, '2026-12-31'],
    ] as const) {
      const calendar = await calendarOf(app, headers, lav, month)
      expect(calendar.days, month).toHaveLength(length)
      expect(calendar.days[0]).toBe(`${month}-01`)
      expect(calendar.days.at(-1)).toBe(last)
      expect(calendar.types[0]?.days.map((cell) => cell.day)).toEqual(calendar.days)
    }
  })

  it('answers 400 to a month that is not YYYY-MM and 404 to an unknown depot', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    for (const month of ['2026-13', '2026-00', '2026-1', '26-12', '2026-12-01', '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/fleet/calendar?depotId=${lav}&month=${month}`,
        headers,
      })
      expect(response.statusCode, month).toBe(400)
    }
    const bad = await app.inject({
      method: 'GET',
      url: `/api/admin/fleet/calendar?depotId=${lav}&month=2026-13`,
      headers,
    })
    expect(bad.json().ModelState.month).toEqual([FLEET_MESSAGES.monthInvalid])
    const unknown = await app.inject({
      method: 'GET',
      url: '/api/admin/fleet/calendar?depotId=999&month=2026-12',
      headers,
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().Message).toBe(FLEET_MESSAGES.depotNotFound)
  })
})
