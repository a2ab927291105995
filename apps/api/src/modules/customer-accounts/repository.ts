import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import type {
  CustomerAccountMemberRow,
  CustomerAccountRow,
  CustomerAccountSiteRow,
  CustomerAccountsTable,
  DB,
} from '../../db/schema.ts'

/* Company customer accounts (ADR 045): the accounts, their members, sites and invitations. */

/** The counter row's name: every account number comes from it. */
const COUNTER = 'SW'

/** The next account number, from the counter row named 'SW' (see `nextCounterValue`). */
export async function nextAccountNumber(db: Executor, first: number): Promise<number> {
  return nextCounterValue(db, COUNTER, first)
}

export async function findAccountByApplication(
  db: Executor,
  creditApplicationId: number,
): Promise<CustomerAccountRow | undefined> {
  return db
    .selectFrom('customer_accounts')
    .selectAll()
    .where('credit_application_id', '=', creditApplicationId)
    .executeTakeFirst()
}

export async function insertAccount(
  db: Executor,
  values: Insertable<CustomerAccountsTable>,
): Promise<number> {
  const row = await db
    .insertInto('customer_accounts')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export async function insertMember(
  db: Executor,
  values: {
    account_id: number
    user_id: number
    role: string
    approval_limit_cents: number | null
    now: string
  },
): Promise<void> {
  const { now, ...member } = values
  await db
    .insertInto('customer_account_members')
    .values({ ...member, version: 1, created_at: now, updated_at: now })
    .execute()
}

export async function findAccount(db: Executor, id: number): Promise<CustomerAccountRow | undefined> {
  return db.selectFrom('customer_accounts').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Filters in storage terms. */
export interface AccountQuery {
  /** Part of the number, the legal or trading name (case ignored), or of the ABN's digits. */
  search: string
  held?: boolean | undefined
}

function listCondition(query: AccountQuery) {
  const text = query.search.trim().toLowerCase()
  const digits = text.replace(/\s+/gu, '')
  return (eb: ExpressionBuilder<DB, 'customer_accounts'>) => {
    const parts: Expression<SqlBool>[] = []
    if (text !== '') {
      const like = `%${escapeLike(text)}%`
      const matches: Expression<SqlBool>[] = [
        sql<boolean>`lower(${eb.ref('account_number')}) like ${like} escape '\\'`,
        sql<boolean>`lower(${eb.ref('legal_name')}) like ${like} escape '\\'`,
        sql<boolean>`lower(${eb.ref('trading_name')}) like ${like} escape '\\'`,
      ]
      if (/^\d+$/u.test(digits)) matches.push(eb('abn_digits', 'like', `%${digits}%`))
      parts.push(eb.or(matches))
    }
    if (query.held !== undefined) parts.push(eb('on_hold', '=', query.held ? 1 : 0))
    return parts.length === 0 ? eb.lit(true) : eb.and(parts)
  }
}

/** The columns a change of an account may set (not its id or version). */
export type AccountColumns = Omit<Updateable<CustomerAccountsTable>, 'id' | 'version'>

/** Escapes LIKE's wildcards so that a search for '100%' matches the text '100%'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (char) => `\\${char}`)
}

/** By account number; `limit` rows from `offset`. */
export async function findAccounts(
  db: Executor,
  query: AccountQuery,
  page: { limit: number; offset: number },
): Promise<CustomerAccountRow[]> {
  return db
    .selectFrom('customer_accounts')
    .selectAll()
    .where(listCondition(query))
    .orderBy('account_number')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countAccounts(db: Executor, query: AccountQuery): Promise<number> {
  const row = await db
    .selectFrom('customer_accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(listCondition(query))
    .executeTakeFirstOrThrow()
  // PostgreSQL returns count(*) as a string (bigint).
  return Number(row.count)
}

/** Saves an account changed from `version` (and moves it on by one): false when it has another version now. */
export async function updateAccountAtVersion(
  db: Executor,
  id: number,
  version: number,
  values: Omit<Updateable<CustomerAccountsTable>, 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('customer_accounts')
    .set({ ...values, version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** A member with the name and address of their user. */
export type MemberWithUser = CustomerAccountMemberRow & {
  first_name: string
  last_name: string
  email: string
}

/** The account's members by role then name. Names come with them: a member is a user of the site. */
export async function listMembers(db: Executor, accountId: number): Promise<MemberWithUser[]> {
  return db
    .selectFrom('customer_account_members')
    .innerJoin('users', 'users.id', 'customer_account_members.user_id')
    .selectAll('customer_account_members')
    .select(['users.first_name', 'users.last_name', 'users.email'])
    .where('customer_account_members.account_id', '=', accountId)
    .orderBy('customer_account_members.id')
    .execute()
}

/** The site ids of each Site supervisor of the account, by member id. */
export async function listMemberSites(db: Executor, accountId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .selectFrom('customer_account_member_sites')
    .innerJoin(
      'customer_account_members',
      'customer_account_members.id',
      'customer_account_member_sites.member_id',
    )
    .select(['customer_account_member_sites.member_id', 'customer_account_member_sites.site_id'])
    .where('customer_account_members.account_id', '=', accountId)
    .orderBy('customer_account_member_sites.site_id')
    .execute()
  const sites = new Map<number, number[]>()
  for (const row of rows) sites.set(row.member_id, [...(sites.get(row.member_id) ?? []), row.site_id])
  return sites
}

export async function listSites(db: Executor, accountId: number): Promise<CustomerAccountSiteRow[]> {
  return db
    .selectFrom('customer_account_sites')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('name')
    .orderBy('id')
    .execute()
}

/** The invitations not used yet (expired ones too: staff see that one was sent). */
export async function listOpenInvitations(db: Executor, accountId: number) {
  return db
    .selectFrom('customer_account_invitations')
    .select(['email', 'role', 'is_owner', 'created_at', 'expires_at'])
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** A user's memberships with their accounts, by account number. */
export async function findMemberships(db: Executor, userId: number, accountId?: number) {
  let select = db
    .selectFrom('customer_account_members')
    .innerJoin('customer_accounts', 'customer_accounts.id', 'customer_account_members.account_id')
    .selectAll('customer_accounts')
    .select('customer_account_members.role')
    .where('customer_account_members.user_id', '=', userId)
  if (accountId !== undefined) select = select.where('customer_accounts.id', '=', accountId)
  return select.orderBy('customer_accounts.account_number').execute()
}
