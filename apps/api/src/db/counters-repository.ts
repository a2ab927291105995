import { sql } from 'kysely'
import type { Executor } from './database.ts'

/**
 * The next number of a named counter (a row of `customer_account_counters`): one statement that creates the row at
 * `first` or advances it by one, and returns it. Called in the transaction that uses the number: PostgreSQL's row
 * lock on the counter orders concurrent writers from any instance until the first commits, SQLite has one writer,
 * and a rolled back transaction gives its number back, so there are no gaps and no duplicates.
 */
export async function nextCounterValue(db: Executor, name: string, first: number): Promise<number> {
  const row = await db
    .insertInto('customer_account_counters')
    .values({ name, last_number: first })
    .onConflict((conflict) =>
      conflict
        .column('name')
        .doUpdateSet({ last_number: sql<number>`customer_account_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number)
}
