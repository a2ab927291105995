import { describe, expect, it } from 'vitest'
import { isUniqueViolation } from '../../src/db/errors.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'

/** The error a write throws, or a failure when it succeeds. */
async function refusal(write: Promise<unknown>): Promise<unknown> {
  try {
    await write
  } catch (error) {
    return error
  }
  throw new Error('the write was expected to fail')
}

const page = { name: 'twice', title: 'Twice', description: 'A page stored twice', content: '' }

describe.each(DIALECTS)('isUniqueViolation on %s', (dialect) => {
  it('recognises a value a unique index already holds', async () => {
    const { app } = await buildTestApp({ dialect })
    // The first administrator's row again, under a new id: its email is taken.
    const first = await app.db.selectFrom('users').selectAll().executeTakeFirstOrThrow()
    const { id: _id, first_name_key: _first, last_name_key: _last, ...copy } = first
    const error = await refusal(app.db.insertInto('users').values(copy).execute())
    expect(isUniqueViolation(error)).toBe(true)
  })

  it('recognises a primary key already taken, inside a transaction too', async () => {
    const { app } = await buildTestApp({ dialect })
    await app.db.insertInto('pages').values(page).execute()
    expect(isUniqueViolation(await refusal(app.db.insertInto('pages').values(page).execute()))).toBe(true)
    const inTransaction = app.db.transaction().execute((trx) =>
      trx
        .insertInto('pages')
        .values({ ...page, title: 'Again' })
        .execute(),
    )
    expect(isUniqueViolation(await refusal(inTransaction))).toBe(true)
  })

  it('does not take another refusal, or a message that merely says unique, for one', async () => {
    const { app } = await buildTestApp({ dialect })
    const missing = { ...page, title: null as unknown as string }
    const notNull = await refusal(app.db.insertInto('pages').values(missing).execute())
    expect(isUniqueViolation(notNull)).toBe(false)
    expect(isUniqueViolation(new Error('duplicate key value violates unique constraint'))).toBe(false)
    expect(isUniqueViolation(null)).toBe(false)
    expect(isUniqueViolation(undefined)).toBe(false)
    expect(isUniqueViolation('23505')).toBe(false)
  })
})
