import type { Executor } from '../../db/database.ts'
import { toTimestamp } from '../../lib/time.ts'

/** What a save writes: the form's values as JSON, the address the link goes to, and when it lapses. */
export interface DraftValues {
  email: string
  payload: string
  updatedAt: Date
  expiresAt: Date
}

/** The draft a link's token (by its SHA-256) opens, with all it holds; undefined for none. */
export async function findDraftByTokenHash(db: Executor, tokenHash: string) {
  return db.selectFrom('credit_drafts').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** The id and expiry of the draft a link's token (by its SHA-256) opens, to save it again. */
export async function findDraftExpiry(db: Executor, tokenHash: string) {
  return db
    .selectFrom('credit_drafts')
    .select(['id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

function draftColumns(values: DraftValues) {
  return {
    email: values.email,
    payload: values.payload,
    updated_at: toTimestamp(values.updatedAt),
    expires_at: toTimestamp(values.expiresAt),
  }
}

export async function updateDraft(db: Executor, id: number, values: DraftValues): Promise<void> {
  await db.updateTable('credit_drafts').set(draftColumns(values)).where('id', '=', id).execute()
}

export async function insertDraft(db: Executor, tokenHash: string, values: DraftValues): Promise<void> {
  await db
    .insertInto('credit_drafts')
    .values({ ...draftColumns(values), token_hash: tokenHash, created_at: toTimestamp(values.updatedAt) })
    .execute()
}

export async function deleteDraftByTokenHash(db: Executor, tokenHash: string): Promise<void> {
  await db.deleteFrom('credit_drafts').where('token_hash', '=', tokenHash).execute()
}

/** Deletes the drafts whose time is up at `now`. Answers how many. */
export async function deleteDraftsExpiredBy(db: Executor, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('credit_drafts')
    .where('expires_at', '<=', toTimestamp(now))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
