import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { createDatabase } from '../../src/db/database.ts'

describe('the SQLite statement cache', () => {
  it('compiles a query once however often it runs, and still sees schema changes', async () => {
    const prepare = vi.spyOn(SQLite.prototype, 'prepare')
    const database = createDatabase({
      sqlitePath: join(mkdtempSync(join(tmpdir(), 'stmt-cache-')), 'app.db'),
    })
    try {
      await sql`create table t (a integer)`.execute(database.db)
      const count = () => sql<{ n: number }>`select count(*) as n from t`.execute(database.db)
      const before = prepare.mock.calls.length
      for (let i = 0; i < 5; i++) await count()
      expect(prepare.mock.calls.length - before).toBe(1)

      await sql`insert into t (a) values (1)`.execute(database.db)
      expect((await count()).rows[0]?.n).toBe(1)
      await sql`alter table t add column b text`.execute(database.db)
      expect((await count()).rows[0]?.n).toBe(1)
    } finally {
      prepare.mockRestore()
      await database.close()
    }
  })
})
