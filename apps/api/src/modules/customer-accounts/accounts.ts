import {
  type CreditLimitChange,
  type CreditLimitInput,
  type CustomerAccountDetail,
  type CustomerAccountDetails,
  type CustomerAccountList,
  type CustomerAccountListQuery,
  type CustomerAccountRole,
  type CustomerAccountSummary,
  type HoldInput,
  CUSTOMER_ACCOUNT_MESSAGES as MESSAGES,
  type ReleaseInput,
} from '@signalway/shared/customer-accounts'
import type { AccountBillingCycle } from '@signalway/shared/invoices'
import type { Executor } from '../../db/database.ts'
import type { CustomerAccountRow, CustomerAccountUpdate } from '../../db/schema.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { type Clock, toTimestamp } from '../../lib/time.ts'
import { type AuditAction, type AuditContext, writeAudit } from '../audit/audit.ts'
import { findAuditEntries } from '../audit/repository.ts'
import type { AuthUser } from '../auth/plugin.ts'
import {
  countAccounts,
  findAccount,
  findAccounts,
  listMemberSites,
  listMembers,
  listOpenInvitations,
  listSites,
  updateAccountAtVersion,
} from './repository.ts'

/*
 * The back office's customer accounts (ADR 045): the list, one account with its members and sites, and the
 * changes staff make: the details, the credit limit (with a reason) and putting on hold or releasing (a reason to
 * hold). Each change names the version it was made from and is refused (409) when someone saved since; each is
 * audited in its own transaction, the limit's old and new values and reason included.
 */

export interface CustomerAccountsDeps {
  db: Executor
  clock: Clock
}

export function toSummary(row: CustomerAccountRow): CustomerAccountSummary {
  return {
    id: row.id,
    accountNumber: row.account_number,
    legalName: row.legal_name,
    tradingName: row.trading_name,
    abn: row.abn,
    creditLimitCents: row.credit_limit_cents,
    paymentTermsDays: row.payment_terms_days,
    onHold: row.on_hold === 1,
    createdAt: row.created_at,
  }
}

export async function listAccounts(
  { db }: CustomerAccountsDeps,
  query: CustomerAccountListQuery,
): Promise<CustomerAccountList> {
  const filter = {
    search: query.search,
    held: query.held === undefined ? undefined : query.held === 'held',
  }
  const [rows, total] = await Promise.all([
    findAccounts(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countAccounts(db, filter),
  ])
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize }
}

async function accountRow(db: Executor, id: number): Promise<CustomerAccountRow> {
  const row = await findAccount(db, id)
  if (!row) throw new NotFoundError(MESSAGES.notFound)
  return row
}

/** The limit's changes, from the audit log's entries of the account. */
async function limitChangesOf(db: Executor, id: number): Promise<CreditLimitChange[]> {
  const entries = await findAuditEntries(db, 'customer-account', String(id))
  return entries
    .filter((entry) => entry.action === 'customer-account.credit-limit')
    .map((entry) => {
      const before = JSON.parse(entry.before ?? '{}') as { creditLimitCents?: number }
      const after = JSON.parse(entry.after ?? '{}') as { creditLimitCents?: number; reason?: string }
      return {
        at: entry.at,
        by: entry.actor_email ?? 'Unknown',
        fromCents: before.creditLimitCents ?? 0,
        toCents: after.creditLimitCents ?? 0,
        reason: after.reason ?? '',
      }
    })
}

export async function getAccount({ db }: CustomerAccountsDeps, id: number): Promise<CustomerAccountDetail> {
  const row = await accountRow(db, id)
  const [members, memberSites, invitations, sites, limitChanges] = await Promise.all([
    listMembers(db, id),
    listMemberSites(db, id),
    listOpenInvitations(db, id),
    listSites(db, id),
    limitChangesOf(db, id),
  ])
  return {
    ...toSummary(row),
    acn: row.acn,
    billingEmail: row.billing_email,
    invoiceDelivery: row.invoice_delivery,
    poRequired: row.po_required === 1,
    holdReason: row.hold_reason,
    creditApplicationReference: row.credit_application_reference,
    version: row.version,
    updatedAt: row.updated_at,
    members: members.map((member) => ({
      id: member.id,
      userId: member.user_id,
      name: `${member.first_name} ${member.last_name}`.trim(),
      email: member.email,
      role: member.role as CustomerAccountRole,
      approvalLimitCents: member.approval_limit_cents,
      siteIds: memberSites.get(member.id) ?? [],
    })),
    invitations: invitations.map((invitation) => ({
      email: invitation.email,
      role: invitation.role as CustomerAccountRole,
      owner: invitation.is_owner === 1,
      createdAt: invitation.created_at,
      expiresAt: invitation.expires_at,
    })),
    sites: sites.map((site) => ({
      id: site.id,
      name: site.name,
      fullAddress: site.full_address,
      defaultPo: site.default_po,
      contactName: site.contact_name,
      contactPhone: site.contact_phone,
      version: site.version,
    })),
    limitChanges,
    billingCycle: billingCycleOf(row),
  }
}

/** The account's billing cycle as staff see and set it (ADR 051). */
export function billingCycleOf(row: CustomerAccountRow): AccountBillingCycle {
  return {
    kind: row.billing_cycle,
    anchorDay: row.billing_anchor_day,
    dayOfMonth: row.billing_day_of_month,
  }
}

/** The columns of a cycle: a monthly cycle keeps no anchor day, an every-28-days one no day of the month. */
function cycleColumns(cycle: AccountBillingCycle | undefined) {
  if (cycle === undefined) return {}
  return {
    billing_cycle: cycle.kind,
    billing_anchor_day: cycle.kind === 'every_28_days' ? cycle.anchorDay : null,
    billing_day_of_month: cycle.kind === 'monthly' ? cycle.dayOfMonth : null,
  }
}

/** What the audit log keeps of the account's details. */
function detailsOf(row: CustomerAccountRow) {
  return {
    legalName: row.legal_name,
    tradingName: row.trading_name,
    abn: row.abn,
    acn: row.acn,
    billingEmail: row.billing_email,
    invoiceDelivery: row.invoice_delivery,
    paymentTermsDays: row.payment_terms_days,
    poRequired: row.po_required === 1,
    billingCycle: billingCycleOf(row),
  }
}

interface Change {
  action: AuditAction
  before: object
  after: object
  columns: Omit<CustomerAccountUpdate, 'id' | 'version'>
}

/** Saves a change made from `version` and audits it, in one transaction; 409 when someone saved since. */
async function saveChange(
  deps: CustomerAccountsDeps,
  row: CustomerAccountRow,
  version: number,
  change: Change,
  who: { actor: AuthUser; context: AuditContext },
): Promise<CustomerAccountDetail> {
  if (version !== row.version) throw new ConflictError(MESSAGES.conflict)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    const saved = await updateAccountAtVersion(trx, row.id, row.version, {
      ...change.columns,
      updated_at: toTimestamp(now),
    })
    if (!saved) throw new ConflictError(MESSAGES.conflict)
    await writeAudit(trx, {
      actor: who.actor,
      action: change.action,
      targetType: 'customer-account',
      targetId: String(row.id),
      before: change.before,
      after: change.after,
      ...who.context,
      at: now,
    })
  })
  return getAccount(deps, row.id)
}

export async function updateDetails(
  deps: CustomerAccountsDeps,
  id: number,
  details: CustomerAccountDetails,
  actor: AuthUser,
  context: AuditContext,
): Promise<CustomerAccountDetail> {
  const row = await accountRow(deps.db, id)
  const columns = {
    legal_name: details.legalName,
    trading_name: details.tradingName,
    abn: details.abn,
    abn_digits: details.abn.replace(/\D/gu, ''),
    acn: details.acn,
    billing_email: details.billingEmail,
    invoice_delivery: details.invoiceDelivery,
    payment_terms_days: details.paymentTermsDays,
    po_required: details.poRequired ? 1 : 0,
    ...cycleColumns(details.billingCycle),
  }
  return saveChange(
    deps,
    row,
    details.version,
    {
      action: 'customer-account.update',
      before: detailsOf(row),
      after: detailsOf({ ...row, ...columns }),
      columns,
    },
    { actor, context },
  )
}

export async function changeCreditLimit(
  deps: CustomerAccountsDeps,
  id: number,
  input: CreditLimitInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<CustomerAccountDetail> {
  const row = await accountRow(deps.db, id)
  return saveChange(
    deps,
    row,
    input.version,
    {
      action: 'customer-account.credit-limit',
      before: { creditLimitCents: row.credit_limit_cents },
      after: { creditLimitCents: input.creditLimitCents, reason: input.reason },
      columns: { credit_limit_cents: input.creditLimitCents },
    },
    { actor, context },
  )
}

export async function putOnHold(
  deps: CustomerAccountsDeps,
  id: number,
  input: HoldInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<CustomerAccountDetail> {
  const row = await accountRow(deps.db, id)
  if (row.on_hold === 1 && input.version === row.version) throw stateError(MESSAGES.alreadyOnHold)
  return saveChange(
    deps,
    row,
    input.version,
    {
      action: 'customer-account.hold',
      before: { onHold: row.on_hold === 1, holdReason: row.hold_reason },
      after: { onHold: true, holdReason: input.reason },
      columns: { on_hold: 1, hold_reason: input.reason },
    },
    { actor, context },
  )
}

export async function release(
  deps: CustomerAccountsDeps,
  id: number,
  input: ReleaseInput,
  actor: AuthUser,
  context: AuditContext,
): Promise<CustomerAccountDetail> {
  const row = await accountRow(deps.db, id)
  if (row.on_hold === 0 && input.version === row.version) throw stateError(MESSAGES.notOnHold)
  return saveChange(
    deps,
    row,
    input.version,
    {
      action: 'customer-account.release',
      before: { onHold: true, holdReason: row.hold_reason },
      after: { onHold: false, holdReason: null },
      columns: { on_hold: 0, hold_reason: null },
    },
    { actor, context },
  )
}

/** A hold on a held account, or a release of one that is not: a 409 that says so. */
function stateError(message: string): ConflictError {
  return new ConflictError(message)
}
