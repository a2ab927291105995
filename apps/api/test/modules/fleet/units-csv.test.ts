import { FLEET_MESSAGES, UNIT_CSV_MESSAGES } from '@signalway/shared/fleet'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from './helpers.ts'

const HEADER = 'fleet_number,type_slug,depot_code,registration_or_serial,status,next_service_due'

/** Twenty good rows: VMS-0100 to VMS-0119, at both Victorian yards, some due a service. */
function goodRows(): string[] {
  return Array.from({ length: 20 }, (_, index) => {
    const depot = index % 2 === 0 ? 'LAV' : 'CDN'
    const due = index % 3 === 0 ? `2027-0${(index % 9) + 1}-15` : ''
    return `VMS-${String(100 + index).padStart(4, '0')},vms-board-full-matrix,${depot},SN${1000 + index},available,${due}`
  })
}

async function importCsv(app: FastifyInstance, headers: Record<string, string>, csv: string) {
  return app.inject({ method: 'POST', url: '/api/admin/fleet/units/import', headers, payload: { csv } })
}

async function unitCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('units')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

describe.each(DIALECTS)("the units' CSV on %s", (dialect) => {
  it('imports 20 good rows, each audited, and exports them with the header', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await addType(app, headers)

    const response = await importCsv(app, headers, `${HEADER}\r\n${goodRows().join('\r\n')}\r\n`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toEqual({ imported: 20 })
    expect(await unitCount(app)).toBe(20)
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'after'])
      .where('action', '=', 'unit.create')
      .execute()
    expect(audit).toHaveLength(20)
    expect(JSON.parse(audit[0]?.after ?? '{}')).toMatchObject({
      importedFromCsv: true,
      depot: expect.any(String),
    })

    const csv = await app.inject({ method: 'GET', url: '/api/admin/fleet/units.csv', headers })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-units-\d{4}-\d{2}-\d{2}\.csv"$/u,
    )
    const lines = csv.body.split('\r\n')
    expect(lines[0]).toBe(
      `\uFEFF${HEADER.split(',')
        .map((name) => `"${name}"`)
        .join(',')}`,
    )
    expect(lines[1]).toBe('"VMS-0100","vms-board-full-matrix","LAV","SN1000","available","2027-01-15"')
    expect(lines[2]).toBe('"VMS-0101","vms-board-full-matrix","CDN","SN1001","available",""')
    expect(lines).toHaveLength(22)

    // The list's filters apply.
    const atCdn = await app.inject({
      method: 'GET',
      url: `/api/admin/fleet/units.csv?depotId=${await depotIdOf(app, 'CDN')}&search=vms-01`,
      headers,
    })
    expect(atCdn.body.split('\r\n').filter(Boolean)).toHaveLength(11)
  })

  it('refuses a file with a bad row: every problem by row and column, and nothing imported', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await addType(app, headers)
    const rows = goodRows()
    rows[5] = 'VMS-01O5,no-such-type,XYZ,,on_hire,2027-02-30'
    rows[9] = 'VMS-0109,vms-board-full-matrix,LAV,SN1009,available'

    const response = await importCsv(app, headers, [HEADER, ...rows].join('\n'))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      Message: UNIT_CSV_MESSAGES.invalid,
      errors: [
        { row: 7, column: 'fleet_number', message: FLEET_MESSAGES.fleetNumberInvalid },
        { row: 7, column: 'type_slug', message: 'No equipment type has the slug no-such-type.' },
        { row: 7, column: 'depot_code', message: 'No depot has the code XYZ.' },
        { row: 7, column: 'registration_or_serial', message: FLEET_MESSAGES.serialRequired },
        { row: 7, column: 'status', message: UNIT_CSV_MESSAGES.statusInvalid },
        { row: 7, column: 'next_service_due', message: FLEET_MESSAGES.dateInvalid },
        { row: 11, column: null, message: UNIT_CSV_MESSAGES.cellCount(6, 5) },
      ],
      requestId: expect.any(String),
    })
    expect(await unitCount(app)).toBe(0)

    // Fixed, the same file imports whole.
    const fixed = await importCsv(app, headers, [HEADER, ...goodRows()].join('\n'))
    expect(fixed.json()).toEqual({ imported: 20 })
  })

  it('refuses a fleet number twice in the file or already in the fleet', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0110',
      typeId: type.id,
      depotId: await depotIdOf(app, 'LAV'),
    })
    const rows = goodRows()
    rows[3] = rows[3]?.replace('VMS-0103', 'vms-0101') ?? ''

    const response = await importCsv(app, headers, [HEADER, ...rows].join('\r\n'))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual([
      { row: 5, column: 'fleet_number', message: UNIT_CSV_MESSAGES.fleetNumberRepeated(3) },
      { row: 12, column: 'fleet_number', message: FLEET_MESSAGES.fleetNumberTaken },
    ])
    expect(await unitCount(app)).toBe(1)
  })

  it('checks the header, quotes and size of the file', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await addType(app, headers)
    const cases: [string, unknown][] = [
      ['', [{ row: 1, column: null, message: UNIT_CSV_MESSAGES.empty }]],
      [`${HEADER}\n`, [{ row: 1, column: null, message: UNIT_CSV_MESSAGES.empty }]],
      [
        HEADER.replace('status', 'state'),
        [
          { row: 1, column: null, message: UNIT_CSV_MESSAGES.headerMissing('status') },
          { row: 1, column: null, message: UNIT_CSV_MESSAGES.headerUnknown('state') },
        ],
      ],
      [
        `${HEADER}\nVMS-0100,"vms-board-full-matrix,LAV`,
        [{ row: 2, column: null, message: UNIT_CSV_MESSAGES.unclosedQuote }],
      ],
      [
        `${HEADER}\n${Array.from({ length: 5_001 }, (_, index) => `VMS-${10000 + index},vms-board-full-matrix,LAV,S,available,`).join('\n')}`,
        [{ row: 5_002, column: null, message: UNIT_CSV_MESSAGES.tooManyRows }],
      ],
    ]
    for (const [csv, errors] of cases) {
      const response = await importCsv(app, headers, csv)
      expect(response.statusCode, csv.slice(0, 80)).toBe(400)
      expect(response.json().errors, csv.slice(0, 80)).toEqual(errors)
    }
    expect(await unitCount(app)).toBe(0)
  })

  it('round-trips: an export imports unchanged into another database, would-be formulas included', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const depotId = await depotIdOf(app, 'MOL')
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0142',
      typeId: type.id,
      depotId,
      registrationOrSerial: '=HYPERLINK("http://evil.example")',
      status: 'out_of_service',
      nextServiceDue: '2027-03-01',
    })
    await addUnit(app, headers, {
      fleetNumber: 'VMS-0143',
      typeId: type.id,
      depotId,
      registrationOrSerial: 'ABC, "7"',
    })
    const exported = (await app.inject({ method: 'GET', url: '/api/admin/fleet/units.csv', headers })).body
    expect(exported).toContain('"\'=HYPERLINK(""http://evil.example"")"')

    const other = await buildTestApp({ dialect })
    const otherHeaders = await adminHeaders(other.app)
    await addType(other.app, otherHeaders)
    const response = await importCsv(other.app, otherHeaders, exported)
    expect(response.json()).toEqual({ imported: 2 })
    const again = (
      await other.app.inject({ method: 'GET', url: '/api/admin/fleet/units.csv', headers: otherHeaders })
    ).body
    expect(again).toBe(exported)
    const units = (
      await other.app.inject({ method: 'GET', url: '/api/admin/fleet/units', headers: otherHeaders })
    ).json()
    expect(units.items[0]).toMatchObject({
      fleetNumber: 'VMS-0142',
      depotCode: 'MOL',
      registrationOrSerial: '=HYPERLINK("http://evil.example")',
      status: 'out_of_service',
      nextServiceDue: '2027-03-01',
    })
  })
})
