import type { StaffMember } from '@signalway/shared/back-office'
import { MEMBER_TYPE } from '@signalway/shared/constants'
import type { Executor } from '../../db/database.ts'

/** A staff member's name as the back office shows it. */
export function staffName(first: string | null, last: string | null): string {
  return `${first ?? ''} ${last ?? ''}`.trim() || 'Former staff member'
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
