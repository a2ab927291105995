import { FAULT_MESSAGES, type FaultReportInput } from '@signalway/shared/faults'
import { SITE } from '@signalway/shared/site'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { escalateFaults, UNIT_REPORTS_PER_HOUR } from '../../../src/modules/faults/service.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../../helpers/build.ts'
import { manualClock, nextIp } from '../enquiries/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../fleet/helpers.ts'

const REPORT: FaultReportInput = {
  symptoms: ['display-blank'],
  text: 'Board is dark, trailer leaning.',
  name: 'Sam Roadside',
  phone: '0412 345 678',
  location: { lat: -37.862612, lng: 144.770512, accuracy: 12 },
}
// 10:00 in Melbourne on Wednesday 25 November 2026.
const START = '2026-11-24T23:00:00.000Z'
const MINUTE = 60_000

async function setUp(app: FastifyInstance, status: 'available' | 'retired' = 'available') {
  const headers = await adminHeaders(app)
  const type = await addType(app, headers)
  const depotId = await depotIdOf(app, 'LAV')
  await addUnit(app, headers, { fleetNumber: 'VMS-0142', typeId: type.id, depotId, status })
  return headers
}

function report(app: FastifyInstance, payload: object, options: { ip?: string; fleetNumber?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/equipment/${options.fleetNumber ?? 'vms-0142'}/faults`,
    payload,
    remoteAddress: options.ip ?? nextIp(),
  })
}

const outbox = (app: FastifyInstance) =>
  app.db
    .selectFrom('outbox')
    .select(['to_address as recipient', 'subject', 'text_body'])
    .orderBy('id')
    .execute()

describe.each(DIALECTS)('fault reports on %s', (dialect) => {
  it('takes a report from the public page, answers a reference and the 24/7 number, and tells on-call at once', async () => {
    const time = manualClock(START)
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    await setUp(app)
    const response = await report(app, REPORT)
    expect(response.statusCode, response.body).toBe(201)
    // Nothing but the reference, the time and the number: no hire, customer or depot.
    expect(response.json()).toEqual({
      reference: 'F-2026-000001',
      reportedAt: START,
      phone: { display: SITE.phone.display, href: SITE.phone.href },
    })
    expect((await report(app, REPORT)).json().reference).toBe('F-2026-000002')
    const mail = await outbox(app)
    expect(mail).toHaveLength(2)
    expect(mail[0]).toMatchObject({
      recipient: SITE.oncallEmail,
      subject: expect.stringContaining('F-2026-000001'),
    })
    expect(mail[0]?.text_body).toContain('Display blank')
    expect(mail[0]?.text_body).toContain('Sam Roadside, 0412 345 678')
    expect(mail[0]?.text_body).toContain('https://www.openstreetmap.org/?mlat=-37.862612&mlon=144.770512')
  })

  it('says what is missing or wrong, and answers 404 for an unknown or retired unit', async () => {
    const { app } = await buildTestApp({ dialect })
    await setUp(app)
    const empty = await report(app, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().ModelState).toMatchObject({
      symptoms: [FAULT_MESSAGES.symptomsRequired],
      name: ['Name is required.'],
      phone: ['Phone is required.'],
    })
    const other = await report(app, { ...REPORT, symptoms: ['other'], text: '' })
    expect(other.json().ModelState).toEqual({ text: [FAULT_MESSAGES.otherNeedsText] })
    const long = await report(app, { ...REPORT, text: 'x'.repeat(1_001) })
    expect(long.json().ModelState).toEqual({ text: [FAULT_MESSAGES.textTooLong] })
    // A symptom of another family (a traffic light's) is not offered for a VMS board.
    const foreign = await report(app, { ...REPORT, symptoms: ['lights-stuck'] })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().ModelState).toEqual({ symptoms: [FAULT_MESSAGES.symptomInvalid] })
    const badPhoto = await report(app, { ...REPORT, photo: 'data:image/png;base64,AAAA' })
    expect(badPhoto.json().ModelState).toEqual({ photo: [FAULT_MESSAGES.photoInvalid] })

    expect((await report(app, REPORT, { fleetNumber: 'VMS-9999' })).statusCode).toBe(404)
    const { app: other2 } = await buildTestApp({ dialect })
    await setUp(other2, 'retired')
    expect((await report(other2, REPORT)).statusCode).toBe(404)
    expect(await app.db.selectFrom('fault_reports').selectAll().execute()).toEqual([])
  })

  it('drops a bot that fills the honeypot, limits each address and each unit', async () => {
    const { app } = await buildTestApp({ dialect })
    await setUp(app)
    const bot = await report(app, { ...REPORT, website: 'http://spam.example' })
    expect(bot.statusCode).toBe(201)
    expect(bot.json().reference).toMatch(/^F-\d{4}-000000$/u)
    expect(await app.db.selectFrom('fault_reports').selectAll().execute()).toEqual([])

    const ip = nextIp()
    for (let n = 0; n < 5; n++) expect((await report(app, REPORT, { ip })).statusCode).toBe(201)
    expect((await report(app, REPORT, { ip })).statusCode).toBe(429)
    for (let n = 5; n < UNIT_REPORTS_PER_HOUR; n++) expect((await report(app, REPORT)).statusCode).toBe(201)
    const unitLimited = await report(app, REPORT)
    expect(unitLimited.statusCode).toBe(429)
    expect(unitLimited.json().Message).toBe(FAULT_MESSAGES.tooManyForUnit)
  })

  it('re-encodes the photo without its metadata, and shows it to staff only', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await setUp(app)
    const jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#c33' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Spy 9' } })
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const response = await report(app, {
      ...REPORT,
      photo: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    })
    expect(response.statusCode, response.body).toBe(201)
    const [fault] = (await app.inject({ method: 'GET', url: '/api/admin/faults', headers })).json()
    expect((await app.inject({ method: 'GET', url: `/api/admin/faults/${fault.id}/photo` })).statusCode).toBe(
      401,
    )
    const photo = await app.inject({ method: 'GET', url: `/api/admin/faults/${fault.id}/photo`, headers })
    expect(photo.statusCode).toBe(200)
    expect(photo.headers['content-type']).toBe('image/webp')
    const stored = await sharp(photo.rawPayload).metadata()
    expect(stored).toMatchObject({ format: 'webp', width: 1600, height: 1067 })
    expect(stored.exif).toBeUndefined()
    const detail = await app.inject({ method: 'GET', url: `/api/admin/faults/${fault.id}`, headers })
    expect(detail.json().hasPhoto).toBe(true)
  })

  it('keeps the queue to administrators, moves a fault on from the version seen, and audits it', async () => {
    const time = manualClock(START)
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    const headers = await setUp(app)
    await report(app, REPORT)
    expect((await app.inject({ method: 'GET', url: '/api/admin/faults' })).statusCode).toBe(401)
    const member = bearer(await tokenFor(app, await createUser(app, { memberType: 1 })))
    expect((await app.inject({ method: 'GET', url: '/api/admin/faults', headers: member })).statusCode).toBe(
      403,
    )

    const [listed] = (await app.inject({ method: 'GET', url: '/api/admin/faults', headers })).json()
    expect(listed).toMatchObject({
      reference: 'F-2026-000001',
      status: 'reported',
      fleetNumber: 'VMS-0142',
      depotCode: 'LAV',
    })
    const url = `/api/admin/faults/${listed.id}`
    const detail = (await app.inject({ method: 'GET', url, headers })).json()
    expect(detail).toMatchObject({
      reporterName: 'Sam Roadside',
      reporterPhone: '0412 345 678',
      location: REPORT.location,
      hasPhoto: false,
      version: 1,
    })

    time.advance(4 * MINUTE)
    const ack = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'acknowledged', version: 1 },
    })
    expect(ack.statusCode, ack.body).toBe(200)
    expect(ack.json()).toMatchObject({
      status: 'acknowledged',
      acknowledgedAt: '2026-11-24T23:04:00.000Z',
      version: 2,
    })
    const stale = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'on_the_way', version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    const noNote = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'resolved', version: 2 },
    })
    expect(noNote.json().ModelState).toEqual({ note: [FAULT_MESSAGES.noteRequired] })
    const back = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'acknowledged', version: 2 },
    })
    expect(back.statusCode).toBe(400)
    const resolved = await app.inject({
      method: 'PATCH',
      url,
      headers,
      payload: { status: 'resolved', version: 2, note: 'Battery swapped.' },
    })
    expect(resolved.json()).toMatchObject({
      status: 'resolved',
      resolutionNote: 'Battery swapped.',
      version: 3,
    })
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('target_type', '=', 'fault')
      .orderBy('id')
      .execute()
    expect(audit.map((row) => JSON.parse(row.after ?? '{}').status)).toEqual(['acknowledged', 'resolved'])
    expect(new Set(audit.map((row) => row.action))).toEqual(new Set(['fault.update']))
  })

  it('escalates an unacknowledged fault after exactly 15 minutes, once, whichever instance runs the job', async () => {
    const time = manualClock(START)
    const database = await useTestDatabase(dialect, { migrated: true })
    const first = await buildTestApp({ database, build: { clock: time.clock } })
    const second = await buildTestApp({ database, build: { clock: time.clock } })
    const headers = await setUp(first.app)
    await report(first.app, REPORT)
    await report(first.app, { ...REPORT, symptoms: ['power'] })
    const [one, two] = (await first.app.inject({ method: 'GET', url: '/api/admin/faults', headers })).json()
    // The second is acknowledged in time: it is never escalated.
    time.advance(10 * MINUTE)
    await first.app.inject({
      method: 'PATCH',
      url: `/api/admin/faults/${two.id}`,
      headers,
      payload: { status: 'acknowledged', version: 1 },
    })

    const deps = (app: FastifyInstance) => ({
      db: app.db,
      clock: time.clock,
      oncallEmail: app.config.oncallEmail,
      oncallEscalationEmail: app.config.oncallEscalationEmail,
      siteUrl: app.config.siteUrl,
    })
    time.advance(5 * MINUTE - 1)
    expect(await escalateFaults(deps(first.app))).toBe(0)
    time.advance(1)
    // Two instances at once on PostgreSQL; SQLite's one writer in this one process takes them in turn.
    const runs =
      dialect === 'postgres'
        ? await Promise.all([escalateFaults(deps(first.app)), escalateFaults(deps(second.app))])
        : [await escalateFaults(deps(first.app)), await escalateFaults(deps(second.app))]
    expect(runs.reduce((total, run) => total + run, 0)).toBe(1)
    expect(await escalateFaults(deps(second.app))).toBe(0)
    time.advance(60 * MINUTE)
    expect(await escalateFaults(deps(first.app))).toBe(0)

    const escalations = (await outbox(first.app)).filter(
      (mail) => mail.recipient === SITE.oncallEscalationEmail,
    )
    expect(escalations).toHaveLength(1)
    expect(escalations[0]?.subject).toBe(
      `Unacknowledged fault ${one.reference}: VMS-0142 VMS board, full matrix, trailer mounted`,
    )
    const marks = await first.app.db
      .selectFrom('fault_reports')
      .select(['id', 'escalated_at'])
      .orderBy('id')
      .execute()
    expect(marks).toEqual([
      { id: one.id, escalated_at: '2026-11-24T23:15:00.000Z' },
      { id: two.id, escalated_at: null },
    ])
  })

  it('escalates after the time ONCALL_ESCALATION_SECONDS sets, when it is set', async () => {
    const time = manualClock(START)
    const { app } = await buildTestApp({
      dialect,
      env: { ONCALL_ESCALATION_SECONDS: '300' },
      build: { clock: time.clock },
    })
    expect(app.config.oncallEscalationMs).toBe(5 * MINUTE)
    await setUp(app)
    await report(app, REPORT)
    const deps = {
      db: app.db,
      clock: time.clock,
      oncallEmail: app.config.oncallEmail,
      oncallEscalationEmail: app.config.oncallEscalationEmail,
      siteUrl: app.config.siteUrl,
      escalationMs: app.config.oncallEscalationMs,
    }
    time.advance(5 * MINUTE - 1)
    expect(await escalateFaults(deps)).toBe(0)
    time.advance(1)
    expect(await escalateFaults(deps)).toBe(1)
  })

  it('counts open faults and the median minutes to acknowledge this week on the dashboard', async () => {
    const time = manualClock(START)
    const { app } = await buildTestApp({ dialect, build: { clock: time.clock } })
    const headers = await setUp(app)
    for (let n = 0; n < 4; n++) await report(app, REPORT)
    const faults = (await app.inject({ method: 'GET', url: '/api/admin/faults', headers })).json()
    const minutes = [2, 6, 30]
    for (const [index, wait] of minutes.entries()) {
      const at = new Date(Date.parse(START) + wait * MINUTE).toISOString()
      await app.db
        .updateTable('fault_reports')
        .set({ status: 'acknowledged', acknowledged_at: at })
        .where('id', '=', faults[index].id)
        .execute()
    }
    await app.db
      .updateTable('fault_reports')
      .set({ status: 'resolved' })
      .where('id', '=', faults[2].id)
      .execute()
    time.advance(5 * MINUTE)
    const dashboard = (await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers })).json()
    expect(dashboard).toMatchObject({ openFaults: 3, medianAcknowledgeMinutes: 6 })
  })
})
