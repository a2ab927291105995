import type { Executor } from '../../db/database.ts'

/**
 * One atomic statement on both dialects: insert the key, or bump it, or restart its window when
 * the old one has ended. Several instances can hit the same key at once.
 */
export async function hitCounter(db: Executor, key: string, windowMs: number, now: Date) {
  const nowAt = now.toISOString()
  const resetAt = new Date(now.getTime() + windowMs).toISOString()
  return db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => ({
        count: eb
          .case()
          .when('rate_limits.reset_at', '<=', nowAt)
          .then(1)
          .else(eb('rate_limits.count', '+', 1))
          .end(),
        reset_at: eb
          .case()
          .when('rate_limits.reset_at', '<=', nowAt)
          .then(eb.ref('excluded.reset_at'))
          .else(eb.ref('rate_limits.reset_at'))
          .end(),
      })),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
}

export async function deleteCounter(db: Executor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

export async function deleteExpiredCounters(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now.toISOString()).execute()
}
