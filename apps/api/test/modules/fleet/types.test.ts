import { type EquipmentType, type EquipmentTypeAdmin, FLEET_MESSAGES } from '@signalway/shared/fleet'
import { describe, expect, it } from 'vitest'
import { expectAdminOnly } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { addType, adminHeaders, VMS_TYPE } from './helpers.ts'

describe.each(DIALECTS)('equipment types on %s', (dialect) => {
  it('answers 401 to anonymous callers and 403 to members on every fleet admin call', async () => {
    const { app } = await buildTestApp({ dialect })
    const unit = {
      fleetNumber: 'VMS-0142',
      typeId: 1,
      depotId: 1,
      registrationOrSerial: 'X',
      status: 'available',
      nextServiceDue: null,
    }
    await expectAdminOnly(app, [
      { method: 'GET', url: '/api/admin/fleet/types' },
      { method: 'GET', url: '/api/admin/fleet/types/1' },
      { method: 'POST', url: '/api/admin/fleet/types', payload: VMS_TYPE },
      { method: 'PUT', url: '/api/admin/fleet/types/1', payload: { ...VMS_TYPE, version: 1 } },
      { method: 'GET', url: '/api/admin/fleet/units' },
      { method: 'GET', url: '/api/admin/fleet/units/1' },
      { method: 'POST', url: '/api/admin/fleet/units', payload: unit },
      { method: 'PUT', url: '/api/admin/fleet/units/1', payload: { ...unit, version: 1 } },
      {
        method: 'POST',
        url: '/api/admin/fleet/units/1/services',
        payload: { date: '2026-11-01', workDone: 'x' },
      },
      { method: 'GET', url: '/api/admin/fleet/depots' },
      {
        method: 'GET',
        url: '/api/admin/fleet/availability?typeId=1&depotId=1&from=2026-12-01&to=2026-12-02',
      },
      { method: 'GET', url: '/api/admin/fleet/calendar?depotId=1&month=2026-12' },
    ])
    expect(await app.db.selectFrom('equipment_types').selectAll().execute()).toEqual([])
  })

  it('stores the rates as integer cents and answers them in cents, to staff and the public', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const created = await addType(app, headers)
    expect(created).toMatchObject({
      dayRateCents: 25_000,
      weekRateCents: 120_000,
      minimumDays: 1,
      version: 1,
    })

    const row = await app.db
      .selectFrom('equipment_types')
      .select(['day_rate_cents', 'week_rate_cents'])
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ day_rate_cents: 25_000, week_rate_cents: 120_000 })

    const list = (await app.inject({ method: 'GET', url: '/api/admin/fleet/types', headers })).json()
    expect(list).toEqual([
      expect.objectContaining({ slug: VMS_TYPE.slug, dayRateCents: 25_000, unitCount: 0 }),
    ])

    const shown = await app.inject({ method: 'GET', url: `/api/equipment-types/${VMS_TYPE.slug}` })
    expect(shown.statusCode).toBe(200)
    expect(shown.json<EquipmentType>()).toMatchObject({
      id: expect.any(Number),
      name: VMS_TYPE.name,
      priceOnApplication: false,
      dayRateCents: 25_000,
      weekRateCents: 120_000,
      specifications: VMS_TYPE.specifications,
    })
    const byService = await app.inject({ method: 'GET', url: '/api/equipment-types?service=vms-boards' })
    expect(byService.json<EquipmentType[]>().map((type) => type.slug)).toEqual([VMS_TYPE.slug])
    const other = await app.inject({ method: 'GET', url: '/api/equipment-types?service=arrow-boards' })
    expect(other.json()).toEqual([])
  })

  it('refuses a rate that is not a whole number of cents, with a message that says so', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    for (const dayRateCents of [250.5, '25000', -1, 1e12]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/fleet/types',
        headers,
        payload: { ...VMS_TYPE, dayRateCents },
      })
      expect(response.statusCode, String(dayRateCents)).toBe(400)
      expect(response.json().ModelState.dayRateCents[0]).toMatch(/cents/)
    }
    const fraction = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/types',
      headers,
      payload: { ...VMS_TYPE, weekRateCents: 1200.25 },
    })
    expect(fraction.json().ModelState).toEqual({ weekRateCents: [FLEET_MESSAGES.centsWhole] })
    // The rate engine's rule: a week never costs more than seven days at the day rate.
    const dearWeek = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/types',
      headers,
      payload: { ...VMS_TYPE, dayRateCents: 25_000, weekRateCents: 175_001 },
    })
    expect(dearWeek.statusCode).toBe(400)
    expect(dearWeek.json().ModelState).toEqual({
      weekRateCents: ['The week rate cannot be more than 7 days at the day rate ($1,750.00).'],
    })
    expect(await app.db.selectFrom('equipment_types').selectAll().execute()).toEqual([])
  })

  it('never sends the rates of a type whose prices are not public', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    await addType(app, headers, {
      slug: 'tma-8t',
      serviceSlug: 'truck-mounted-attenuators',
      name: 'Truck mounted attenuator, 8 t',
      dayRateCents: 185_000,
      weekRateCents: 777_700,
      pricePublic: false,
    })
    for (const url of ['/api/equipment-types', '/api/equipment-types/tma-8t']) {
      const response = await app.inject({ method: 'GET', url })
      expect(response.body).not.toContain('185000')
      expect(response.body).not.toContain('777700')
    }
    const shown = (
      await app.inject({ method: 'GET', url: '/api/equipment-types/tma-8t' })
    ).json<EquipmentType>()
    expect(shown).toMatchObject({ priceOnApplication: true, dayRateCents: null, weekRateCents: null })
    // Staff still see them.
    const list = (await app.inject({ method: 'GET', url: '/api/admin/fleet/types', headers })).json()
    expect(list[0]).toMatchObject({ pricePublic: false, dayRateCents: 185_000 })
    expect((await app.inject({ method: 'GET', url: '/api/equipment-types/nothing-here' })).statusCode).toBe(
      404,
    )
  })

  it('keeps slugs unique, refuses a save from an older version (409) and audits every change', async () => {
    const { app } = await buildTestApp({ dialect })
    const headers = await adminHeaders(app)
    const type = await addType(app, headers)
    const again = await app.inject({
      method: 'POST',
      url: '/api/admin/fleet/types',
      headers,
      payload: VMS_TYPE,
    })
    expect(again.statusCode).toBe(400)
    expect(again.json().ModelState).toEqual({ slug: [FLEET_MESSAGES.slugTaken] })

    const url = `/api/admin/fleet/types/${type.id}`
    const saved = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...VMS_TYPE, dayRateCents: 27_500, version: 1 },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json<EquipmentTypeAdmin>()).toMatchObject({ dayRateCents: 27_500, version: 2 })

    const stale = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...VMS_TYPE, dayRateCents: 30_000, version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(FLEET_MESSAGES.typeConflict)
    expect((await app.inject({ method: 'GET', url, headers })).json()).toMatchObject({ dayRateCents: 27_500 })

    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'target_type', 'target_id', 'before', 'after'])
      .where('target_type', '=', 'equipment-type')
      .orderBy('id')
      .execute()
    expect(audit.map((entry) => entry.action)).toEqual(['equipment-type.create', 'equipment-type.update'])
    expect(audit[1]?.target_id).toBe(String(type.id))
    expect(JSON.parse(audit[1]?.before ?? '{}')).toMatchObject({ dayRateCents: 25_000 })
    expect(JSON.parse(audit[1]?.after ?? '{}')).toMatchObject({ dayRateCents: 27_500 })
  })
})
