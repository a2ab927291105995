import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import { toTimestamp } from '../../lib/time.ts'

/*
 * credit_mail_log (migration 0021; named for its first users, it serves every kind): a row per email queued to an
 * address nobody has proved, written in the transaction that queues it, so that the per-recipient daily limits
 * count only mail actually queued (daily-limit.ts).
 */

/**
 * Makes the other transactions that count this kind of mail for this address wait until this one ends, so that
 * two requests at once cannot both take the last place (PostgreSQL; SQLite runs one transaction at a time).
 * Taking it again in the same transaction is free.
 */
export async function lockMailRecipient(trx: Executor, kind: string, recipient: string): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  const key = createHash('sha256').update(`credit-mail\n${kind}\n${recipient}`).digest().readBigInt64BE(0)
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx)
}

/** How many emails of a kind were queued to an address after a time, and when the oldest of them was. */
export async function countMailLogAfter(
  db: Executor,
  kind: string,
  recipient: string,
  after: Date,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('credit_mail_log')
    .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('recipient', '=', recipient)
    .where('kind', '=', kind)
    .where('created_at', '>', toTimestamp(after))
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), oldest: row.oldest ?? null }
}

export async function insertMailLog(db: Executor, kind: string, recipient: string, now: Date): Promise<void> {
  await db
    .insertInto('credit_mail_log')
    .values({ kind, recipient, created_at: toTimestamp(now) })
    .execute()
}

/** Deletes the rows no limit counts any more (queued at or before a time); answers how many. */
export async function deleteMailLogUntil(db: Executor, until: Date): Promise<number> {
  const result = await db
    .deleteFrom('credit_mail_log')
    .where('created_at', '<=', toTimestamp(until))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
