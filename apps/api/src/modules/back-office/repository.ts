import type { InternalNote, StaffMember } from '@signalway/shared/back-office'
import { MEMBER_TYPE } from '@signalway/shared/constants'
import type { Executor } from '../../db/database.ts'
import { toTimestamp } from '../../lib/time.ts'
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

/** An administrator who can be assigned work: member type 3, not archived. Their name, or undefined. */
export async function findAssignableStaff(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .where('member_type', '=', MEMBER_TYPE.Admin)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
  return row && staffName(row.first_name, row.last_name)
}

/** The administrators work can be assigned to, by name. */
export async function listAssignableStaff(db: Executor): Promise<StaffMember[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('member_type', '=', MEMBER_TYPE.Admin)
    .where('archived_at', 'is', null)
    .orderBy('first_name_key')
    .orderBy('id')
    .execute()
  return rows.map((row) => ({ id: row.id, name: staffName(row.first_name, row.last_name) }))
}

/** Names of users by id (a history's authors, a former assignee). */
export async function staffNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute()
  return new Map(rows.map((row) => [row.id, staffName(row.first_name, row.last_name)]))
}
