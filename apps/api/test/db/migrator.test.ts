import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/config.ts'
import { createDatabase } from '../../src/db/database.ts'
import { currentSchema, droppedByAnother, migrateToLatest, migrations } from '../../src/db/migrator.ts'
import { DIALECTS, testEnv, useTestDatabase } from '../helpers/build.ts'

describe.each(DIALECTS)('migrations on %s', (dialect) => {
  it('apply once, and change nothing when run again', async () => {
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      const first = await migrateToLatest(database.db)
      expect(first.map((result) => result.migrationName)).toEqual(Object.keys(migrations))
      expect(first.every((result) => result.status === 'Success')).toBe(true)
      expect(await migrateToLatest(database.db)).toEqual([])

      const tables = (await database.db.introspection.getTables()).map((table) => table.name)
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'pages', 'news', 'files', 'outbox', 'rate_limits']),
      )
    } finally {
      await database.close()
    }
  })

  it('make email addresses unique regardless of case', async () => {
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      await migrateToLatest(database.db)
      const { insertUser } = await import('../../src/modules/users/repository.ts')
      const user = {
        first_name: 'Ana',
        last_name: 'Lee',
        mobile: '0412345678',
        password_hash: 'x',
        member_type: 1,
        registration_date: '2026-01-01T00:00:00.000Z',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      }
      expect(await insertUser(database.db, { ...user, email: 'Ana.Lee@Example.com' })).toBeTypeOf('number')
      expect(await insertUser(database.db, { ...user, email: 'ana.lee@example.com' })).toBeUndefined()
    } finally {
      await database.close()
    }
  })

  it('store files as bytes', async () => {
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      await migrateToLatest(database.db)
      const { insertFile, findFilesByIds } = await import('../../src/modules/files/repository.ts')
      const data = Buffer.from([0, 1, 2, 255, 254])
      const id = await insertFile(
        database.db,
        { name: 'deed.pdf', contentType: 'application/pdf', data },
        new Date(),
      )
      const [file] = await findFilesByIds(database.db, [id])
      expect(Buffer.from(file?.data ?? []).equals(data)).toBe(true)
      expect(file).toMatchObject({
        name: 'deed.pdf',
        size: 5,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      })
    } finally {
      await database.close()
    }
  })
})

describe.each(DIALECTS)('0006-user-search on %s', (dialect) => {
  it('fills the search words of the users already there exactly as the users module writes them', async () => {
    const { Migrator } = await import('kysely/migration')
    const { userSearchTerms } = await import('../../src/modules/users/search-terms.ts')
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      // Its own schema's bookkeeping tables, as the product's migrator does (src/db/migrator.ts): Kysely would
      // otherwise take another test's schema's tables for this one's, and fail when that schema is dropped.
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
        ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(database.db) } : {}),
      })
      const before = await migrator.migrateTo('0005-audit-log')
      expect(before.error).toBeUndefined()
      const people = [
        {
          first_name: 'Zoë',
          last_name: "O'Brien-Smith",
          email: 'zoe.obrien@example.com',
          mobile: '0412345678',
        },
        { first_name: 'Ana', last_name: 'Ana', email: 'ana2@Example.com.au', mobile: '0398765432' },
        { first_name: '李', last_name: 'Nguyễn', email: 'li@example.com', mobile: '0400 000 001' },
      ]
      for (const [index, person] of people.entries()) {
        await database.db
          .insertInto('users')
          .values({
            ...person,
            email_normalized: person.email.toLowerCase(),
            password_hash: 'x',
            member_type: 1,
            registration_date: `2026-01-0${index + 1}T00:00:00.000Z`,
            created_at: '2026-01-01T00:00:00.000Z',
            updated_at: '2026-01-01T00:00:00.000Z',
          })
          .execute()
      }
      await migrateToLatest(database.db)
      const rows = await database.db
        .selectFrom('user_search_terms')
        .innerJoin('users', 'users.id', 'user_search_terms.user_id')
        .select(['users.email', 'user_search_terms.word', 'user_search_terms.shared_prefix'])
        .execute()
      for (const person of people) {
        const stored = rows
          .filter((row) => row.email === person.email)
          .map((row) => ({ word: row.word, sharedPrefix: row.shared_prefix }))
          .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
        const expected = userSearchTerms(person).sort((a, b) =>
          a.word < b.word ? -1 : a.word > b.word ? 1 : 0,
        )
        expect(stored, person.email).toEqual(expected)
      }
    } finally {
      await database.close()
    }
  })
})

describe.each(DIALECTS)('0023-credit-application-completer on %s', (dialect) => {
  it('gives the applications signed remotely before it the address that sent them for signing', async () => {
    const { Migrator } = await import('kysely/migration')
    const { insertFile } = await import('../../src/modules/files/repository.ts')
    const testDatabase = await useTestDatabase(dialect)
    const database = createDatabase(loadConfig(testEnv(testDatabase)))
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
        ...(dialect === 'postgres' ? { migrationTableSchema: await currentSchema(database.db) } : {}),
      })
      const before = await migrator.migrateTo('0022-long-recovery-codes')
      expect(before.error).toBeUndefined()
      const at = '2026-11-20T00:00:00.000Z'
      const pdf = await insertFile(
        database.db,
        { name: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7') },
        new Date(at),
      )
      const applicationIds: number[] = []
      for (const reference of ['CA-2026-REMOTE01', 'CA-2026-DEVICE01']) {
        const inserted = await database.db
          .insertInto('credit_applications')
          .values({
            reference,
            business_name: 'Ellis Civil',
            abn: '51 824 753 556',
            abn_digits: '51824753556',
            customer_type: 2,
            applicant_name: 'Morgan Ellis',
            email: 'accounts@elliscivil.example',
            payload: '{}',
            payload_sha256: 'ab'.repeat(32),
            submitted_at: at,
            ip: '203.0.113.1',
            user_agent: 'Vitest',
            pdf_file_id: pdf,
            trust_deed_file_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        applicationIds.push(inserted.id)
      }
      await database.db
        .insertInto('credit_signings')
        .values({
          status_token_hash: 'cd'.repeat(32),
          completer_email: 'sender@elliscivil.example',
          business_name: 'Ellis Civil',
          customer_type: 2,
          applicant_name: 'Morgan Ellis',
          payload: '{}',
          ip: '203.0.113.1',
          user_agent: 'Vitest',
          created_at: at,
          updated_at: at,
          expires_at: '2026-12-20T00:00:00.000Z',
          application_id: applicationIds[0] ?? null,
          reference: 'CA-2026-REMOTE01',
          submitted_at: at,
        })
        .execute()

      await migrateToLatest(database.db)
      const rows = await database.db
        .selectFrom('credit_applications')
        .select(['reference', 'completer_email'])
        .orderBy('reference')
        .execute()
      expect(rows).toEqual([
        { reference: 'CA-2026-DEVICE01', completer_email: null },
        { reference: 'CA-2026-REMOTE01', completer_email: 'sender@elliscivil.example' },
      ])
    } finally {
      await database.close()
    }
  })
})

describe('a catalogue read that meets another client dropping its schema', () => {
  it("is read again for a vanished schema or another schema's vanished table, never for a table of its own", () => {
    const undefinedTable = (relation: string) =>
      Object.assign(new Error(`relation "${relation}" does not exist`), { code: '42P01' })
    expect(
      droppedByAnother(Object.assign(new Error('schema does not exist'), { code: '3F000' }), 'test_a'),
    ).toBe(true)
    expect(droppedByAnother(undefinedTable('test_b.users'), 'test_a')).toBe(true)
    expect(droppedByAnother(undefinedTable('test_a.users'), 'test_a')).toBe(false)
    expect(droppedByAnother(undefinedTable('users'), 'test_a')).toBe(false)
    expect(droppedByAnother(undefinedTable('test_b.users'), undefined)).toBe(false)
    expect(droppedByAnother(Object.assign(new Error('syntax error'), { code: '42601' }), 'test_a')).toBe(
      false,
    )
    expect(droppedByAnother(undefined, 'test_a')).toBe(false)
  })
})
