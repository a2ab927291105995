import { FAULT_PERSONAL_DATA_DAYS, type FaultReportInput } from '@signalway/shared/faults'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { erasePersonalData } from '../../../src/modules/faults/service.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../../helpers/build.ts'
import { manualClock, nextIp } from '../enquiries/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../fleet/helpers.ts'

/*
 * APP 11 (ADR 049): a resolved fault keeps its reporter's name, phone, location, photo and internet address
 * FAULT_PERSONAL_DATA_DAYS after it was resolved, then they are erased and the fault itself stays.
 */

const REPORT: FaultReportInput = {
  symptoms: ['display-blank'],
  text: 'Board is dark, trailer leaning.',
  name: 'Sam Roadside',
  phone: '0412 345 678',
  location: { lat: -37.862612, lng: 144.770512, accuracy: 12 },
}
// 10:00 in Melbourne on Wednesday 25 November 2026.
const START = '2026-11-24T23:00:00.000Z'
const DAY = 86_400_000
const RETENTION = FAULT_PERSONAL_DATA_DAYS * DAY

async function photo(): Promise<string> {
  const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .toBuffer()
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`
}

describe.each(DIALECTS)("fault reporters' personal information on %s", (dialect) => {
  it(`is erased ${FAULT_PERSONAL_DATA_DAYS} days after the fault was resolved, photo included, and the fault kept`, async () => {
    const time = manualClock(START)
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    // Signed in again after each wait: a token lives minutes, not days.
    let headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'LAV')
    await addUnit(app, headers, { fleetNumber: 'VMS-0142', typeId: type.id, depotId })
    const report = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/equipment/VMS-0142/faults',
        payload: { ...REPORT, photo: await photo() },
        remoteAddress: nextIp(),
      })
      expect(response.statusCode, response.body).toBe(201)
    }
    const move = async (id: number, version: number, status: string, note?: string) => {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/admin/faults/${id}`,
        headers,
        payload: { status, version, ...(note ? { note } : {}) },
      })
      expect(response.statusCode, response.body).toBe(200)
    }
    const detail = async (id: number) =>
      (await app.inject({ method: 'GET', url: `/api/admin/faults/${id}`, headers })).json()
    const sweep = () => erasePersonalData({ db: app.db, clock: time.clock })

    // First resolved at once; second resolved ten days later; third still open (acknowledged).
    for (let n = 0; n < 3; n++) await report()
    const [first, second, third] = (
      await app.db.selectFrom('fault_reports').select('id').orderBy('id').execute()
    ).map((row) => row.id) as [number, number, number]
    await move(first, 1, 'resolved', 'Battery swapped.')
    await move(third, 1, 'acknowledged')
    time.advance(10 * DAY)
    headers = await adminHeaders(app)
    await move(second, 1, 'resolved', 'Board stood up again.')

    // Exactly the retention after the first was resolved: kept. A moment later: erased.
    time.advance(RETENTION - 10 * DAY)
    expect(await sweep()).toBe(0)
    time.advance(1)
    expect(await sweep()).toBe(1)
    expect(await sweep()).toBe(0)
    headers = await adminHeaders(app)

    const erased = await detail(first)
    expect(erased).toMatchObject({
      reference: 'F-2026-000001',
      status: 'resolved',
      symptoms: ['display-blank'],
      text: REPORT.text,
      resolutionNote: 'Battery swapped.',
      resolvedAt: START,
      reporterName: '',
      reporterPhone: '',
      location: null,
      hasPhoto: false,
      reporterErased: true,
      version: 3,
    })
    expect(
      (await app.inject({ method: 'GET', url: `/api/admin/faults/${first}/photo`, headers })).statusCode,
    ).toBe(404)
    const row = await app.db
      .selectFrom('fault_reports')
      .select(['reporter_name', 'reporter_phone', 'lat', 'lng', 'accuracy_m', 'photo', 'ip'])
      .where('id', '=', first)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      reporter_name: '',
      reporter_phone: '',
      lat: null,
      lng: null,
      accuracy_m: null,
      photo: null,
      ip: null,
    })
    // The others keep theirs: one resolved too recently, one not resolved at all.
    for (const id of [second, third]) {
      expect(await detail(id)).toMatchObject({
        reporterName: REPORT.name,
        reporterPhone: REPORT.phone,
        location: REPORT.location,
        hasPhoto: true,
        reporterErased: false,
      })
    }

    // Ten days on the second goes; an open fault never does, however old.
    time.advance(10 * DAY)
    expect(await sweep()).toBe(1)
    headers = await adminHeaders(app)
    expect(await detail(second)).toMatchObject({ reporterErased: true, hasPhoto: false, location: null })
    time.advance(3 * 365 * DAY)
    expect(await sweep()).toBe(0)
    headers = await adminHeaders(app)
    expect(await detail(third)).toMatchObject({
      reporterName: REPORT.name,
      reporterErased: false,
      hasPhoto: true,
    })
    // The queue still lists them all.
    const queue = (await app.inject({ method: 'GET', url: '/api/admin/faults', headers })).json()
    expect(queue.map((fault: { id: number }) => fault.id).sort()).toEqual([first, second, third].sort())
  })

  it('is erased by a job each instance runs when it starts (and hourly after)', async () => {
    const time = manualClock(START)
    const database = await useTestDatabase(dialect, { migrated: true })
    const { app } = await buildTestApp({ database, build: { clock: time.clock } })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'LAV')
    await addUnit(app, headers, { fleetNumber: 'VMS-0142', typeId: type.id, depotId })
    const reported = await app.inject({
      method: 'POST',
      url: '/api/equipment/VMS-0142/faults',
      payload: REPORT,
      remoteAddress: nextIp(),
    })
    expect(reported.statusCode, reported.body).toBe(201)
    const { id } = await app.db.selectFrom('fault_reports').select('id').executeTakeFirstOrThrow()
    await app.inject({
      method: 'PATCH',
      url: `/api/admin/faults/${id}`,
      headers,
      payload: { status: 'resolved', version: 1, note: 'Fixed.' },
    })
    time.advance(RETENTION + 1)
    // Another instance on the same database starts: its jobs run once as it becomes ready.
    const { app: next } = await buildTestApp({ database, build: { clock: time.clock } })
    await next.ready()
    const row = await next.db
      .selectFrom('fault_reports')
      .select(['reporter_name', 'reporter_phone', 'lat', 'ip', 'resolution_note'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({
      reporter_name: '',
      reporter_phone: '',
      lat: null,
      ip: null,
      resolution_note: 'Fixed.',
    })
  })
})
