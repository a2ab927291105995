import {
  type AccountAuditEntry,
  type AccountAuditPage,
  type AccountAuditQuery,
  MEMBER_MESSAGES,
  type MemberUpdate,
  type PortalMember,
} from '@signalway/shared/customer-account-members'
import { CUSTOMER_ACCOUNT_MESSAGES, type CustomerAccountRole } from '@signalway/shared/customer-accounts'
import type { Executor } from '../../db/database.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditAction, type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { CustomerAccountsDeps } from './accounts.ts'
import { auditSummary } from './audit-words.ts'
import {
  countAccountAdmins,
  deleteMemberAtVersion,
  findAccountAuditPage,
  findMemberById,
  lockAccountMembers,
  setMemberSites,
  updateMemberAtVersion,
} from './members-repository.ts'
import { listMemberSites, listMembers, listSites } from './repository.ts'
import { findMembership } from './sites-repository.ts'

/*
 * A customer account's members in My Account (requirements §18, ADR 045). The members, their invitations and the
 * account's audit are the Account admins' (the role list gives "members" to them alone): other members get 403,
 * someone outside the account 404. Changes are version-checked and audited with the member as the actor; the
 * last Account admin can be neither removed nor made something else, by themself or anyone.
 */

export interface MembersDeps extends CustomerAccountsDeps {
  /** Where the emailed links point. */
  siteUrl: string
}

/** The user's membership of the account: 404 when they have none (as for an unknown account). */
export async function membershipOf(db: Executor, user: AuthUser, accountId: number) {
  const member = await findMembership(db, Number(user.id), accountId)
  if (!member) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return member
}

/** 404 outside the account, 403 for a member who is not its Account admin. */
export async function accountAdminOf(deps: CustomerAccountsDeps, user: AuthUser, accountId: number) {
  const member = await membershipOf(deps.db, user, accountId)
  if (member.role !== 'account_admin') throw new ForbiddenError(MEMBER_MESSAGES.accountAdminOnly)
  return member
}

/**
 * The sites, checked to be the account's: 400 on `siteIds` otherwise, or with `drop` the others left out (sites
 * removed since an invitation was sent).
 */
export async function checkSitesOfAccount(
  db: Executor,
  accountId: number,
  siteIds: readonly number[],
  options: { drop?: boolean } = {},
): Promise<number[]> {
  if (siteIds.length === 0) return []
  const own = new Set((await listSites(db, accountId)).map((site) => site.id))
  const unique = [...new Set(siteIds)]
  if (!options.drop && unique.some((id) => !own.has(id)))
    throw new ValidationError(
      { siteIds: [MEMBER_MESSAGES.siteNotOfAccount] },
      MEMBER_MESSAGES.siteNotOfAccount,
    )
  return unique.filter((id) => own.has(id)).sort((a, b) => a - b)
}

export async function auditAccount(
  trx: Executor,
  change: { action: AuditAction; accountId: number; before: object | null; after: object | null },
  user: AuthUser,
  when: { context: AuditContext; now: Date },
): Promise<void> {
  await writeAudit(trx, {
    actor: user,
    action: change.action,
    targetType: 'customer-account',
    targetId: String(change.accountId),
    before: change.before,
    after: change.after,
    ...when.context,
    at: when.now,
  })
}

export async function listPortalMembers(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  accountId: number,
): Promise<PortalMember[]> {
  await accountAdminOf(deps, user, accountId)
  const [members, sites] = await Promise.all([
    listMembers(deps.db, accountId),
    listMemberSites(deps.db, accountId),
  ])
  return members.map((row) => ({
    id: row.id,
    userId: row.user_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    role: row.role as CustomerAccountRole,
    approvalLimitCents: row.approval_limit_cents,
    siteIds: sites.get(row.id) ?? [],
    you: row.user_id === Number(user.id),
    version: row.version,
  }))
}

async function memberRow(db: Executor, accountId: number, memberId: number) {
  const row = await findMemberById(db, accountId, memberId)
  if (!row) throw new NotFoundError(MEMBER_MESSAGES.memberNotFound)
  return row
}

/** 409 when the change would leave the account without an Account admin. */
async function keepAnAdmin(trx: Executor, accountId: number, row: { role: string }): Promise<void> {
  if (row.role === 'account_admin' && (await countAccountAdmins(trx, accountId)) <= 1)
    throw new ConflictError(MEMBER_MESSAGES.lastAdmin)
}

export async function updateMember(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  ids: { accountId: number; memberId: number },
  values: MemberUpdate,
  context: AuditContext,
): Promise<PortalMember> {
  await accountAdminOf(deps, user, ids.accountId)
  const row = await memberRow(deps.db, ids.accountId, ids.memberId)
  if (values.version !== row.version) throw new ConflictError(MEMBER_MESSAGES.conflict)
  const siteIds = await checkSitesOfAccount(deps.db, ids.accountId, values.siteIds)
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    await lockAccountMembers(trx, ids.accountId)
    if (values.role !== 'account_admin') await keepAnAdmin(trx, ids.accountId, row)
    const saved = await updateMemberAtVersion(trx, row.id, row.version, {
      role: values.role,
      approval_limit_cents: values.approvalLimitCents,
      updated_at: toTimestamp(now),
    })
    if (!saved) throw new ConflictError(MEMBER_MESSAGES.conflict)
    const before = (await listMemberSites(trx, ids.accountId)).get(row.id) ?? []
    await setMemberSites(trx, row.id, siteIds)
    const change = {
      action: 'customer-account.member-update' as const,
      accountId: ids.accountId,
      before: {
        memberId: row.id,
        role: row.role,
        siteIds: before,
        approvalLimitCents: row.approval_limit_cents,
      },
      after: { memberId: row.id, role: values.role, siteIds, approvalLimitCents: values.approvalLimitCents },
    }
    await auditAccount(trx, change, user, { context, now })
  })
  const members = await listPortalMembers(deps, user, ids.accountId)
  const saved = members.find((member) => member.id === row.id)
  if (!saved) throw new NotFoundError(MEMBER_MESSAGES.memberNotFound)
  return saved
}

export async function removeMember(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  ids: { accountId: number; memberId: number },
  version: number,
  context: AuditContext,
): Promise<void> {
  await accountAdminOf(deps, user, ids.accountId)
  const row = await memberRow(deps.db, ids.accountId, ids.memberId)
  if (version !== row.version) throw new ConflictError(MEMBER_MESSAGES.conflict)
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    await lockAccountMembers(trx, ids.accountId)
    await keepAnAdmin(trx, ids.accountId, row)
    const sites = (await listMemberSites(trx, ids.accountId)).get(row.id) ?? []
    if (!(await deleteMemberAtVersion(trx, row.id, row.version)))
      throw new ConflictError(MEMBER_MESSAGES.conflict)
    const change = {
      action: 'customer-account.member-remove' as const,
      accountId: ids.accountId,
      before: { memberId: row.id, userId: row.user_id, role: row.role, siteIds: sites },
      after: null,
    }
    await auditAccount(trx, change, user, { context, now })
  })
}

/** The account's own audit, newest first, in the customer's words (no staff reasons or notes). */
export async function accountAudit(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  accountId: number,
  query: AccountAuditQuery,
): Promise<AccountAuditPage> {
  await accountAdminOf(deps, user, accountId)
  const { total, rows } = await findAccountAuditPage(deps.db, accountId, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  })
  const items: AccountAuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    by:
      row.first_name === null
        ? 'A former user'
        : row.actor_type === 3
          ? 'Signalway staff'
          : `${row.first_name} ${row.last_name}`.trim(),
    summary: auditSummary(row.action, parse(row.before), parse(row.after)),
  }))
  return { items, total, page: query.page, pageSize: query.pageSize }
}

function parse(json: string | null): Record<string, unknown> {
  if (json === null) return {}
  const value: unknown = JSON.parse(json)
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}
