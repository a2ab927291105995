import { sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { EnquiryKind, EnquiryRow, EnquiryStatus, NewEnquiryRow } from '../../db/schema.ts'

/** Filters in storage terms: instants are ISO 8601 UTC, `to` exclusive. */
export interface EnquiryQuery {
  kind?: EnquiryKind | undefined
  status?: EnquiryStatus | undefined
  createdFrom?: string | undefined
  createdBefore?: string | undefined
  /** Each word must occur (case ignored) in the reference, name, email, phone or message. */
  searchWords?: string[] | undefined
  /** An administrator's id, or 'none' for the unassigned. */
  assignee?: number | 'none' | undefined
}

export async function insertEnquiry(db: Executor, enquiry: NewEnquiryRow): Promise<void> {
  await db.insertInto('enquiries').values(enquiry).execute()
}

/**
 * The next reference number of a kind ('Q', 'M') in a Melbourne year: one statement that creates the year's counter
 * at 1 or advances it by one, and returns it. Called in the transaction that stores the enquiry: PostgreSQL's row
 * lock on the counter orders concurrent submissions from any instance, SQLite has one writer, and a rolled back
 * submission gives its number back (no gaps).
 */
export async function nextReferenceNumber(db: Executor, prefix: string, year: number): Promise<number> {
  const row = await db
    .insertInto('enquiry_reference_counters')
    .values({ prefix, year, last_number: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['prefix', 'year'])
        .doUpdateSet({ last_number: sql<number>`enquiry_reference_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number)
}

export async function findEnquiryById(db: Executor, id: string): Promise<EnquiryRow | undefined> {
  return db.selectFrom('enquiries').selectAll().where('id', '=', id).executeTakeFirst()
}

/** Newest first; `limit` rows from `offset`. */
export async function findEnquiries(
  db: Executor,
  query: EnquiryQuery,
  page: { limit: number; offset: number },
): Promise<EnquiryRow[]> {
  return filtered(db, query)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countEnquiries(db: Executor, query: EnquiryQuery): Promise<number> {
  const row = await filtered(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  // PostgreSQL returns count(*) as a string (bigint).
  return Number(row.count)
}

/** Sets the status and the assignee; false when there is no such enquiry. */
export async function updateEnquiry(
  db: Executor,
  id: string,
  fields: { status: EnquiryStatus; assignee_id: number | null },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('enquiries')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

const SEARCHED_COLUMNS = ['reference', 'name', 'email', 'phone', 'message'] as const

function filtered(db: Executor, query: EnquiryQuery) {
  let select = db.selectFrom('enquiries')
  if (query.kind) select = select.where('kind', '=', query.kind)
  if (query.status) select = select.where('status', '=', query.status)
  if (query.createdFrom) select = select.where('created_at', '>=', query.createdFrom)
  if (query.createdBefore) select = select.where('created_at', '<', query.createdBefore)
  if (query.assignee === 'none') select = select.where('assignee_id', 'is', null)
  else if (query.assignee !== undefined) select = select.where('assignee_id', '=', query.assignee)
  for (const word of query.searchWords ?? []) {
    // lower() on both sides: LIKE ignores case on SQLite (ASCII only) but not on PostgreSQL.
    const pattern = `%${escapeLike(word.toLowerCase())}%`
    select = select.where((eb) =>
      eb.or(
        SEARCHED_COLUMNS.map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape ${'\\'}`,
        ),
      ),
    )
  }
  return select
}

/** LIKE wildcards in a search word match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}
