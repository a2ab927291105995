import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * The admin user table at 100,000 users (docs/decisions/009-admin-user-search.md):
 *
 * - user_search_terms: one row per distinct word of a listed (not archived) user's names, email
 *   and mobile, carrying the user's registration date and member type, so that a search, its
 *   filter and its count are read from one index without touching the users table; and the
 *   length of the prefix the word shares with the user's previous word (one row per user for any
 *   prefix, see modules/users/search-terms.ts). Words compare by code point on both dialects
 *   (SQLite BINARY, PostgreSQL "C"), so that a prefix is the range [prefix, prefix with its last
 *   character incremented).
 * - Partial indexes on the listed users, one per sortable column, each covering the filter
 *   (member type, registration date): a page's ids, even a deep one, come from an index alone.
 *
 * An early draft of 0005 created a first version of these; they are replaced here.
 */
const LIST_INDEXES = [
  ['users_list_registration_idx', 'registration_date, id, member_type'],
  ['users_list_first_name_idx', 'lower(first_name), id, member_type, registration_date'],
  ['users_list_last_name_idx', 'lower(last_name), id, member_type, registration_date'],
  ['users_list_email_idx', 'email_normalized, id, member_type, registration_date'],
  ['users_list_mobile_idx', 'mobile, id, member_type, registration_date'],
  ['users_list_type_idx', 'member_type, registration_date, id'],
  ['users_list_active_idx', 'is_active, registration_date, id, member_type'],
] as const

/*
 * The search words of a user as they were when this migration was written: a frozen copy of
 * modules/users/search-terms.ts (whatever that module becomes, this migration fills the table the
 * way the schema of its day expects). Words: lower-cased runs of letters and digits of the names,
 * the email, the mobile and the mobile as the mask shows it; distinct, in code point order, each
 * with the length of the prefix it shares with the one before.
 */
interface SearchableUser {
  first_name: string
  last_name: string
  email: string
  mobile: string
}

function userSearchTerms(user: SearchableUser): { word: string; sharedPrefix: number }[] {
  const digits = user.mobile.replace(/\s+/gu, '')
  const masked = /^04\d{8}$/u.test(digits)
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : user.mobile
  const text = `${user.first_name} ${user.last_name} ${user.email} ${user.mobile} ${masked}`
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].sort(compareCodePoints)
  return words.map((word, index) => ({
    word,
    sharedPrefix: index === 0 ? 0 : sharedPrefixLength(words[index - 1] as string, word),
  }))
}

function compareCodePoints(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  for (let index = 0; index < Math.min(left.length, right.length); index++) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0)
    if (difference !== 0) return difference
  }
  return left.length - right.length
}

function sharedPrefixLength(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  let length = 0
  while (length < left.length && length < right.length && left[length] === right[length]) length++
  return length
}

export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'

  await db.schema.dropTable('user_search_terms').ifExists().execute()
  for (const [name] of LIST_INDEXES) await db.schema.dropIndex(name).ifExists().execute()

  const word = postgres ? sql`text collate "C"` : sql`text`
  await sql`create table user_search_terms (
    word ${word} not null,
    registration_date text not null,
    user_id integer not null references users (id) on delete cascade,
    member_type integer not null,
    shared_prefix integer not null,
    constraint user_search_terms_pkey primary key (word, registration_date, user_id)
      ${postgres ? sql`include (member_type, shared_prefix)` : sql``}
  )${postgres ? sql`` : sql` without rowid`}`.execute(db)
  // A user's words: for rewriting them, and to check a user against a further search term.
  await db.schema
    .createIndex('user_search_terms_user_idx')
    .on('user_search_terms')
    .columns(['user_id', 'word'])
    .execute()

  for (const [name, columns] of LIST_INDEXES) {
    await sql`create index ${sql.raw(name)} on users (${sql.raw(columns)}) where archived_at is null`.execute(
      db,
    )
  }

  await backfill(db)
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of LIST_INDEXES) await db.schema.dropIndex(name).ifExists().execute()
  await db.schema.dropTable('user_search_terms').execute()
}

/** The search index of the listed users that exist already. */
async function backfill(db: AnyDb): Promise<void> {
  let after = 0
  for (;;) {
    const users: {
      id: number
      first_name: string
      last_name: string
      email: string
      mobile: string
      member_type: number
      registration_date: string
    }[] = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'mobile', 'member_type', 'registration_date'])
      .where('id', '>', after)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(500)
      .execute()
    if (users.length === 0) break
    const rows = users.flatMap((user) =>
      userSearchTerms(user).map((term) => ({
        word: term.word,
        registration_date: user.registration_date,
        user_id: user.id,
        member_type: user.member_type,
        shared_prefix: term.sharedPrefix,
      })),
    )
    for (let index = 0; index < rows.length; index += 200) {
      await db
        .insertInto('user_search_terms')
        .values(rows.slice(index, index + 200))
        .execute()
    }
    after = users.at(-1)?.id ?? after
  }
  await sql`analyze`.execute(db)
}
