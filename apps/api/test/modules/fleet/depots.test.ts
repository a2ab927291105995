import { DEPOT_MESSAGES, type Depot, FLEET_MESSAGES } from '@signalway/shared/fleet'
import { describe, expect, it } from 'vitest'
import { isUniqueViolation } from '../../../src/db/errors.ts'
import { expectAdminOnly } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { adminHeaders, depotIdOf } from './helpers.ts'

const ZONES = [
  { zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 11_000, postcodes: ['3028', '3029', '3030'] },
  { zone: 'B', deliveryFeeCents: 15_050, collectionFeeCents: 14_000, postcodes: ['3000', '3003'] },
]

describe.each(DIALECTS)("a depot's delivery zones on %s", (dialect) => {
  it('are changed by administrators only', async () => {
    const { app } = await buildTestApp({ dialect })
    await expectAdminOnly(app, [
      { method: 'GET', url: '/api/admin/fleet/depots/1' },
      { method: 'PUT', url: '/api/admin/fleet/depots/1/zones', payload: { version: 1, zones: ZONES } },
    ])
    expect(await app.db.selectFrom('delivery_zone_fees').selectAll().execute()).toEqual([])
  })

  it('are replaced as a whole, fees in cents, from the version seen, and audited with what they were', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const id = await depotIdOf(app, 'LAV')
    const url = `/api/admin/fleet/depots/${id}/zones`
    const first = await app.inject({ method: 'PUT', url, headers, payload: { version: 1, zones: ZONES } })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json<Depot>()).toMatchObject({
      code: 'LAV',
      version: 2,
      zones: [
        { zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 11_000 },
        { zone: 'B', deliveryFeeCents: 15_050, collectionFeeCents: 14_000 },
      ],
    })
    expect(first.json<Depot>().postcodes).toHaveLength(5)

    // Zone B goes, A loses a postcode (listed twice, kept once) and C comes.
    const second = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: {
        version: 2,
        zones: [
          {
            zone: 'A',
            deliveryFeeCents: 12_000,
            collectionFeeCents: 12_000,
            postcodes: ['3028', '3029', '3029'],
          },
          { zone: 'C', deliveryFeeCents: 22_000, collectionFeeCents: 22_000, postcodes: ['3337'] },
        ],
      },
    })
    expect(second.statusCode, second.body).toBe(200)
    const rows = await app.db
      .selectFrom('depot_postcodes')
      .select(['postcode', 'zone'])
      .where('depot_id', '=', id)
      .orderBy('postcode')
      .execute()
    expect(rows).toEqual([
      { postcode: '3028', zone: 'A' },
      { postcode: '3029', zone: 'A' },
      { postcode: '3337', zone: 'C' },
    ])
    const fees = await app.db
      .selectFrom('delivery_zone_fees')
      .select(['zone', 'delivery_fee_cents'])
      .execute()
    expect(fees).toEqual([
      { zone: 'A', delivery_fee_cents: 12_000 },
      { zone: 'C', delivery_fee_cents: 22_000 },
    ])

    const stale = await app.inject({ method: 'PUT', url, headers, payload: { version: 2, zones: [] } })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(DEPOT_MESSAGES.depotConflict)
    expect(await app.db.selectFrom('delivery_zone_fees').selectAll().execute()).toHaveLength(2)

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'before', 'after'])
      .where('target_type', '=', 'depot')
      .orderBy('id')
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual(['depot.zones', 'depot.zones'])
    expect(audit[1]?.target_id).toBe(String(id))
    expect(JSON.parse(audit[1]?.before ?? '{}').zones).toEqual([
      { ...ZONES[0], zone: 'A' },
      { ...ZONES[1], zone: 'B', postcodes: ['3000', '3003'] },
    ])
    expect(JSON.parse(audit[1]?.after ?? '{}').zones[0].postcodes).toEqual(['3028', '3029'])
  })

  it('refuse a postcode another depot serves, naming it, and change nothing', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const lav = await depotIdOf(app, 'LAV')
    const cdn = await depotIdOf(app, 'CDN')
    await app.inject({
      method: 'PUT',
      url: `/api/admin/fleet/depots/${lav}/zones`,
      headers,
      payload: { version: 1, zones: ZONES },
    })
    const clash = await app.inject({
      method: 'PUT',
      url: `/api/admin/fleet/depots/${cdn}/zones`,
      headers,
      payload: {
        version: 1,
        zones: [
          { zone: 'A', deliveryFeeCents: 11_000, collectionFeeCents: 11_000, postcodes: ['3201'] },
          { zone: 'B', deliveryFeeCents: 15_000, collectionFeeCents: 15_000, postcodes: ['3175', '3003'] },
        ],
      },
    })
    expect(clash.statusCode).toBe(400)
    expect(clash.json().ModelState).toEqual({
      'zones.1.postcodes': [DEPOT_MESSAGES.postcodeServedElsewhere('3003', 'Laverton')],
    })
    const cdnRows = await app.db
      .selectFrom('depot_postcodes')
      .selectAll()
      .where('depot_id', '=', cdn)
      .execute()
    expect(cdnRows).toEqual([])
    const depot = (await app.inject({ method: 'GET', url: `/api/admin/fleet/depots/${cdn}`, headers })).json()
    expect(depot.version).toBe(1)

    // The database holds the rule too, whatever writes to it.
    const twice = app.db
      .insertInto('depot_postcodes')
      .values({ depot_id: cdn, postcode: '3028', zone: 'A' })
      .execute()
    await expect(twice).rejects.toSatisfy(isUniqueViolation)
  })

  it('check names, postcodes and cents, in words a person can act on', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const url = `/api/admin/fleet/depots/${await depotIdOf(app, 'MOL')}/zones`
    const put = (zones: unknown) =>
      app.inject({ method: 'PUT', url, headers, payload: { version: 1, zones } })

    const badPostcode = await put([{ ...ZONES[0], postcodes: ['4214', '42l7'] }])
    expect(badPostcode.statusCode).toBe(400)
    expect(badPostcode.json().ModelState).toEqual({
      'zones.0.postcodes.1': [DEPOT_MESSAGES.postcodeInvalid('42l7')],
    })

    const sameName = await put([ZONES[0], { ...ZONES[1], zone: 'a' }])
    expect(sameName.json().ModelState).toEqual({ 'zones.1.zone': [DEPOT_MESSAGES.zoneNameTwice('a')] })

    const inTwoZones = await put([ZONES[0], { ...ZONES[1], postcodes: ['3000', '3029'] }])
    expect(inTwoZones.json().ModelState).toEqual({
      'zones.0.postcodes': [DEPOT_MESSAGES.postcodeTwice('3029', ['A', 'B'])],
      'zones.1.postcodes': [DEPOT_MESSAGES.postcodeTwice('3029', ['A', 'B'])],
    })

    const fraction = await put([{ ...ZONES[0], deliveryFeeCents: 110.5 }])
    expect(fraction.json().ModelState).toEqual({ 'zones.0.deliveryFeeCents': [FLEET_MESSAGES.centsWhole] })

    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/admin/fleet/depots/999/zones',
      headers,
      payload: { version: 1, zones: [] },
    })
    expect(unknown.statusCode).toBe(404)
    expect(await app.db.selectFrom('delivery_zone_fees').selectAll().execute()).toEqual([])
  })
})
