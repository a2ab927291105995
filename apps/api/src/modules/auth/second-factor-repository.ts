import type { Executor } from '../../db/database.ts'

/* TOTP seeds, recovery codes and sign-in challenges (tokens and codes arrive hashed). */

export async function findTotpFactor(db: Executor, userId: number) {
  return db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** Starts (or restarts) an unconfirmed enrolment. */
export async function upsertPendingTotp(
  db: Executor,
  userId: number,
  sealed: string,
  now: Date,
): Promise<void> {
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute()
  await db
    .insertInto('totp_factors')
    .values({ user_id: userId, secret_sealed: sealed, created_at: now.toISOString() })
    .execute()
}

export async function confirmTotp(db: Executor, userId: number, step: number, now: Date): Promise<void> {
  await db
    .updateTable('totp_factors')
    .set({ confirmed_at: now.toISOString(), last_step: step })
    .where('user_id', '=', userId)
    .execute()
}

/** Records a used time step; false when that step (or a later one) was used already. */
export async function useTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_factors')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteSecondFactors(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('totp_factors').where('user_id', '=', userId).execute()
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
}

export async function replaceRecoveryCodes(
  db: Executor,
  userId: number,
  hashes: string[],
  now: Date,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute()
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((hash) => ({ code_hash: hash, user_id: userId, created_at: now.toISOString() })))
    .execute()
}

export async function useRecoveryCode(
  db: Executor,
  userId: number,
  hash: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now.toISOString() })
    .where('code_hash', '=', hash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function insertChallenge(
  db: Executor,
  challenge: { hash: string; userId: number; clientId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('mfa_challenges')
    .values({
      token_hash: challenge.hash,
      user_id: challenge.userId,
      client_id: challenge.clientId,
      created_at: challenge.createdAt.toISOString(),
      expires_at: challenge.expiresAt.toISOString(),
    })
    .execute()
}

/** Ends the user's other open challenges: one password step, one challenge with five tries. */
export async function deleteOtherChallenges(db: Executor, userId: number, keep: string): Promise<void> {
  await db
    .deleteFrom('mfa_challenges')
    .where('user_id', '=', userId)
    .where('token_hash', '!=', keep)
    .where('used_at', 'is', null)
    .execute()
}

/** An unused, unexpired challenge, whether or not it has attempts left (whose lock-out applies to it). */
export async function findOpenChallenge(db: Executor, hash: string, now: Date) {
  return db
    .selectFrom('mfa_challenges')
    .select(['user_id', 'client_id'])
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
}

/** A live challenge (unused, unexpired, attempts left), without counting an attempt. */
export async function findLiveChallenge(db: Executor, hash: string, now: Date, maxAttempts: number) {
  return db
    .selectFrom('mfa_challenges')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst()
}

/**
 * A live challenge (unused, unexpired, attempts left), counting this attempt: one conditional update, so that
 * concurrent attempts can never take more than `maxAttempts` between them.
 */
export async function takeChallengeAttempt(db: Executor, hash: string, now: Date, maxAttempts: number) {
  return db
    .updateTable('mfa_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', maxAttempts)
    .returningAll()
    .executeTakeFirst()
}

export async function markChallengeUsed(db: Executor, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('mfa_challenges')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteDeadChallenges(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('mfa_challenges').where('expires_at', '<=', before.toISOString()).execute()
}
