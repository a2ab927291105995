import type { CreditApplicationData } from '@signalway/shared/credit'
import type { CreditApplicationSummary } from '@signalway/shared/credit-admin'
import { formatAbn } from '@signalway/shared/fields'
import { type ExpressionBuilder, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow, DB, FileRow, NewCreditApplicationRow } from '../../db/schema.ts'
import { toTimestamp } from '../../lib/time.ts'

export interface NewCreditApplication {
  reference: string
  /** The customer section: the list's columns (business, ABN, type, applicant, email) come from it. */
  section1: CreditApplicationData['section1']
  /** The structured application as stored, with file ids where the blobs were. */
  stored: unknown
  payloadSha256: string
  submittedAt: Date
  /** The signing record's client. */
  record: { ip: string; userAgent: string }
  /** Ids of the stored files (files.id). */
  pdfFileId: string
  deedFileId: string | null
}

export async function insertCreditApplication(
  db: Executor,
  application: NewCreditApplication,
): Promise<number> {
  const s1 = application.section1
  const row: NewCreditApplicationRow = {
    reference: application.reference,
    business_name: s1.businessName,
    abn: formatAbn(s1.abn),
    abn_digits: s1.abn.replace(/\D+/gu, ''),
    customer_type: s1.customerType,
    applicant_name: s1.personCompletingTheApplication,
    email: s1.email,
    payload: JSON.stringify(application.stored),
    payload_sha256: application.payloadSha256,
    submitted_at: toTimestamp(application.submittedAt),
    ip: application.record.ip,
    user_agent: application.record.userAgent,
    pdf_file_id: application.pdfFileId,
    trust_deed_file_id: application.deedFileId,
  }
  const inserted = await db
    .insertInto('credit_applications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export interface ListQuery {
  /** Matches the business name (case-insensitive, anywhere) or the ABN's digits (spaces ignored). */
  search: string
  limit: number
  offset: number
}

/** A page of applications (the admin list's shape), newest first, and how many match in all. */
export async function listCreditApplications(
  db: Executor,
  query: ListQuery,
): Promise<{ items: CreditApplicationSummary[]; total: number }> {
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
  return {
    items: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      businessName: row.business_name,
      abn: row.abn,
      customerType: row.customer_type,
      applicantName: row.applicant_name,
      email: row.email,
      submittedAt: row.submitted_at,
    })),
    total: Number(count.count),
  }
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
