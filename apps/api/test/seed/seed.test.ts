import { MEMBER_TYPE, SERVICES } from '@signalway/shared/constants'
import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'
import { verifyPassword } from '../../src/lib/password.ts'
import { DEMO_NEWS, DEMO_PAGES } from '../../src/seed/demo-content.ts'
import { createUser } from '../../src/seed/factories.ts'
import { buildTestApp, DIALECTS, useTestDatabase } from '../helpers/build.ts'
import { useProductionHashingCost } from '../helpers/hashing.ts'
import { sealEnv } from '../helpers/seal.ts'

const NO_ADMIN_PASSWORD = { ADMIN_PASSWORD: '' }

describe.each(DIALECTS)('first-run seed on %s', (dialect) => {
  it('creates one administrator with a generated password, printed once', async () => {
    useProductionHashingCost()
    const database = await useTestDatabase(dialect)
    const print = vi.fn()
    const first = await buildTestApp({ database, env: NO_ADMIN_PASSWORD, build: { print } })
    expect(print).toHaveBeenCalledTimes(1)
    const line = String(print.mock.calls[0]?.[0])
    const match =
      /^Administrator created: admin@signalway\.example \/ (\S+) \(shown once; change it after signing in\)$/.exec(
        line,
      )
    expect(match).not.toBeNull()

    const admins = await first.app.db
      .selectFrom('users')
      .selectAll()
      .where('member_type', '=', MEMBER_TYPE.Admin)
      .execute()
    expect(admins).toHaveLength(1)
    expect(admins[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(admins[0]?.password_hash ?? '', match?.[1] ?? '')).toBe(true)

    // A restart finds the administrator and prints nothing.
    await first.app.close()
    await buildTestApp({ database, env: NO_ADMIN_PASSWORD, build: { print } })
    expect(print).toHaveBeenCalledTimes(1)
  })

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and prints nothing', async () => {
    const print = vi.fn()
    const { app } = await buildTestApp({
      dialect,
      env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'Correct-horse-9' },
      build: { print },
    })
    expect(print).not.toHaveBeenCalled()
    const admin = await app.db
      .selectFrom('users')
      .selectAll()
      .where('email_normalized', '=', 'boss@example.com')
      .executeTakeFirstOrThrow()
    expect(admin).toMatchObject({
      email: 'Boss@Example.com',
      member_type: 3,
      is_active: 1,
      archived_at: null,
    })
    expect(await verifyPassword(admin.password_hash, 'Correct-horse-9')).toBe(true)
  })

  it('creates no administrator when one exists', async () => {
    const database = await useTestDatabase(dialect)
    const first = await buildTestApp({ database })
    await createUser(first.app.db, { email: 'second.admin@example.com', memberType: MEMBER_TYPE.Admin })
    await first.app.db.deleteFrom('users').where('email', '=', 'admin@signalway.example').execute()
    await first.app.close()

    const print = vi.fn()
    const { app } = await buildTestApp({ database, env: NO_ADMIN_PASSWORD, build: { print } })
    expect(print).not.toHaveBeenCalled()
    const admins = await app.db.selectFrom('users').select('email').where('member_type', '=', 3).execute()
    expect(admins).toEqual([{ email: 'second.admin@example.com' }])
  })

  it('seeds the demo pages and news once', async () => {
    const database = await useTestDatabase(dialect)
    const first = await buildTestApp({ database })
    await first.app.db
      .deleteFrom('news')
      .where('slug', '=', DEMO_NEWS[0]?.slug ?? '')
      .execute()
    await first.app.close()

    // Content that an editor removed stays removed.
    const { app } = await buildTestApp({ database })
    const pages = await app.db.selectFrom('pages').select('name').execute()
    expect(pages.map((page) => page.name).sort()).toEqual(DEMO_PAGES.map((page) => page.name).sort())
    const news = await app.db.selectFrom('news').select('slug').execute()
    expect(news).toHaveLength(DEMO_NEWS.length - 1)
  })

  it('seeds no demo content in production unless SEED_DEMO=1', async () => {
    const production = { NODE_ENV: 'production', ...sealEnv() }
    const { app } = await buildTestApp({ dialect, env: production })
    expect(await app.db.selectFrom('pages').selectAll().execute()).toEqual([])
    expect(await app.db.selectFrom('news').selectAll().execute()).toEqual([])

    const seeded = await buildTestApp({ dialect, env: { ...production, SEED_DEMO: '1' } })
    expect(await seeded.app.db.selectFrom('pages').selectAll().execute()).toHaveLength(DEMO_PAGES.length)
  })

  it('seeds the demo fleet once, only when DEMO=1: every service has types, every depot holds units', async () => {
    const plain = await buildTestApp({ dialect })
    expect(await plain.app.db.selectFrom('equipment_types').selectAll().execute()).toEqual([])
    expect(await plain.app.db.selectFrom('units').selectAll().execute()).toEqual([])

    const database = await useTestDatabase(dialect)
    const first = await buildTestApp({ database, env: { DEMO: '1' } })
    const db = first.app.db
    const types = await db.selectFrom('equipment_types').selectAll().execute()
    expect(new Set(types.map((type) => type.service_slug))).toEqual(
      new Set(SERVICES.map((service) => service.slug)),
    )
    expect(types.find((type) => type.slug === 'vms-board-full-matrix')).toMatchObject({
      day_rate_cents: 25_000,
      week_rate_cents: 120_000,
      minimum_days: 1,
      price_public: 1,
    })
    for (const type of types) {
      expect(Number.isInteger(type.day_rate_cents) && Number.isInteger(type.week_rate_cents)).toBe(true)
    }
    // Every type has a drawing of its kind of equipment, stored by the image pipeline, and says what it shows.
    const pictured = await first.app.inject({
      method: 'GET',
      url: '/api/equipment-types/vms-board-full-matrix',
    })
    const { image, imageAlt } = pictured.json<{ image: string; imageAlt: string }>()
    expect(imageAlt).toMatch(/^Drawing of a trailer-mounted VMS board/)
    const served = await first.app.inject({ method: 'GET', url: image })
    expect(served.statusCode).toBe(200)
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 450,
    })
    for (const type of types) expect(type.image_media_id).toMatch(/^[0-9a-f]{32}$/)
    expect(new Set(types.map((type) => type.image_media_id)).size).toBe(SERVICES.length)
    const units = await db
      .selectFrom('units')
      .innerJoin('depots', 'depots.id', 'units.depot_id')
      .select(['units.fleet_number', 'depots.code', 'depots.state'])
      .execute()
    expect(units.length).toBeGreaterThanOrEqual(55)
    expect(new Set(units.map((unit) => unit.code))).toEqual(new Set(['LAV', 'CDN', 'MOL']))
    for (const unit of units) expect(unit.fleet_number).toMatch(/^[A-Z]{3}-\d{4}$/)
    expect(units.map((unit) => unit.fleet_number)).toContain('VMS-0142')
    const postcodes = await db
      .selectFrom('depot_postcodes')
      .innerJoin('depots', 'depots.id', 'depot_postcodes.depot_id')
      .select(['depot_postcodes.postcode', 'depots.state'])
      .execute()
    expect(postcodes.filter((row) => row.state === 'QLD').every((row) => row.postcode.startsWith('4'))).toBe(
      true,
    )
    expect(postcodes.filter((row) => row.state === 'VIC').every((row) => row.postcode.startsWith('3'))).toBe(
      true,
    )
    expect(await db.selectFrom('delivery_zone_fees').selectAll().execute()).toHaveLength(9)
    await first.app.close()

    // A restart adds nothing.
    const again = await buildTestApp({ database, env: { DEMO: '1' } })
    expect(await again.app.db.selectFrom('units').selectAll().execute()).toHaveLength(units.length)
    expect(await again.app.db.selectFrom('equipment_types').selectAll().execute()).toHaveLength(types.length)
  })
})
