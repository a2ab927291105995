import type { InternalNote } from '@signalway/shared/back-office'
import type { Kysely } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { DB } from '../../db/schema.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { staffName } from './staff.ts'

/** The records that carry internal notes, as named in the notes table and the audit log. */
export type NoteTarget = 'credit-application' | 'enquiry'

export async function insertNote(
  db: Executor,
  note: {
    targetType: NoteTarget
    targetId: string
    authorId: number
    authorName: string
    body: string
    createdAt: Date
  },
): Promise<InternalNote> {
  const row = await db
    .insertInto('internal_notes')
    .values({
      target_type: note.targetType,
      target_id: note.targetId,
      author_id: note.authorId,
      author_name: note.authorName,
      body: note.body,
      created_at: toTimestamp(note.createdAt),
    })
    .returning(['id', 'author_name', 'body', 'created_at'])
    .executeTakeFirstOrThrow()
  return { id: row.id, author: row.author_name, body: row.body, createdAt: row.created_at }
}

/** A record's notes, oldest first. */
export async function listNotes(
  db: Executor,
  targetType: NoteTarget,
  targetId: string,
): Promise<InternalNote[]> {
  const rows = await db
    .selectFrom('internal_notes')
    .select(['id', 'author_name', 'body', 'created_at'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    author: row.author_name,
    body: row.body,
    createdAt: row.created_at,
  }))
}

/** Adds a staff member's note to a record and its entry in the audit log, in one transaction. */
export async function addAuditedNote(
  db: Kysely<DB>,
  note: {
    targetType: NoteTarget
    targetId: string
    body: string
    actor: AuthUser
    context: AuditContext
    at: Date
  },
): Promise<InternalNote> {
  const { targetType, targetId, actor, at } = note
  return db.transaction().execute(async (trx) => {
    const inserted = await insertNote(trx, {
      targetType,
      targetId,
      authorId: Number(actor.id),
      authorName: staffName(actor.givenName, actor.familyName),
      body: note.body,
      createdAt: at,
    })
    await writeAudit(trx, {
      actor,
      action: `${targetType}.note`,
      targetType,
      targetId,
      before: null,
      after: { noteId: inserted.id },
      ...note.context,
      at,
    })
    return inserted
  })
}
