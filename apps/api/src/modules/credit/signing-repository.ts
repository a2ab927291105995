import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'

/**
 * A signing's row, read inside a transaction and held until it ends: a change of the application and a
 * signature of it cannot interleave (PostgreSQL: FOR UPDATE; SQLite runs one transaction at a time).
 */
export async function lockSigning(trx: Executor, id: number) {
  const query = trx.selectFrom('credit_signings').selectAll().where('id', '=', id)
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
}
