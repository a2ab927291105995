import type { Executor } from '../../db/database.ts'

/* Passkeys and the WebAuthn ceremonies' challenges (kept by their hash, used once). */

export async function listPasskeys(db: Executor, userId: number) {
  return db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function findPasskey(db: Executor, id: string) {
  return db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function countPasskeys(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('passkeys')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function insertPasskey(
  db: Executor,
  passkey: {
    id: string
    userId: number
    name: string
    publicKey: string
    counter: number
    transports: string
    createdAt: Date
  },
): Promise<void> {
  await db
    .insertInto('passkeys')
    .values({
      id: passkey.id,
      user_id: passkey.userId,
      name: passkey.name,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      created_at: passkey.createdAt.toISOString(),
    })
    .execute()
}

export async function renamePasskey(
  db: Executor,
  userId: number,
  id: string,
  name: string,
): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deletePasskey(db: Executor, userId: number, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('passkeys')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

export async function deletePasskeysOf(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('passkeys').where('user_id', '=', userId).execute()
}

/** Records a use; the counter only moves forward (a clone of the authenticator would send an old one). */
export async function usePasskey(db: Executor, id: string, counter: number, now: Date): Promise<void> {
  await db
    .updateTable('passkeys')
    .set({ counter, last_used_at: now.toISOString() })
    .where('id', '=', id)
    .execute()
}

export async function insertWebauthnChallenge(
  db: Executor,
  challenge: { hash: string; purpose: string; userId: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('webauthn_challenges')
    .values({
      challenge_hash: challenge.hash,
      purpose: challenge.purpose,
      user_id: challenge.userId,
      created_at: challenge.createdAt.toISOString(),
      expires_at: challenge.expiresAt.toISOString(),
    })
    .execute()
}

/** Takes a live challenge of a purpose (unused, unexpired) and marks it used: it answers once. */
export async function takeWebauthnChallenge(db: Executor, hash: string, purpose: string, now: Date) {
  const row = await db
    .selectFrom('webauthn_challenges')
    .selectAll()
    .where('challenge_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst()
  if (!row) return undefined
  const result = await db
    .updateTable('webauthn_challenges')
    .set({ used_at: now.toISOString() })
    .where('challenge_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1 ? row : undefined
}

export async function deleteDeadWebauthnChallenges(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', before.toISOString()).execute()
}
