import { createHash } from 'node:crypto'
import { type Insertable, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import type { CustomerAccountInvitationsTable } from '../../db/schema.ts'
import { toTimestamp } from '../../lib/time.ts'
import { normalizeEmail } from '../auth/repository.ts'

/* A customer account's members, invitations and own audit in My Account (requirements §18, ADR 045). */

export async function findMemberById(db: Executor, accountId: number, memberId: number) {
  return db
    .selectFrom('customer_account_members')
    .selectAll()
    .where('id', '=', memberId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export async function countAccountAdmins(db: Executor, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('customer_account_members')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'account_admin')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Makes other transactions that change this account's members or invitations wait until this one ends, so that
 * two requests at once cannot both remove "the other" Account admin or both take the last invitation of the day
 * (PostgreSQL; SQLite runs one transaction at a time).
 */
export async function lockAccountMembers(trx: Executor, accountId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return
  const key = createHash('sha256').update(`customer-account-members\n${accountId}`).digest().readBigInt64BE(0)
  await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx)
}

/** Saves a member's role and limit changed from `version` (moving it on by one): false when it changed since. */
export async function updateMemberAtVersion(
  db: Executor,
  memberId: number,
  version: number,
  values: { role: string; approval_limit_cents: number | null; updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('customer_account_members')
    .set({ ...values, version: version + 1 })
    .where('id', '=', memberId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives a member exactly these sites. */
export async function setMemberSites(
  db: Executor,
  memberId: number,
  siteIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('customer_account_member_sites').where('member_id', '=', memberId).execute()
  if (siteIds.length > 0)
    await db
      .insertInto('customer_account_member_sites')
      .values(siteIds.map((siteId) => ({ member_id: memberId, site_id: siteId })))
      .execute()
}

export async function deleteMemberAtVersion(
  db: Executor,
  memberId: number,
  version: number,
): Promise<boolean> {
  await db.deleteFrom('customer_account_member_sites').where('member_id', '=', memberId).execute()
  const result = await db
    .deleteFrom('customer_account_members')
    .where('id', '=', memberId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** Adds a member; answers its id, or undefined when the user is a member already. */
export async function insertMemberReturningId(
  db: Executor,
  values: {
    account_id: number
    user_id: number
    role: string
    approval_limit_cents: number | null
    now: string
  },
): Promise<number | undefined> {
  const { now, ...member } = values
  const row = await db
    .insertInto('customer_account_members')
    .values({ ...member, version: 1, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(['account_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** Whether a user with this address (however it is written) is a member of the account. */
export async function isMemberByEmail(db: Executor, accountId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('customer_account_members')
    .innerJoin('users', 'users.id', 'customer_account_members.user_id')
    .select('customer_account_members.id')
    .where('customer_account_members.account_id', '=', accountId)
    .where('users.email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst()
  return row !== undefined
}

export async function findUserEmail(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst()
  return row?.email
}

/** How many invitations the account's members sent since `since` (the owner's, made by the approval, not counted). */
export async function countInvitationsSince(db: Executor, accountId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('customer_account_invitations')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .where('is_owner', '=', 0)
    .where('created_at', '>', toTimestamp(since))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function insertInvitationReturningId(
  db: Executor,
  values: Insertable<CustomerAccountInvitationsTable>,
): Promise<number> {
  const row = await db
    .insertInto('customer_account_invitations')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Ends the account's open invitations to this address (a new one replaces them): they are marked used. */
export async function endOpenInvitationsTo(db: Executor, accountId: number, email: string, now: Date) {
  await db
    .updateTable('customer_account_invitations')
    .set({ used_at: toTimestamp(now) })
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .execute()
}

/** The address of the account's newest owner invitation (used, expired or open), if it has one. */
export async function findLatestOwnerInvitationEmail(db: Executor, accountId: number) {
  const row = await db
    .selectFrom('customer_account_invitations')
    .select('email')
    .where('account_id', '=', accountId)
    .where('is_owner', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.email
}

/** Ends the account's open owner invitations, whatever their address (a new one replaces them): marked used. */
export async function endOpenOwnerInvitations(db: Executor, accountId: number, now: Date) {
  await db
    .updateTable('customer_account_invitations')
    .set({ used_at: toTimestamp(now) })
    .where('account_id', '=', accountId)
    .where('is_owner', '=', 1)
    .where('used_at', 'is', null)
    .execute()
}

/** The invitations not used and not expired, oldest first, with the inviter's name. */
export async function listLiveInvitations(db: Executor, accountId: number, now: Date) {
  return db
    .selectFrom('customer_account_invitations')
    .leftJoin('users', 'users.id', 'customer_account_invitations.invited_by')
    .selectAll('customer_account_invitations')
    .select(['users.first_name', 'users.last_name'])
    .where('customer_account_invitations.account_id', '=', accountId)
    .where('customer_account_invitations.used_at', 'is', null)
    .where('customer_account_invitations.expires_at', '>', toTimestamp(now))
    .orderBy('customer_account_invitations.created_at')
    .orderBy('customer_account_invitations.id')
    .execute()
}

export async function findInvitationById(db: Executor, accountId: number, invitationId: number) {
  return db
    .selectFrom('customer_account_invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export async function deleteInvitation(db: Executor, invitationId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('customer_account_invitations')
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** An invitation by its token's hash, with its account's names. */
export async function findInvitationByHash(db: Executor, hash: string) {
  return db
    .selectFrom('customer_account_invitations')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'customer_account_invitations.account_id')
    .selectAll('customer_account_invitations')
    .select(['customer_accounts.legal_name', 'customer_accounts.trading_name'])
    .where('customer_account_invitations.token_hash', '=', hash)
    .executeTakeFirst()
}

/** Marks an invitation used: false when it was used already (single use, also between two requests at once). */
export async function markInvitationUsed(db: Executor, invitationId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('customer_account_invitations')
    .set({ used_at: toTimestamp(now) })
    .where('id', '=', invitationId)
    .where('used_at', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** One page of the account's audit entries, newest first, with the actor's name when they are a user. */
export async function findAccountAuditPage(
  db: Executor,
  accountId: number,
  page: { offset: number; limit: number },
) {
  const where = db
    .selectFrom('audit_log')
    .where('audit_log.target_type', '=', 'customer-account')
    .where('audit_log.target_id', '=', String(accountId))
  const total = await where
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow()
  const rows = await where
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.action',
      'audit_log.before',
      'audit_log.after',
      'users.first_name',
      'users.last_name',
      'users.member_type as actor_type',
    ])
    .orderBy('audit_log.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute()
  return { total: Number(total.count), rows }
}
