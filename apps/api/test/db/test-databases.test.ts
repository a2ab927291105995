import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createDatabase } from '../../src/db/database.ts'
import { createUser } from '../../src/seed/factories.ts'
import { buildTestApp, createTestDatabase, DIALECTS, postgresTemplate } from '../helpers/build.ts'
import { schemaState, schemaStatus } from '../helpers/postgres-schemas.ts'

/*
 * The tests' own databases: each test's is as the migrations make it, whatever the test before it did with its
 * own. A PostgreSQL schema is put back as the template is and reused (test/helpers/postgres-schemas.ts).
 */
const baseUrl = process.env.TEST_DATABASE_URL ?? ''

/** The test schema a database's URL selects. */
const schemaOf = (url: string | undefined) => new URL(url ?? '').searchParams.get('application_name') ?? ''

describe.runIf(DIALECTS.includes('postgres'))('the PostgreSQL test schemas', () => {
  it('are put back as the template is: rows, the migrations’ own rows and sequences, then reused', async () => {
    const template = await postgresTemplate()
    const database = await createTestDatabase('postgres', { migrated: true })
    const schema = schemaOf(database.env.DATABASE_URL)
    const { app } = await buildTestApp({ database })
    await createUser(app.db)
    await app.db.updateTable('site_state').set({ value: 42 }).where('key', '=', 'content_version').execute()
    await app.db.deleteFrom('faqs').execute()
    await app.close()
    const used = await schemaState(baseUrl, schema, template)
    expect(
      [...used].filter(([item, state]) => template.state.get(item) !== state).map(([item]) => item),
    ).toEqual(
      expect.arrayContaining([
        'table users',
        'table pages',
        'table site_state',
        'table faqs',
        'sequence users_id_seq',
      ]),
    )

    await database.drop()
    expect(await schemaStatus(baseUrl, schema)).toEqual({ pooled: true, exists: true })
    expect(await schemaState(baseUrl, schema, template)).toEqual(template.state)
    // Its next news item is the first again, as on a new copy.
    expect(template.state.get('sequence news_id_seq')).toBe('1 false')
  })

  it('are dropped, not reused, when a test changed their definition', async () => {
    const database = await createTestDatabase('postgres', { migrated: true })
    const schema = schemaOf(database.env.DATABASE_URL)
    const connection = createDatabase({ databaseUrl: database.env.DATABASE_URL, sqlitePath: '' })
    await sql`alter table news alter column title set default 'x'`.execute(connection.db)
    await connection.close()
    await database.drop()
    expect(await schemaStatus(baseUrl, schema)).toEqual({ pooled: false, exists: false })
  })

  it('are dropped, not reused, while a connection of the test is still open', async () => {
    const database = await createTestDatabase('postgres', { migrated: true })
    const schema = schemaOf(database.env.DATABASE_URL)
    const connection = createDatabase({ databaseUrl: database.env.DATABASE_URL, sqlitePath: '' })
    try {
      await sql`select 1`.execute(connection.db)
      await database.drop()
      expect(await schemaStatus(baseUrl, schema)).toEqual({ pooled: false, exists: false })
    } finally {
      await connection.close()
    }
  })
})
