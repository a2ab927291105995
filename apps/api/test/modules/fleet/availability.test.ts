import { type Availability, FLEET_MESSAGES } from '@signalway/shared/fleet'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { freeUnits, reserveUnits, UnitsNotAvailableError } from '../../../src/modules/fleet/availability.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from './helpers.ts'

const at = (iso: string) => new Date(iso)
const NOW = at('2026-11-27T00:00:00.000Z')

/** A type with units at Laverton (Melbourne time), each `{ fleetNumber, status?, nextServiceDue? }`. */
async function fleetOf(
  app: FastifyInstance,
  units: { fleetNumber: string; status?: string; nextServiceDue?: string | null }[],
) {
  const headers = await adminHeaders(app)
  const type = await addType(app, headers)
  const depotId = await depotIdOf(app, 'LAV')
  const ids: number[] = []
  for (const unit of units) {
    ids.push(
      (await addUnit(app, headers, { typeId: type.id, depotId, ...(unit as { fleetNumber: string }) })).id,
    )
  }
  return { headers, typeId: type.id, depotId, ids }
}

async function freeOver(
  app: FastifyInstance,
  typeId: number,
  depotId: number,
  startsAt: string,
  endsAt: string,
) {
  const { free } = await freeUnits(app.db, typeId, depotId, { startsAt: at(startsAt), endsAt: at(endsAt) })
  return free.map((unit) => unit.fleet_number)
}

describe.each(DIALECTS)('availability on %s', (dialect) => {
  it('treats periods as half-open: a hire ending exactly when another starts does not overlap it', async () => {
    const { app } = await buildTestApp({ dialect })
    const { typeId, depotId } = await fleetOf(app, [{ fleetNumber: 'VMS-0001' }])
    const period = { startsAt: at('2026-12-01T10:00:00.000Z'), endsAt: at('2026-12-01T12:00:00.000Z') }
    const reserved = await reserveUnits(
      app.db,
      { typeId, depotId, period, quantity: 1, bookingRef: 'B-1' },
      NOW,
    )
    expect(reserved.map((line) => line.fleetNumber)).toEqual(['VMS-0001'])

    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T12:00:00.000Z', '2026-12-01T14:00:00.000Z'),
    ).toEqual(['VMS-0001'])
    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T08:00:00.000Z', '2026-12-01T10:00:00.000Z'),
    ).toEqual(['VMS-0001'])
    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T11:59:59.999Z', '2026-12-01T14:00:00.000Z'),
    ).toEqual([])
    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T08:00:00.000Z', '2026-12-01T10:00:00.001Z'),
    ).toEqual([])
    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T09:00:00.000Z', '2026-12-01T13:00:00.000Z'),
    ).toEqual([])
    expect(
      await freeOver(app, typeId, depotId, '2026-12-01T10:30:00.000Z', '2026-12-01T11:00:00.000Z'),
    ).toEqual([])
    // Back to back with the first: allowed.
    const next = { startsAt: period.endsAt, endsAt: at('2026-12-02T12:00:00.000Z') }
    await expect(
      reserveUnits(app.db, { typeId, depotId, period: next, quantity: 1, bookingRef: 'B-2' }, NOW),
    ).resolves.toHaveLength(1)
    await expect(
      reserveUnits(
        app.db,
        {
          typeId,
          depotId,
          period: { startsAt: period.endsAt, endsAt: period.startsAt },
          quantity: 1,
          bookingRef: null,
        },
        NOW,
      ),
    ).rejects.toThrow(FLEET_MESSAGES.periodInvalid)
  })

  it('leaves out units in service, out of service, retired, or whose service falls due before the period ends', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers, typeId, depotId } = await fleetOf(app, [
      { fleetNumber: 'VMS-0001' },
      { fleetNumber: 'VMS-0002', nextServiceDue: '2026-12-10' },
      { fleetNumber: 'VMS-0003', status: 'in_service' },
      { fleetNumber: 'VMS-0004', status: 'out_of_service' },
      { fleetNumber: 'VMS-0005', status: 'retired' },
      { fleetNumber: 'VMS-0006', nextServiceDue: '2026-11-01' },
    ])
    const availability = async (from: string, to: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/admin/fleet/availability?typeId=${typeId}&depotId=${depotId}&from=${from}&to=${to}`,
        headers,
      })
      expect(response.statusCode, response.body).toBe(200)
      return response.json<Availability>()
    }
    // Melbourne days: 1 December starts at 13:00 UTC the day before (daylight saving).
    const before = await availability('2026-12-01', '2026-12-10')
    expect(before).toMatchObject({
      startsAt: '2026-11-30T13:00:00.000Z',
      endsAt: '2026-12-09T13:00:00.000Z',
      total: 5,
      free: 2,
    })
    expect(before.freeUnits.map((unit) => unit.fleetNumber)).toEqual(['VMS-0001', 'VMS-0002'])
    // A hire that runs into the day the service is due: that unit cannot be booked.
    const into = await availability('2026-12-01', '2026-12-11')
    expect(into.freeUnits.map((unit) => unit.fleetNumber)).toEqual(['VMS-0001'])
    // Overdue now: never free (until its service is recorded).
    expect(into.freeUnits.map((unit) => unit.fleetNumber)).not.toContain('VMS-0006')

    const wrong = await app.inject({
      method: 'GET',
      url: `/api/admin/fleet/availability?typeId=${typeId}&depotId=${depotId}&from=2026-12-05&to=2026-12-05`,
      headers,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().Message).toBe(FLEET_MESSAGES.periodInvalid)
  })

  it('answers the first day a quantity is free for a hire of the same length', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers, typeId, depotId } = await fleetOf(app, [
      { fleetNumber: 'VMS-0001' },
      { fleetNumber: 'VMS-0002' },
    ])
    // VMS-0001 is out from 1 to 5 December, VMS-0002 from 3 to 8 December (Melbourne days).
    const day = (iso: string) => at(`${iso}T13:00:00.000Z`)
    await reserveUnits(
      app.db,
      {
        typeId,
        depotId,
        period: { startsAt: day('2026-11-30'), endsAt: day('2026-12-04') },
        quantity: 1,
        bookingRef: 'A',
      },
      NOW,
    )
    await reserveUnits(
      app.db,
      {
        typeId,
        depotId,
        period: { startsAt: day('2026-12-02'), endsAt: day('2026-12-07') },
        quantity: 1,
        bookingRef: 'B',
      },
      NOW,
    )
    const availability = async (from: string, to: string, quantity: number) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/admin/fleet/availability?typeId=${typeId}&depotId=${depotId}&from=${from}&to=${to}&quantity=${quantity}`,
          headers,
        })
      ).json<Availability>()
    expect(await availability('2026-12-03', '2026-12-04', 1)).toMatchObject({
      free: 0,
      firstAvailableDay: '2026-12-05',
    })
    expect(await availability('2026-12-03', '2026-12-05', 2)).toMatchObject({
      free: 0,
      firstAvailableDay: '2026-12-08',
    })
    expect(await availability('2026-12-09', '2026-12-10', 2)).toMatchObject({
      free: 2,
      firstAvailableDay: '2026-12-09',
    })
    expect(await availability('2026-12-09', '2026-12-10', 3)).toMatchObject({
      total: 2,
      firstAvailableDay: null,
    })
  })

  it('gives the last free unit to exactly one of two reservations made at the same moment', async () => {
    const { app } = await buildTestApp({ dialect })
    const { typeId, depotId } = await fleetOf(app, [{ fleetNumber: 'VMS-0001' }, { fleetNumber: 'VMS-0002' }])
    const period = { startsAt: at('2026-12-01T13:00:00.000Z'), endsAt: at('2026-12-03T13:00:00.000Z') }
    await reserveUnits(app.db, { typeId, depotId, period, quantity: 1, bookingRef: 'FIRST' }, NOW)

    for (let round = 0; round < 3; round += 1) {
      const shifted = {
        startsAt: new Date(period.startsAt.getTime() + round * 3_600_000),
        endsAt: new Date(period.endsAt.getTime() + round * 3_600_000),
      }
      if (round > 0) {
        // Each round starts with one free unit again: the round before's winner is moved out of the way.
        await app.db.deleteFrom('booking_lines').where('booking_ref', 'like', 'RACE-%').execute()
      }
      const outcomes = await Promise.allSettled(
        ['RACE-A', 'RACE-B'].map((bookingRef) =>
          reserveUnits(app.db, { typeId, depotId, period: shifted, quantity: 1, bookingRef }, NOW),
        ),
      )
      const won = outcomes.filter((outcome) => outcome.status === 'fulfilled')
      const lost = outcomes.filter((outcome) => outcome.status === 'rejected')
      expect(won, `round ${round}`).toHaveLength(1)
      expect(lost).toHaveLength(1)
      const reason = (lost[0] as PromiseRejectedResult).reason
      expect(reason).toBeInstanceOf(UnitsNotAvailableError)
      expect(reason).toMatchObject({ statusCode: 409, message: FLEET_MESSAGES.notAvailable, free: 0 })
    }
    const lines = await app.db.selectFrom('booking_lines').select(['unit_id', 'booking_ref']).execute()
    expect(lines).toHaveLength(2)
    expect(new Set(lines.map((line) => line.unit_id)).size).toBe(2)
  })

  it('shares three free units among eight parallel reservations: three succeed, each with its own unit', async () => {
    const { app } = await buildTestApp({ dialect })
    const { typeId, depotId } = await fleetOf(app, [
      { fleetNumber: 'VMS-0001' },
      { fleetNumber: 'VMS-0002' },
      { fleetNumber: 'VMS-0003' },
    ])
    const period = { startsAt: at('2027-01-04T13:00:00.000Z'), endsAt: at('2027-01-11T13:00:00.000Z') }
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        reserveUnits(app.db, { typeId, depotId, period, quantity: 1, bookingRef: `P-${index}` }, NOW),
      ),
    )
    const won = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []))
    expect(won).toHaveLength(3)
    expect(new Set(won.map((line) => line.fleetNumber))).toEqual(
      new Set(['VMS-0001', 'VMS-0002', 'VMS-0003']),
    )
    for (const outcome of outcomes.filter((candidate) => candidate.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(UnitsNotAvailableError)
    }
    // A reservation of more than are free makes nothing.
    const later = { startsAt: at('2027-02-01T13:00:00.000Z'), endsAt: at('2027-02-02T13:00:00.000Z') }
    await expect(
      reserveUnits(app.db, { typeId, depotId, period: later, quantity: 4, bookingRef: 'BIG' }, NOW),
    ).rejects.toBeInstanceOf(UnitsNotAvailableError)
    expect(
      await app.db.selectFrom('booking_lines').select('id').where('booking_ref', '=', 'BIG').execute(),
    ).toEqual([])
  })
})
