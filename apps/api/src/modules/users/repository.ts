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

/** A user who may sign in: active and not archived. */
export async function findActiveUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalized', '=', normalizeEmail(email))
    .where('is_active', '=', 1)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
}

export async function findActiveUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
}

/** True when another user (archived ones included: an email stays theirs) has this email. */
export async function isEmailTakenByAnother(db: Executor, email: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email_normalized', '=', normalizeEmail(email))
    .where('id', '!=', userId)
    .executeTakeFirst()
  return row !== undefined
}

export interface OwnProfileUpdate {
  firstName: string
  lastName: string
  email: string
  mobile: string
  /** Only for company members (type 2); undefined leaves the stored values alone. */
  company?: {
    companyName: string
    abn: string
    employmentServiceProvider: boolean
    fullAddress: string | null
    unitNumber: string | null
    streetNumber: string
    streetName: string
    city: string
    state: string
    postcode: string
  }
}

/** Updates the profile fields a user may change themselves. False when the email is taken. */
export async function updateOwnProfile(
  db: Executor,
  userId: number,
  update: OwnProfileUpdate,
  now: Date,
): Promise<boolean> {
  const company = update.company
  try {
    await db
      .updateTable('users')
      .set({
        first_name: update.firstName,
        last_name: update.lastName,
        email: update.email,
        email_normalized: normalizeEmail(update.email),
        mobile: update.mobile,
        ...(company
          ? {
              company_name: company.companyName,
              abn: company.abn,
              employment_service_provider: company.employmentServiceProvider ? 1 : 0,
              full_address: company.fullAddress,
              unit_number: company.unitNumber,
              street_number: company.streetNumber,
              street_name: company.streetName,
              city: company.city,
              state: company.state,
              postcode: company.postcode,
            }
          : {}),
        updated_at: now.toISOString(),
      })
      .where('id', '=', userId)
      .execute()
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute()
}

/** A unique-constraint violation on SQLite or PostgreSQL (e.g. two users racing for one email). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
