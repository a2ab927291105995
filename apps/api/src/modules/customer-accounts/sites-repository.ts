import type { Insertable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { CustomerAccountSiteRow, CustomerAccountSitesTable } from '../../db/schema.ts'

/* A customer account's job sites (ADR 045). */

export async function findSite(
  db: Executor,
  accountId: number,
  siteId: number,
): Promise<CustomerAccountSiteRow | undefined> {
  return db
    .selectFrom('customer_account_sites')
    .selectAll()
    .where('id', '=', siteId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export async function insertSite(
  db: Executor,
  values: Insertable<CustomerAccountSitesTable>,
): Promise<number> {
  const row = await db
    .insertInto('customer_account_sites')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** Saves a site changed from `version` (moving it on by one): false when it has another version now. */
export async function updateSiteAtVersion(
  db: Executor,
  siteId: number,
  version: number,
  values: Omit<Updateable<CustomerAccountSitesTable>, 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('customer_account_sites')
    .set({ ...values, version: version + 1 })
    .where('id', '=', siteId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Removes a site at `version` (a Site supervisor's hold on it goes with it): false when it changed since. */
export async function deleteSiteAtVersion(db: Executor, siteId: number, version: number): Promise<boolean> {
  await db.deleteFrom('customer_account_member_sites').where('site_id', '=', siteId).execute()
  const result = await db
    .deleteFrom('customer_account_sites')
    .where('id', '=', siteId)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numDeletedRows) === 1
}

/** The user's membership of the account, with the sites given to it; undefined when they are not a member. */
export async function findMembership(db: Executor, userId: number, accountId: number) {
  const member = await db
    .selectFrom('customer_account_members')
    .select(['id', 'role'])
    .where('user_id', '=', userId)
    .where('account_id', '=', accountId)
    .executeTakeFirst()
  if (!member) return undefined
  const sites = await db
    .selectFrom('customer_account_member_sites')
    .select('site_id')
    .where('member_id', '=', member.id)
    .execute()
  return { ...member, siteIds: sites.map((site) => site.site_id) }
}
