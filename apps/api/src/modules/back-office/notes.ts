import type { InternalNote } from '@signalway/shared/back-office'
import type { Executor } from '../../db/database.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { insertNote, type NoteTarget } from './repository.ts'
import { staffName } from './staff.ts'

/** Adds a staff member's note to a record and its entry in the audit log, in one transaction. */
export async function addAuditedNote(
  db: Executor,
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
