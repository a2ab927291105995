import type { Executor } from '../db/database.ts'
import { toTimestamp } from '../lib/time.ts'

/**
 * Takes the lease of job `name` until `until`, when nobody holds it at `now` (or its holder's lease has lapsed):
 * true when this caller has it. One conditional update decides, as an outbox worker claims its messages:
 * PostgreSQL re-reads a row another transaction just updated, SQLite runs the statement under its write lock.
 */
export async function claimJobLease(
  db: Executor,
  lease: { name: string; token: string; now: Date; until: Date },
): Promise<boolean> {
  await db
    .insertInto('job_leases')
    .values({ name: lease.name, lock_token: null, locked_until: toTimestamp(new Date(0)) })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute()
  const result = await db
    .updateTable('job_leases')
    .set({ lock_token: lease.token, locked_until: toTimestamp(lease.until) })
    .where('name', '=', lease.name)
    .where('locked_until', '<=', toTimestamp(lease.now))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives the lease back at `now`, if this holder (its token) still has it. */
export async function releaseJobLease(
  db: Executor,
  lease: { name: string; token: string; now: Date },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ lock_token: null, locked_until: toTimestamp(lease.now) })
    .where('name', '=', lease.name)
    .where('lock_token', '=', lease.token)
    .execute()
}
