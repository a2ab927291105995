import { SITE_MESSAGES, type SiteValues } from '@signalway/shared/customer-account-sites'
import { CUSTOMER_ACCOUNT_MESSAGES, type MySite } from '@signalway/shared/customer-accounts'
import type { CustomerAccountSiteRow } from '../../db/schema.ts'
import { ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditAction, type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { CustomerAccountsDeps } from './accounts.ts'
import { listSites } from './repository.ts'
import {
  deleteSiteAtVersion,
  findMembership,
  findSite,
  insertSite,
  updateSiteAtVersion,
} from './sites-repository.ts'

/*
 * A customer account's job sites in My Account (ADR 045, requirements §18). Every call checks, on the server, that
 * the user is a member of the account (else 404, as for an unknown account), that a change comes from an Account
 * admin (else 403), and that a Site supervisor reads only the sites given to them. Changes are version-checked and
 * audited like staff changes, the member as the actor.
 */

export function toSite(row: CustomerAccountSiteRow): MySite {
  return {
    id: row.id,
    name: row.name,
    fullAddress: row.full_address,
    defaultPo: row.default_po,
    contactName: row.contact_name,
    contactPhone: row.contact_phone,
    version: row.version,
    // The parts fill the site's form again when an Account admin edits it.
    address: {
      fullAddress: row.full_address,
      unitNumber: row.unit_number ?? '',
      streetNumber: row.street_number ?? '',
      streetName: row.street_name ?? '',
      city: row.city ?? '',
      state: row.state ?? '',
      postcode: row.postcode ?? '',
    },
  }
}

async function membershipOf(deps: CustomerAccountsDeps, user: AuthUser, accountId: number) {
  const member = await findMembership(deps.db, Number(user.id), accountId)
  if (!member) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return member
}

async function accountAdminOf(deps: CustomerAccountsDeps, user: AuthUser, accountId: number): Promise<void> {
  const member = await membershipOf(deps, user, accountId)
  if (member.role !== 'account_admin') throw new ForbiddenError(SITE_MESSAGES.accountAdminOnly)
}

/** The account's sites a member may see: every one, or a Site supervisor's own. */
export async function listMySites(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  accountId: number,
): Promise<MySite[]> {
  const member = await membershipOf(deps, user, accountId)
  const sites = await listSites(deps.db, accountId)
  const visible =
    member.role === 'site_supervisor' ? sites.filter((site) => member.siteIds.includes(site.id)) : sites
  return visible.map(toSite)
}

export function columnsOf(values: SiteValues) {
  const text = (value: string | null | undefined) => (value ? value : null)
  return {
    name: values.name,
    full_address: values.address.fullAddress,
    unit_number: text(values.address.unitNumber),
    street_number: text(values.address.streetNumber),
    street_name: text(values.address.streetName),
    city: text(values.address.city),
    state: text(values.address.state),
    postcode: text(values.address.postcode),
    default_po: text(values.defaultPo),
    contact_name: text(values.contactName),
    contact_phone: text(values.contactPhone),
  }
}

/** What the audit log keeps of a site. */
function snapshot(
  row: Pick<CustomerAccountSiteRow, 'name' | 'full_address' | 'default_po' | 'contact_name'>,
) {
  return {
    name: row.name,
    address: row.full_address,
    defaultPo: row.default_po,
    contactName: row.contact_name,
  }
}

async function audit(
  trx: CustomerAccountsDeps['db'],
  change: { action: AuditAction; accountId: number; before: object | null; after: object | null },
  who: { user: AuthUser; context: AuditContext; now: Date },
): Promise<void> {
  await writeAudit(trx, {
    actor: who.user,
    action: change.action,
    targetType: 'customer-account',
    targetId: String(change.accountId),
    before: change.before,
    after: change.after,
    ...who.context,
    at: who.now,
  })
}

export async function addSite(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  accountId: number,
  values: SiteValues,
  context: AuditContext,
): Promise<MySite> {
  await accountAdminOf(deps, user, accountId)
  const now = deps.clock()
  const columns = columnsOf(values)
  const id = await deps.db.transaction().execute(async (trx) => {
    const created = await insertSite(trx, {
      ...columns,
      account_id: accountId,
      version: 1,
      created_at: toTimestamp(now),
      updated_at: toTimestamp(now),
    })
    const after = { siteId: created, ...snapshot(columns) }
    await audit(
      trx,
      { action: 'customer-account.site-create', accountId, before: null, after },
      { user, context, now },
    )
    return created
  })
  return toSite((await findSite(deps.db, accountId, id)) as CustomerAccountSiteRow)
}

async function siteRow(deps: CustomerAccountsDeps, accountId: number, siteId: number) {
  const row = await findSite(deps.db, accountId, siteId)
  if (!row) throw new NotFoundError(SITE_MESSAGES.notFound)
  return row
}

export async function updateSite(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  ids: { accountId: number; siteId: number },
  values: SiteValues,
  context: AuditContext,
): Promise<MySite> {
  await accountAdminOf(deps, user, ids.accountId)
  const row = await siteRow(deps, ids.accountId, ids.siteId)
  if (values.version !== row.version) throw new ConflictError(SITE_MESSAGES.conflict)
  const now = deps.clock()
  const columns = columnsOf(values)
  await deps.db.transaction().execute(async (trx) => {
    const saved = await updateSiteAtVersion(trx, row.id, row.version, {
      ...columns,
      updated_at: toTimestamp(now),
    })
    if (!saved) throw new ConflictError(SITE_MESSAGES.conflict)
    const change = {
      action: 'customer-account.site-update' as const,
      accountId: ids.accountId,
      before: { siteId: row.id, ...snapshot(row) },
      after: { siteId: row.id, ...snapshot(columns) },
    }
    await audit(trx, change, { user, context, now })
  })
  return toSite(await siteRow(deps, ids.accountId, ids.siteId))
}

export async function removeSite(
  deps: CustomerAccountsDeps,
  user: AuthUser,
  ids: { accountId: number; siteId: number },
  version: number,
  context: AuditContext,
): Promise<void> {
  await accountAdminOf(deps, user, ids.accountId)
  const row = await siteRow(deps, ids.accountId, ids.siteId)
  if (version !== row.version) throw new ConflictError(SITE_MESSAGES.conflict)
  const now = deps.clock()
  await deps.db.transaction().execute(async (trx) => {
    if (!(await deleteSiteAtVersion(trx, row.id, row.version)))
      throw new ConflictError(SITE_MESSAGES.conflict)
    const change = {
      action: 'customer-account.site-delete' as const,
      accountId: ids.accountId,
      before: { siteId: row.id, ...snapshot(row) },
      after: null,
    }
    await audit(trx, change, { user, context, now })
  })
}
