import {
  ACCOUNT_INVITATION_TTL_DAYS,
  ACCOUNT_INVITATIONS_PER_ACCOUNT_PER_DAY,
  ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY,
  type AccountInvitationPreview,
  type InviteMember,
  joinAccountPath,
  MEMBER_MESSAGES,
  type PortalInvitation,
} from '@signalway/shared/customer-account-members'
import {
  CUSTOMER_ACCOUNT_MESSAGES,
  type CustomerAccountRole,
  type MyCustomerAccount,
} from '@signalway/shared/customer-accounts'
import type { Executor } from '../../db/database.ts'
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
} from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import type { AuditContext } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { normalizeEmail } from '../auth/repository.ts'
import { hashToken, newOpaqueToken } from '../auth/tokens.ts'
import { enqueueWithinMailboxLimit } from '../outbox/daily-limit.ts'
import { enqueueMail } from '../outbox/service.ts'
import { accountInvitationMail } from './mail.ts'
import { accountAdminOf, auditAccount, checkSitesOfAccount, type MembersDeps } from './members.ts'
import {
  countInvitationsSince,
  deleteInvitation,
  endOpenInvitationsTo,
  findInvitationByHash,
  findInvitationById,
  findUserEmail,
  insertInvitationReturningId,
  insertMemberReturningId,
  isMemberByEmail,
  listLiveInvitations,
  lockAccountMembers,
  markInvitationUsed,
  setMemberSites,
} from './members-repository.ts'
import { getMyAccount } from './portal.ts'
import { findAccount } from './repository.ts'

/*
 * Invitations to join a customer account (requirements §18, ADR 045): an Account admin invites an address with a
 * role (and a Site supervisor's sites, an Orderer's limit); the emailed link works once, for 7 days, and only for
 * the user signed in with the invited address. Only the token's SHA-256 is stored; the email carries no words of
 * the inviter's (ADR 032); an address is sent at most ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY of them a day from
 * all accounts, and an account sends at most ACCOUNT_INVITATIONS_PER_ACCOUNT_PER_DAY.
 */

const DAY_MS = 24 * 60 * 60 * 1000
export const ACCOUNT_INVITATION_TTL_MS = ACCOUNT_INVITATION_TTL_DAYS * DAY_MS
/** The outbox's daily-limit kind of these emails. */
const MAIL_KIND = 'account-invitation'

function siteIdsOf(json: string): number[] {
  const parsed: unknown = JSON.parse(json)
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : []
}

/**
 * Records an invitation and queues its email in the caller's transaction, within the recipient's daily limit
 * (429 past it). The owner's invitation (the credit approval's) uses it too, with no inviter and no limit; the one
 * staff send again (owner-invitation.ts) has the limit back (`mailboxLimit`).
 */
export async function sendInvitation(
  trx: Executor,
  invitation: {
    accountId: number
    legalName: string
    email: string
    role: CustomerAccountRole
    siteIds: readonly number[]
    approvalLimitCents: number | null
    owner: boolean
    inviter: { id: number; name: string } | null
  },
  env: { siteUrl: string; now: Date; mailboxLimit?: boolean },
): Promise<{ id: number; expiresAt: Date }> {
  const token = newOpaqueToken()
  const expiresAt = new Date(env.now.getTime() + ACCOUNT_INVITATION_TTL_MS)
  // A newer invitation to the same address replaces the older ones: only the newest link works.
  await endOpenInvitationsTo(trx, invitation.accountId, invitation.email, env.now)
  const id = await insertInvitationReturningId(trx, {
    account_id: invitation.accountId,
    token_hash: hashToken(token),
    email: invitation.email,
    role: invitation.role,
    site_ids: JSON.stringify(invitation.siteIds),
    is_owner: invitation.owner ? 1 : 0,
    invited_by: invitation.inviter?.id ?? null,
    approval_limit_cents: invitation.approvalLimitCents,
    created_at: toTimestamp(env.now),
    expires_at: toTimestamp(expiresAt),
    used_at: null,
  })
  const mail = accountInvitationMail(invitation.email, {
    legalName: invitation.legalName,
    role: invitation.role,
    inviter: invitation.inviter?.name ?? null,
    link: `${env.siteUrl}${joinAccountPath(token)}`,
  })
  // The owner's comes from staff approving the application, once: no daily limit may stop it (or the approval).
  // Sent again by staff, it can be asked for any number of times, so the address's daily limit applies.
  if (!(env.mailboxLimit ?? !invitation.owner)) await enqueueMail(trx, mail, env.now)
  else
    await enqueueWithinMailboxLimit(
      trx,
      { kind: MAIL_KIND, perDay: ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY },
      mail,
      env.now,
      { refusal: MEMBER_MESSAGES.recipientLimit },
    )
  return { id, expiresAt }
}

export async function inviteMember(
  deps: MembersDeps,
  user: AuthUser,
  accountId: number,
  values: InviteMember,
  context: AuditContext,
): Promise<PortalInvitation> {
  await accountAdminOf(deps, user, accountId)
  const account = await findAccount(deps.db, accountId)
  if (!account) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  await checkSitesOfAccount(deps.db, accountId, values.siteIds)
  const inviterName = `${user.givenName} ${user.familyName}`.trim()
  const id = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    await lockAccountMembers(trx, accountId)
    if (await isMemberByEmail(trx, accountId, values.email))
      throw new ConflictError(MEMBER_MESSAGES.alreadyMember)
    const sent = await countInvitationsSince(trx, accountId, new Date(now.getTime() - DAY_MS))
    if (sent >= ACCOUNT_INVITATIONS_PER_ACCOUNT_PER_DAY)
      throw new TooManyRequestsError(DAY_MS / 1000, MEMBER_MESSAGES.accountLimit)
    const invitation = await sendInvitation(
      trx,
      {
        accountId,
        legalName: account.legal_name,
        email: values.email,
        role: values.role,
        siteIds: values.siteIds,
        approvalLimitCents: values.approvalLimitCents,
        owner: false,
        inviter: { id: Number(user.id), name: inviterName },
      },
      { siteUrl: deps.siteUrl, now },
    )
    const after = {
      invitationId: invitation.id,
      email: values.email,
      role: values.role,
      siteIds: values.siteIds,
      approvalLimitCents: values.approvalLimitCents,
    }
    await auditAccount(trx, { action: 'customer-account.invite', accountId, before: null, after }, user, {
      context,
      now,
    })
    return invitation.id
  })
  const found = (await listInvitations(deps, user, accountId)).find((item) => item.id === id)
  if (!found) throw new Error(`Invitation ${id} vanished`)
  return found
}

/** The open invitations (not used, withdrawn or expired), for the account's Account admins. */
export async function listInvitations(
  deps: MembersDeps,
  user: AuthUser,
  accountId: number,
): Promise<PortalInvitation[]> {
  await accountAdminOf(deps, user, accountId)
  const rows = await listLiveInvitations(deps.db, accountId, deps.clock())
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as CustomerAccountRole,
    siteIds: siteIdsOf(row.site_ids),
    approvalLimitCents: row.approval_limit_cents,
    owner: row.is_owner === 1,
    invitedBy:
      row.is_owner === 1 || row.first_name === null
        ? null
        : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }))
}

/** Withdraws an invitation: its link stops working. */
export async function revokeInvitation(
  deps: MembersDeps,
  user: AuthUser,
  ids: { accountId: number; invitationId: number },
  context: AuditContext,
): Promise<void> {
  await accountAdminOf(deps, user, ids.accountId)
  const row = await findInvitationById(deps.db, ids.accountId, ids.invitationId)
  if (!row || row.used_at !== null) throw new NotFoundError(MEMBER_MESSAGES.invitationNotFound)
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    if (!(await deleteInvitation(trx, row.id))) throw new NotFoundError(MEMBER_MESSAGES.invitationNotFound)
    const before = { invitationId: row.id, email: row.email, role: row.role }
    await auditAccount(
      trx,
      { action: 'customer-account.invitation-revoke', accountId: ids.accountId, before, after: null },
      user,
      { context, now },
    )
  })
}

type InvitationFound = NonNullable<Awaited<ReturnType<typeof findInvitationByHash>>>

/** The invitation a link's token opens, or 400 saying why it does not work (unknown, used, expired). */
async function usableInvitation(db: Executor, token: string, now: Date): Promise<InvitationFound> {
  const found = await findInvitationByHash(db, hashToken(token))
  if (!found) throw new BadRequestError(MEMBER_MESSAGES.invalid)
  if (found.used_at !== null) throw new BadRequestError(MEMBER_MESSAGES.used)
  if (Date.parse(found.expires_at) <= now.getTime()) throw new BadRequestError(MEMBER_MESSAGES.expired)
  return found
}

/** What the link's page shows before joining (public: the token is the credential). */
export async function previewInvitation(deps: MembersDeps, token: string): Promise<AccountInvitationPreview> {
  const found = await usableInvitation(deps.db, token, deps.clock())
  return {
    legalName: found.legal_name,
    tradingName: found.trading_name,
    role: found.role as CustomerAccountRole,
    email: found.email,
    expiresAt: found.expires_at,
  }
}

/**
 * Joins the signed-in user to the account with the invited role, sites and limit. Only the user whose address
 * the invitation was sent to may use it (a leaked link is no use to anyone else: 403); once only.
 */
export async function acceptInvitation(
  deps: MembersDeps,
  user: AuthUser,
  token: string,
  context: AuditContext,
): Promise<MyCustomerAccount> {
  const userId = Number(user.id)
  const accountId = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    const found = await usableInvitation(trx, token, now)
    const email = await findUserEmail(trx, userId)
    if (email === undefined || normalizeEmail(email) !== normalizeEmail(found.email))
      throw new ForbiddenError(MEMBER_MESSAGES.wrongUser)
    await lockAccountMembers(trx, found.account_id)
    if (!(await markInvitationUsed(trx, found.id, now))) throw new BadRequestError(MEMBER_MESSAGES.used)
    const memberId = await insertMemberReturningId(trx, {
      account_id: found.account_id,
      user_id: userId,
      role: found.role,
      approval_limit_cents: found.approval_limit_cents,
      now: toTimestamp(now),
    })
    if (memberId === undefined) throw new ConflictError(MEMBER_MESSAGES.joinedAlready)
    // Sites removed since the invitation was sent are not given.
    const siteIds = await checkSitesOfAccount(trx, found.account_id, siteIdsOf(found.site_ids), {
      drop: true,
    })
    await setMemberSites(trx, memberId, siteIds)
    const after = {
      memberId,
      invitationId: found.id,
      name: `${user.givenName} ${user.familyName}`.trim(),
      role: found.role,
      siteIds,
      approvalLimitCents: found.approval_limit_cents,
      owner: found.is_owner === 1,
    }
    await auditAccount(
      trx,
      { action: 'customer-account.join', accountId: found.account_id, before: null, after },
      user,
      { context, now },
    )
    return found.account_id
  })
  return getMyAccount(deps.db, userId, accountId)
}
