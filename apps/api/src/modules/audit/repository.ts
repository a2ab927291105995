import type { Insertable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { AuditLogRow, AuditLogTable } from '../../db/schema.ts'

export async function insertAuditEntry(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute()
}

/** The audit entries about one record, oldest first. */
export async function findAuditEntries(
  db: Executor,
  targetType: string,
  targetId: string,
): Promise<AuditLogRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId)
    .orderBy('at')
    .orderBy('id')
    .execute()
}
