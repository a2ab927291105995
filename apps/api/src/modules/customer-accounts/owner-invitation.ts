import { CUSTOMER_ACCOUNT_MESSAGES, type CustomerAccountDetail } from '@signalway/shared/customer-accounts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import type { AuditContext } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { getAccount } from './accounts.ts'
import { sendInvitation } from './invitations.ts'
import { auditAccount, type MembersDeps } from './members.ts'
import {
  countAccountAdmins,
  endOpenOwnerInvitations,
  findLatestOwnerInvitationEmail,
  lockAccountMembers,
} from './members-repository.ts'
import { findAccount } from './repository.ts'

/**
 * Staff send an account's owner invitation again (requirements §18, ADR 045): when the first expired, or the account
 * was opened before owner invitations were mailed, an account with no Account admin has no way in. Only while it
 * has none (409 otherwise: its admin invites people from My Account). It goes to the address the last owner
 * invitation went to (the applicant's), or the billing email when none was recorded; it replaces every open owner
 * invitation (only the newest link works), goes through the outbox in the same transaction, is audited, and counts
 * against the address's daily limit of invitations (429 past it), so repeated clicks cannot flood a mailbox.
 */
export async function resendOwnerInvitation(
  deps: MembersDeps,
  accountId: number,
  user: AuthUser,
  context: AuditContext,
): Promise<CustomerAccountDetail> {
  const account = await findAccount(deps.db, accountId)
  if (!account) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    // The same lock as member changes and acceptances: an owner joining meanwhile is seen here.
    await lockAccountMembers(trx, accountId)
    if ((await countAccountAdmins(trx, accountId)) > 0)
      throw new ConflictError(CUSTOMER_ACCOUNT_MESSAGES.ownerExists)
    const email = (await findLatestOwnerInvitationEmail(trx, accountId)) ?? account.billing_email
    await endOpenOwnerInvitations(trx, accountId, now)
    const invitation = await sendInvitation(
      trx,
      {
        accountId,
        legalName: account.legal_name,
        email,
        role: 'account_admin',
        siteIds: [],
        approvalLimitCents: null,
        owner: true,
        inviter: null,
      },
      { siteUrl: deps.siteUrl, now, mailboxLimit: true },
    )
    const after = { invitationId: invitation.id, email, expiresAt: invitation.expiresAt.toISOString() }
    await auditAccount(
      trx,
      { action: 'customer-account.owner-invitation', accountId, before: null, after },
      user,
      { context, now },
    )
  })
  return getAccount(deps, accountId)
}
