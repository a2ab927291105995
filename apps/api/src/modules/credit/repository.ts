import { type ExpressionBuilder, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow, DB, FileRow, NewCreditApplicationRow } from '../../db/schema.ts'

export async function insertCreditApplication(db: Executor, row: NewCreditApplicationRow): Promise<number> {
  const inserted = await db
    .insertInto('credit_applications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export type CreditApplicationListRow = Pick<
  CreditApplicationRow,
  'id' | 'reference' | 'business_name' | 'abn' | 'customer_type' | 'applicant_name' | 'email' | 'submitted_at'
>

export interface ListQuery {
  /** Matches the business name (case-insensitive, anywhere) or the ABN's digits (spaces ignored). */
  search: string
  limit: number
  offset: number
}

/** A page of applications, newest first, and how many match in all. */
export async function listCreditApplications(
  db: Executor,
  query: ListQuery,
): Promise<{ rows: CreditApplicationListRow[]; total: number }> {
  const where = searchCondition(query.search)
  const [rows, count] = await Promise.all([
    db
      .selectFrom('credit_applications')
      .select([
        'id',
        'reference',
        'business_name',
        'abn',
        'customer_type',
        'applicant_name',
        'email',
        'submitted_at',
      ])
      .where(where)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('credit_applications')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ])
  // PostgreSQL returns count(*) as a string (bigint).
  return { rows, total: Number(count.count) }
}

function searchCondition(search: string) {
  const text = search.trim().toLowerCase()
  const digits = text.replace(/\s+/gu, '')
  return (eb: ExpressionBuilder<DB, 'credit_applications'>) => {
    if (text === '') return eb.lit(true)
    const byName = sql<boolean>`lower(${eb.ref('business_name')}) like ${`%${escapeLike(text)}%`} escape '\\'`
    if (!/^\d+$/u.test(digits)) return byName
    return eb.or([byName, eb('abn_digits', 'like', `%${digits}%`)])
  }
}

/** Escapes LIKE's wildcards so that a search for '100%' matches the text '100%'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (char) => `\\${char}`)
}

/** The stored PDF of an application, with its reference. */
export async function findCreditApplicationPdf(
  db: Executor,
  id: number,
): Promise<{ reference: string; file: FileRow } | undefined> {
  const row = await db
    .selectFrom('credit_applications')
    .innerJoin('files', 'files.id', 'credit_applications.pdf_file_id')
    .select([
      'credit_applications.reference',
      'files.id',
      'files.name',
      'files.content_type',
      'files.size',
      'files.data',
      'files.sha256',
      'files.created_at',
    ])
    .where('credit_applications.id', '=', id)
    .executeTakeFirst()
  if (!row) return undefined
  const { reference, ...file } = row
  return { reference, file }
}

export async function findCreditApplicationByReference(
  db: Executor,
  reference: string,
): Promise<CreditApplicationRow | undefined> {
  return db
    .selectFrom('credit_applications')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst()
}
