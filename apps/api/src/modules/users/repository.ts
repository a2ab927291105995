import type { Executor } from '../../db/database.ts'
import type { NewUserRow, UserRow } from '../../db/schema.ts'

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst()
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function hasActiveUserOfType(db: Executor, memberType: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('member_type', '=', memberType)
    .where('archived_at', 'is', null)
    .limit(1)
    .executeTakeFirst()
  return row !== undefined
}

/** Inserts a user; returns its id, or undefined when the email is already taken. */
export async function insertUser(
  db: Executor,
  user: Omit<NewUserRow, 'email_normalized'>,
): Promise<number | undefined> {
  const row = await db
    .insertInto('users')
    .values({ ...user, email_normalized: normalizeEmail(user.email) })
    .onConflict((conflict) => conflict.column('email_normalized').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}
