import { describe, expect, it } from 'vitest'
import { ConflictError } from '../../../src/lib/errors.ts'
import { createAudited, updateAudited } from '../../../src/modules/audit/audited-save.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

const saver = {
  actor: { id: '7', email: 'ada@example.com' },
  context: { requestId: 'req-1', ip: '203.0.113.9' },
  at: new Date('2026-11-27T01:00:00.000Z'),
}

describe.each(DIALECTS)('a save and its audit entry on %s', (dialect) => {
  it('are written together: the entry names the new id and what the record was made with', async () => {
    const { app } = await buildTestApp({ dialect })
    const id = await createAudited(
      app.db,
      saver,
      { action: 'depot.zones', targetType: 'depot', after: async (_trx, made) => ({ made }) },
      async (trx) => {
        await trx.insertInto('depot_postcodes').values({ depot_id: 1, postcode: '3999', zone: 'Z' }).execute()
        return 41
      },
    )
    expect(id).toBe(41)
    const entries = await app.db.selectFrom('audit_log').selectAll().execute()
    expect(entries).toMatchObject([
      {
        action: 'depot.zones',
        target_type: 'depot',
        target_id: '41',
        before: null,
        after: JSON.stringify({ made: 41 }),
        actor_email: 'ada@example.com',
        request_id: 'req-1',
        ip: '203.0.113.9',
        at: '2026-11-27T01:00:00.000Z',
      },
    ])
  })

  it('leave nothing behind when the version moved on: what the update wrote is undone, no entry, a 409', async () => {
    const { app } = await buildTestApp({ dialect })
    const stale = updateAudited(
      app.db,
      saver,
      {
        action: 'depot.zones',
        targetType: 'depot',
        targetId: 1,
        before: {},
        after: {},
        conflict: 'Reload it.',
      },
      async (trx) => {
        await trx.insertInto('depot_postcodes').values({ depot_id: 1, postcode: '3998', zone: 'Z' }).execute()
        return false
      },
    )
    await expect(stale).rejects.toEqual(new ConflictError('Reload it.'))
    expect(
      await app.db.selectFrom('depot_postcodes').selectAll().where('postcode', '=', '3998').execute(),
    ).toEqual([])
    expect(await app.db.selectFrom('audit_log').selectAll().execute()).toEqual([])

    await updateAudited(
      app.db,
      saver,
      {
        action: 'depot.zones',
        targetType: 'depot',
        targetId: 1,
        before: { zones: [] },
        after: async (trx) => ({
          count: (
            await trx.selectFrom('depot_postcodes').select('postcode').where('zone', '=', 'Z').execute()
          ).length,
        }),
        conflict: 'Reload it.',
      },
      async (trx) => {
        await trx.insertInto('depot_postcodes').values({ depot_id: 1, postcode: '3997', zone: 'Z' }).execute()
        return true
      },
    )
    const entry = await app.db
      .selectFrom('audit_log')
      .select(['target_id', 'before', 'after'])
      .executeTakeFirst()
    expect(entry).toEqual({
      target_id: '1',
      before: JSON.stringify({ zones: [] }),
      after: JSON.stringify({ count: 1 }),
    })
  })
})
