import { type RawBuilder, sql, type UpdateObject } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import { isUniqueViolation } from '../../db/errors.ts'
import type { DB, NewUserRow, UserRow } from '../../db/schema.ts'
import { normalizeEmail } from '../auth/repository.ts'
import { endInvitationsOfUser } from './invitations-repository.ts'
import { type SearchCondition, userSearchTerms } from './search-terms.ts'

/** A person's name, email and mobile, as the API carries them. */
export interface PersonFields {
  firstName: string
  lastName: string
  email: string
  mobile: string
}

/** The columns of a person's name, email and mobile (with the email's lookup key). */
export function personColumns(person: PersonFields) {
  return {
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    email_normalized: normalizeEmail(person.email),
    mobile: person.mobile,
  }
}

/** A user's id, name, email and mobile as the API answers them (the id as a decimal string). */
export function personOf(user: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'email' | 'mobile'>) {
  return {
    id: String(user.id),
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    mobile: user.mobile,
  }
}

/** The row of a new, active user registered at `now`. */
export function newUserRow(
  person: PersonFields,
  passwordHash: string,
  memberType: number,
  now: Date,
): Omit<NewUserRow, 'email_normalized'> {
  const { email_normalized: _key, ...columns } = personColumns(person)
  const at = now.toISOString()
  return {
    ...columns,
    password_hash: passwordHash,
    member_type: memberType,
    registration_date: at,
    is_active: 1,
    created_at: at,
    updated_at: at,
  }
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

/** Inserts a user (and its search words); returns its id, or undefined when the email is already taken. */
export async function insertUser(
  db: Executor,
  user: Omit<NewUserRow, 'email_normalized'>,
): Promise<number | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({ ...user, email_normalized: normalizeEmail(user.email) })
      .onConflict((conflict) => conflict.column('email_normalized').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (row) await replaceSearchTerms(trx, row.id)
    return row?.id
  })
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
  return updatePersonRow(db, userId, {
    ...personColumns(update),
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
}

/**
 * Writes a user's person columns and renews their search terms, in one transaction; false when the
 * new email is taken. `listedOnly` leaves archived users alone (the admin's edit).
 */
async function updatePersonRow(
  db: Executor,
  userId: number,
  columns: UpdateObject<DB, 'users'>,
  { listedOnly = false }: { listedOnly?: boolean } = {},
): Promise<boolean> {
  try {
    await inTransaction(db, async (trx) => {
      let update = trx.updateTable('users').set(columns).where('id', '=', userId)
      if (listedOnly) update = update.where('archived_at', 'is', null)
      await update.execute()
      await replaceSearchTerms(trx, userId)
    })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}

/**
 * Sets a user's email (a confirmed change: the address is shown to be theirs, ADR 040) and renews their search
 * terms; false when it is taken.
 */
export function updateEmail(db: Executor, userId: number, email: string, now: Date): Promise<boolean> {
  return updatePersonRow(db, userId, {
    email,
    email_normalized: normalizeEmail(email),
    email_confirmed_at: now.toISOString(),
    updated_at: now.toISOString(),
  })
}

/** The user's email is shown to be theirs (a reset link sent to it was used): requirements §15. */
export async function markEmailConfirmed(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_confirmed_at: now.toISOString() })
    .where('id', '=', userId)
    .execute()
}

export async function updatePasswordHash(db: Executor, userId: number, passwordHash: string, now: Date) {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .execute()
}

/* ---------- Admin user management ---------- */

/** Runs `work` in the caller's transaction, or in a new one. */
async function inTransaction<T>(db: Executor, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}

/** Listed (not archived) users registered in [from, before): the admin dashboard's count. */
export async function countUsersRegisteredBetween(db: Executor, from: Date, before: Date): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('archived_at', 'is', null)
    .where('registration_date', '>=', from.toISOString())
    .where('registration_date', '<', before.toISOString())
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/**
 * Rewrites a user's rows of the search index (user_search_terms) from the stored user: its words,
 * registration date and member type; none for an archived user. Every write of those columns
 * calls it, in the same transaction.
 */
export async function replaceSearchTerms(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('user_search_terms').where('user_id', '=', userId).execute()
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email', 'mobile', 'member_type', 'registration_date'])
    .where('id', '=', userId)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
  if (!user) return
  const terms = userSearchTerms(user)
  if (terms.length === 0) return
  await db
    .insertInto('user_search_terms')
    .values(
      terms.map((term) => ({
        word: term.word,
        registration_date: user.registration_date,
        user_id: userId,
        member_type: user.member_type,
        shared_prefix: term.sharedPrefix,
      })),
    )
    .execute()
}

/** The columns of a listed user. */
export type ListedUser = Pick<
  UserRow,
  'id' | 'first_name' | 'last_name' | 'email' | 'mobile' | 'member_type' | 'registration_date' | 'is_active'
>

export interface UserListFilter {
  memberTypes: readonly number[]
  /** ISO instant, inclusive; null for no lower bound. */
  registeredFrom: string | null
  /** ISO instant, exclusive; null for no upper bound. */
  registeredBefore: string | null
  /** Every condition must hold; the most selective first (see orderBySelectivity). */
  search: readonly SearchCondition[]
}

export type UserListSortColumn =
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'mobile'
  | 'member_type'
  | 'registration_date'
  | 'is_active'

export interface UserListOrder {
  column: UserListSortColumn
  direction: 'asc' | 'desc'
}

/*
 * How the list is read (docs/decisions/009-admin-user-search.md). Every read is an index range:
 * - Without a search, a page's ids come from the partial index of the sort column, which also
 *   holds the filter columns (an index-only scan, even for a deep page); then its 10 rows.
 * - With a search, the first (most selective) condition "drives": its rows of user_search_terms,
 *   one per user (shared_prefix), hold the filter columns; each further condition is a probe of
 *   the user's own words (index user_id, word). The count is read there, never from users.
 * - A page of many matches walks the sort column's index and probes each user's words (the first
 *   page needs a handful); a page of few matches sorts them. The count decides which.
 */
const SORT_KEYS: Record<UserListSortColumn, readonly string[]> = {
  first_name: ['users.first_name_key'],
  last_name: ['users.last_name_key'],
  email: ['users.email_normalized'],
  mobile: ['users.mobile'],
  member_type: ['users.member_type', 'users.registration_date'],
  registration_date: ['users.registration_date'],
  is_active: ['users.is_active', 'users.registration_date'],
}

/** Above this many matches a page walks the sort column's index instead of sorting the matches. */
export const WALK_ABOVE = 2000

/** Conditions are told apart by their number of rows up to this many. */
const SELECTIVITY_BOUND = 20_000

/** `alias.word` matching one search condition. */
function wordMatches(alias: string, condition: SearchCondition) {
  const word = sql.ref(`${alias}.word`)
  return 'exact' in condition
    ? sql`${word} = ${condition.exact}`
    : sql`${word} >= ${condition.from} and ${word} < ${condition.to}`
}

/** The filter on rows (users or user_search_terms) of `alias`; `hide` columns from SQLite's planner. */
function filterOn(alias: string, filter: UserListFilter, hide: { type?: boolean; date?: boolean } = {}) {
  const column = (name: string, hidden: boolean | undefined) =>
    hidden ? sql`+${sql.ref(`${alias}.${name}`)}` : sql.ref(`${alias}.${name}`)
  const parts = [sql`${column('member_type', hide.type)} in (${sql.join([...filter.memberTypes])})`]
  if (filter.registeredFrom !== null) {
    parts.push(sql`${column('registration_date', hide.date)} >= ${filter.registeredFrom}`)
  }
  if (filter.registeredBefore !== null) {
    parts.push(sql`${column('registration_date', hide.date)} < ${filter.registeredBefore}`)
  }
  return sql.join(parts, sql` and `)
}

/**
 * The user `userId` (an SQL reference) has a word matching `condition`: one probe of the index
 * (user_id, word) per user. The `limit 1` keeps PostgreSQL from turning it into a hash join over
 * every user with such a word, which costs far more when the driving users are few (they are: the
 * most selective condition drives).
 */
function hasWord(userId: RawBuilder<unknown>, condition: SearchCondition) {
  return sql`exists (select 1 from user_search_terms probe where probe.user_id = ${userId} and ${wordMatches('probe', condition)} limit 1)`
}

/** The driving rows: one per user matching every condition and the filter (alias `driver`). */
function driverRows(filter: UserListFilter) {
  const [first, ...others] = filter.search
  if (!first) throw new Error('driverRows needs a search')
  const parts = [wordMatches('driver', first), filterOn('driver', filter)]
  if (!('exact' in first)) parts.push(sql`driver.shared_prefix < ${first.length}`)
  for (const condition of others) parts.push(hasWord(sql.ref('driver.user_id'), condition))
  return sql`from user_search_terms driver where ${sql.join(parts, sql` and `)}`
}

/**
 * The conditions of a search, the most selective first: each condition's rows are counted, up to
 * a bound, from the index (at most a millisecond or two each), and an exact word wins a tie.
 */
export async function orderBySelectivity(db: Executor, filter: UserListFilter): Promise<SearchCondition[]> {
  if (filter.search.length < 2) return [...filter.search]
  const bound = SELECTIVITY_BOUND
  const sized = await Promise.all(
    filter.search.map(async (condition) => {
      const { rows } = await sql<{ count: number | string }>`select count(*) as count from
        (select 1 from user_search_terms driver where ${wordMatches('driver', condition)}
          and ${filterOn('driver', filter)} limit ${bound}) bounded`.execute(db)
      return { condition, size: Number(rows[0]?.count ?? 0) }
    }),
  )
  const exactFirst = (condition: SearchCondition) => ('exact' in condition ? 0 : 1)
  return sized
    .sort((a, b) => a.size - b.size || exactFirst(a.condition) - exactFirst(b.condition))
    .map((entry) => entry.condition)
}

/**
 * The listed (not archived) users matching a filter, in order; a page of them with `page`.
 * `page.total` (from countUsers) tells how to read the page: walking an index or sorting matches.
 */
export async function listUsers(
  db: Executor,
  filter: UserListFilter,
  order: UserListOrder,
  page?: { limit: number; offset: number; total?: number },
): Promise<ListedUser[]> {
  if (filter.memberTypes.length === 0) return []
  const sqlite = dialectOf(db) === 'sqlite'
  const direction = order.direction === 'asc' ? sql`asc` : sql`desc`
  const userOrder = sql.join(
    [...SORT_KEYS[order.column], 'users.id'].map((key) => sql`${sql.raw(key)} ${direction}`),
  )
  const paging = page ? sql` limit ${page.limit} offset ${page.offset}` : sql``
  const many = page?.total !== undefined && page.total > WALK_ABOVE
  const byDate = order.column === 'registration_date'
  // SQLite's planner, unlike PostgreSQL's, does not weigh a walk in order against a filter on
  // another index: the filter columns it must not use are hidden from it.
  const hide = sqlite && many ? { type: true, date: !byDate && order.column !== 'member_type' } : {}
  const [first] = filter.search

  let ids: RawBuilder<unknown>
  if (!first) {
    ids = sql`select users.id from users where users.archived_at is null and ${filterOn('users', filter, hide)}
      order by ${userOrder}${paging}`
  } else if (byDate && ('exact' in first || !many)) {
    // An exact word's rows are in date order already; a few matches are sorted.
    ids = sql`select driver.user_id as id ${driverRows(filter)}
      order by driver.registration_date ${direction}, driver.user_id ${direction}${paging}`
  } else if (many) {
    const probes = filter.search.map((condition) => hasWord(sql.ref('users.id'), condition))
    ids = sql`select users.id from users where users.archived_at is null and ${filterOn('users', filter, hide)}
      and ${sql.join(probes, sql` and `)} order by ${userOrder}${paging}`
  } else {
    ids = sql`select users.id from users where users.archived_at is null
      and users.id in (select driver.user_id ${driverRows(filter)}) order by ${userOrder}${paging}`
  }
  const { rows } = await sql<ListedUser>`select users.id, users.first_name, users.last_name, users.email,
      users.mobile, users.member_type, users.registration_date, users.is_active
    from users inner join (${ids}) page on page.id = users.id
    order by ${userOrder}`.execute(db)
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}

/** How many listed users match a filter (each counted once, without DISTINCT). */
export async function countUsers(db: Executor, filter: UserListFilter): Promise<number> {
  if (filter.memberTypes.length === 0) return 0
  const query =
    filter.search.length === 0
      ? sql<{ count: number | string }>`select count(*) as count from users
          where users.archived_at is null and ${filterOn('users', filter)}`
      : sql<{ count: number | string }>`select count(*) as count ${driverRows(filter)}`
  const { rows } = await query.execute(db)
  return Number(rows[0]?.count ?? 0)
}

/** A user who is listed (not archived), active or not. */
export async function findListedUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('archived_at', 'is', null)
    .executeTakeFirst()
}

export interface AdminUserUpdate {
  firstName: string
  lastName: string
  email: string
  mobile: string
  memberType: number
}

/**
 * An administrator's update of a listed user. False when the email is taken. A new address is unconfirmed:
 * staff typing it in does not show it is the user's (only a link opened from it does), so what was sent with
 * it shows on their account only once they confirm it. The same address in other letter case stays confirmed.
 */
export async function updateUserByAdmin(
  db: Executor,
  userId: number,
  update: AdminUserUpdate,
  now: Date,
): Promise<boolean> {
  const columns = personColumns(update)
  // Compared with the stored address: SET reads the row as it was before the update.
  const confirmedAt = sql<string | null>`case when email_normalized = ${columns.email_normalized}
    then email_confirmed_at else null end`
  return updatePersonRow(
    db,
    userId,
    {
      ...columns,
      email_confirmed_at: confirmedAt,
      member_type: update.memberType,
      updated_at: now.toISOString(),
    },
    { listedOnly: true },
  )
}

/**
 * Ends the links that could still confirm an address for a user whose email staff changed: their open email
 * changes (the confirmation and cancel links) and their unused password reset links, which went to the old
 * address (a reset marks the account's address confirmed). The same writes as accounts/repository.ts's
 * endOpenEmailChanges and expireResetTokensOfUser, which this module cannot import (accounts imports users).
 */
export async function endEmailLinks(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ ended_at: now.toISOString(), outcome: 'changed-by-staff' })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute()
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute()
  // An invitation went to the old address too (ADR 035).
  await endInvitationsOfUser(db, userId, now)
}

/** Archives (soft-deletes) a listed user, who leaves the search index; false when there is none. */
export async function archiveUser(db: Executor, userId: number, now: Date): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ archived_at: now.toISOString(), updated_at: now.toISOString() })
      .where('id', '=', userId)
      .where('archived_at', 'is', null)
      .executeTakeFirst()
    if (Number(result.numUpdatedRows) === 0) return false
    await replaceSearchTerms(trx, userId)
    return true
  })
}
