import type { InternalNote } from '@signalway/shared/back-office'
import type { Executor } from '../../db/database.ts'
import { toTimestamp } from '../../lib/time.ts'

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
