import type { Executor } from '../../db/database.ts'
import type { UserRow } from '../../db/schema.ts'

/*
 * Password reset tokens, stored as SHA-256 hashes only. (User rows: modules/users/repository.ts.)
 */

export async function insertResetToken(
  db: Executor,
  token: { hash: string; userId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      token_hash: token.hash,
      user_id: token.userId,
      created_at: token.createdAt.toISOString(),
      expires_at: token.expiresAt.toISOString(),
    })
    .execute()
}

/** A reset token that is unused, unexpired and whose user is active, with that user. */
export async function findUsableResetToken(
  db: Executor,
  hash: string,
  now: Date,
): Promise<{ token_hash: string; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('password_reset_tokens as token')
    .innerJoin('users', 'users.id', 'token.user_id')
    .selectAll('users')
    .select('token.token_hash')
    .where('token.token_hash', '=', hash)
    .where('token.used_at', 'is', null)
    .where('token.expires_at', '>', now.toISOString())
    .where('users.is_active', '=', 1)
    .where('users.archived_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { token_hash, ...user } = row
  return { token_hash, user: user as UserRow }
}

/** Spends a reset token; false when it was already spent (a concurrent use). */
export async function markResetTokenUsed(db: Executor, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Spends every other outstanding reset token of a user (after a reset, older links stop working). */
export async function expireResetTokensOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
}

export async function deleteDeadResetTokens(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('expires_at', '<=', before.toISOString()).execute()
}

/* ---------- Email changes waiting for confirmation ---------- */

export async function insertEmailChange(
  db: Executor,
  change: {
    hash: string
    cancelHash: string
    userId: number
    newEmail: string
    createdAt: Date
    expiresAt: Date
  },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      token_hash: change.hash,
      cancel_token_hash: change.cancelHash,
      user_id: change.userId,
      new_email: change.newEmail,
      created_at: change.createdAt.toISOString(),
      expires_at: change.expiresAt.toISOString(),
    })
    .execute()
}

/** Ends every open change of a user (a newer request replaces them). */
export async function endOpenEmailChanges(
  db: Executor,
  userId: number,
  outcome: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ ended_at: now.toISOString(), outcome })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute()
}

/** An open, unexpired change by the hash of one of its tokens, with its active user. */
export async function findOpenEmailChange(
  db: Executor,
  by: 'token_hash' | 'cancel_token_hash',
  hash: string,
  now: Date,
): Promise<{ token_hash: string; new_email: string; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('email_changes as change')
    .innerJoin('users', 'users.id', 'change.user_id')
    .selectAll('users')
    .select(['change.token_hash as change_token_hash', 'change.new_email'])
    .where(`change.${by}`, '=', hash)
    .where('change.ended_at', 'is', null)
    .where('change.expires_at', '>', now.toISOString())
    .where('users.is_active', '=', 1)
    .where('users.archived_at', 'is', null)
    .executeTakeFirst()
  if (!row) return undefined
  const { change_token_hash, new_email, ...user } = row
  return { token_hash: change_token_hash, new_email, user: user as UserRow }
}

/** Ends one change; false when it had already ended (a concurrent use). */
export async function endEmailChange(
  db: Executor,
  tokenHash: string,
  outcome: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('email_changes')
    .set({ ended_at: now.toISOString(), outcome })
    .where('token_hash', '=', tokenHash)
    .where('ended_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
