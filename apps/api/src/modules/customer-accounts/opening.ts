import { FIRST_ACCOUNT_NUMBER, formatAccountNumber } from '@signalway/shared/customer-accounts'
import { type Cents, cents } from '@signalway/shared/money'
import type { Executor } from '../../db/database.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditActor, type AuditContext, writeAudit } from '../audit/audit.ts'
import { sendInvitation } from './invitations.ts'
import { findAccountByApplication, insertAccount, insertMember, nextAccountNumber } from './repository.ts'

/** What an approved credit application gives the account it opens (the credit module reads it from the application). */
export interface ApprovedApplication {
  id: number
  reference: string
  legalName: string
  tradingName: string
  abn: string
  acn: string | null
  creditLimitCents: Cents
  paymentTermsDays: number
  billingEmail: string
  invoiceDelivery: number
  /** The account it was sent from while signed in; null when it was sent signed out. */
  applicantUserId: number | null
  /** The applicant's address, where the owner's invitation goes when there is no user. */
  applicantEmail: string
}

export type OpenedAccount = { opened: true; accountId: number; accountNumber: string } | { opened: false }

/**
 * Opens the account of an approved application, in the caller's transaction (the approval's), once: when the
 * application has an account already (approved before, re-approved after "more information"), nothing happens.
 * The applicant's user becomes the Account admin (owner); without one, an owner invitation to the applicant's
 * address is recorded and mailed (invitations.ts), and whoever accepts it signed in with that address becomes it.
 */
export async function openAccountForApplication(
  trx: Executor,
  application: ApprovedApplication,
  change: { actor: AuditActor; context: AuditContext; now: Date; siteUrl: string },
): Promise<OpenedAccount> {
  if (await findAccountByApplication(trx, application.id)) return { opened: false }
  const now = toTimestamp(change.now)
  const accountNumber = formatAccountNumber(await nextAccountNumber(trx, FIRST_ACCOUNT_NUMBER))
  const accountId = await insertAccount(trx, {
    account_number: accountNumber,
    credit_application_id: application.id,
    credit_application_reference: application.reference,
    legal_name: application.legalName,
    trading_name: application.tradingName,
    abn: application.abn,
    abn_digits: application.abn.replace(/\D/gu, ''),
    acn: application.acn,
    credit_limit_cents: cents(application.creditLimitCents),
    payment_terms_days: application.paymentTermsDays,
    billing_email: application.billingEmail,
    invoice_delivery: application.invoiceDelivery,
    po_required: 0,
    on_hold: 0,
    hold_reason: null,
    version: 1,
    created_at: now,
    updated_at: now,
  })
  if (application.applicantUserId !== null) {
    await insertMember(trx, {
      account_id: accountId,
      user_id: application.applicantUserId,
      role: 'account_admin',
      approval_limit_cents: null,
      now,
    })
  } else {
    // The owner's invitation is mailed with its link in this transaction: approval, account and email all commit,
    // or none does. It works for 7 days like every invitation.
    await sendInvitation(
      trx,
      {
        accountId,
        legalName: application.legalName,
        email: application.applicantEmail,
        role: 'account_admin',
        siteIds: [],
        approvalLimitCents: null,
        owner: true,
        inviter: null,
      },
      { siteUrl: change.siteUrl, now: change.now },
    )
  }
  await writeAudit(trx, {
    actor: change.actor,
    action: 'customer-account.open',
    targetType: 'customer-account',
    targetId: String(accountId),
    before: null,
    after: {
      accountNumber,
      creditApplicationId: application.id,
      creditLimitCents: application.creditLimitCents,
      paymentTermsDays: application.paymentTermsDays,
      owner: application.applicantUserId === null ? 'invitation' : application.applicantUserId,
    },
    ...change.context,
    at: change.now,
  })
  return { opened: true, accountId, accountNumber }
}
