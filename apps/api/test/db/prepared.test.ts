import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { prepared } from '../../src/db/prepared.ts'
import { findSessionUser, sessionUserQuery } from '../../src/modules/auth/repository.ts'
import { createUser, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'

describe.each(DIALECTS)('prepared queries on %s', (dialect) => {
  it('compile once per handle, fill in the arguments of each call and keep the query’s own values', async () => {
    const { app } = await buildTestApp({ dialect })
    const build = vi.fn((db: typeof app.db, email: string, active: number) =>
      db
        .selectFrom('users')
        .select(['email', 'is_active'])
        .where('email_normalized', '=', email)
        .where('is_active', '=', active)
        .where('member_type', '=', 3),
    )
    const find = prepared(build)

    const admin = await app.db.selectFrom('users').select('email_normalized').executeTakeFirstOrThrow()
    expect(await find(app.db, admin.email_normalized, 1)).toEqual([
      { email: expect.any(String), is_active: 1 },
    ])
    expect(await find(app.db, admin.email_normalized, 0)).toEqual([])
    expect(await find(app.db, 'nobody@example.com', 1)).toEqual([])
    expect(build).toHaveBeenCalledTimes(1)

    // A transaction is another handle: it compiles its own, once.
    await app.db.transaction().execute(async (trx) => {
      expect(await find(trx, admin.email_normalized, 1)).toHaveLength(1)
      expect(await find(trx, admin.email_normalized, 1)).toHaveLength(1)
    })
    expect(build).toHaveBeenCalledTimes(2)
  })

  it('refuse a build that does not pass an argument into the query as a value', async () => {
    const { app } = await buildTestApp({ dialect })
    const lowered = prepared((db: typeof app.db, email: string) =>
      db.selectFrom('users').select('id').where('email_normalized', '=', `${email}`.toLowerCase()),
    )
    await expect(lowered(app.db, 'a@example.com')).rejects.toThrow(/argument 0 does not reach the query/)
  })

  it('find the user of a live session only (the auth guard’s reads)', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const token = await tokenFor(app, user)
    const { sid: sessionId } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sid: string
    }
    const userId = user.id
    const now = new Date()
    expect((await findSessionUser(app.db, userId, sessionId, now))?.id).toBe(userId)
    // Someone else's session, an unknown one, an expired one, a revoked one.
    expect(await findSessionUser(app.db, userId + 1, sessionId, now)).toBeUndefined()
    expect(await findSessionUser(app.db, userId, 'no-such-session', now)).toBeUndefined()
    const family = await app.db
      .selectFrom('refresh_token_families')
      .select('expires_at')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow()
    expect(await findSessionUser(app.db, userId, sessionId, new Date(family.expires_at))).toBeUndefined()
    await app.db
      .updateTable('refresh_token_families')
      .set({ revoked_at: now.toISOString() })
      .where('id', '=', sessionId)
      .execute()
    expect(await findSessionUser(app.db, userId, sessionId, now)).toBeUndefined()
  })
})

describe('SQLite planner statistics', () => {
  /** Analysed while (nearly) empty, as after migration 0006, then 2,000 users more. */
  async function staleStatistics(app: Awaited<ReturnType<typeof buildTestApp>>['app']) {
    await sql`analyze`.execute(app.db)
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000)
      insert into users (first_name, last_name, email, email_normalized, mobile, password_hash,
        member_type, registration_date, is_active, created_at, updated_at)
      select 'Bulk', 'User', 'bulk' || i || '@example.com', 'bulk' || i || '@example.com', '0412345678',
        'x', 1, '2026-01-01T00:00:00.000Z', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z'
      from n`.execute(app.db)
  }

  it('the auth guard reads the user and its session by their keys, even with stale statistics', async () => {
    const { app } = await buildTestApp({ dialect: 'sqlite' })
    await staleStatistics(app)
    const query = sessionUserQuery(app.db, 'family', '2026-11-26T00:00:00.000Z', 1).compile()
    const explained = await app.db.executeQuery<{ detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
    })
    const details = explained.rows.map((row) => row.detail)
    expect(details).toContain('SEARCH users USING INTEGER PRIMARY KEY (rowid=?)')
    expect(details.join(' | ')).toMatch(
      /SEARCH refresh_token_families USING (?:INDEX sqlite_autoindex_refresh_token_families_1|PRIMARY KEY) \(id=\?\)/,
    )
    expect(details.join(' | ')).not.toMatch(/\bSCAN\b/)
  })

  it('optimize() replaces the statistics of a table analysed while empty, so a session read is a key lookup', async () => {
    const { app } = await buildTestApp({ dialect: 'sqlite' })
    await staleStatistics(app)
    const rowsOf = async () =>
      (
        await sql<{
          stat: string
        }>`select stat from sqlite_stat1 where idx = 'users_email_normalized_key'`.execute(app.db)
      ).rows[0]?.stat
    expect(Number((await rowsOf())?.split(' ')[0] ?? 0)).toBeLessThan(10)

    await app.database.optimize()
    expect(Number((await rowsOf())?.split(' ')[0])).toBeGreaterThan(2000)

    const plan = await sql<{ detail: string }>`explain query plan
      select users.id from users inner join refresh_token_families f on f.user_id = users.id
      where users.id = ${1} and f.id = ${'x'} and users.is_active = ${1}`.execute(app.db)
    expect(plan.rows.map((row) => row.detail).join(' | ')).not.toMatch(/\bSCAN users\b|users_list_active_idx/)
  })
})
