import type { CreditApplicationData } from '@signalway/shared/credit'
import {
  AWAITING_DECISION,
  CREDIT_STATUSES_AWAITING_DECISION,
  type CreditApplicationSummary,
  type CreditListStatus,
  type CreditStatus,
} from '@signalway/shared/credit-admin'
import { formatAbn } from '@signalway/shared/fields'
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow, DB, FileRow, NewCreditApplicationRow } from '../../db/schema.ts'
import { toTimestamp } from '../../lib/time.ts'
import { staffName } from '../back-office/staff.ts'

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
  /** The account it was sent from while signed in (requirements §15). */
  userId?: number | null | undefined
  /** Signed remotely: the address of the person who sent it for signing. */
  completerEmail?: string | null | undefined
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
    user_id: application.userId ?? null,
    completer_email: application.completerEmail ?? null,
  }
  const inserted = await db
    .insertInto('credit_applications')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export interface ListQuery {
  /** Matches the business name (case-insensitive, anywhere), the ABN's digits (spaces ignored) or the reference. */
  search: string
  status?: CreditListStatus | undefined
  /** An administrator's id, or 'none' for applications nobody looks after yet. */
  assignee?: number | 'none' | undefined
  limit: number
  offset: number
}

/** The list's columns, with the assignee's name (an administrator's, joined). */
function summaries(db: Executor) {
  return db
    .selectFrom('credit_applications')
    .leftJoin('users as assignee', 'assignee.id', 'credit_applications.assignee_id')
    .select([
      'credit_applications.id',
      'credit_applications.reference',
      'credit_applications.business_name',
      'credit_applications.abn',
      'credit_applications.customer_type',
      'credit_applications.applicant_name',
      'credit_applications.email',
      'credit_applications.submitted_at',
      'credit_applications.status',
      'credit_applications.assignee_id',
      'assignee.first_name as assignee_first_name',
      'assignee.last_name as assignee_last_name',
    ])
}

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>

function toSummary(row: SummaryRow): CreditApplicationSummary {
  return {
    id: row.id,
    reference: row.reference,
    businessName: row.business_name,
    abn: row.abn,
    customerType: row.customer_type,
    applicantName: row.applicant_name,
    email: row.email,
    submittedAt: row.submitted_at,
    status: row.status as CreditStatus,
    assignee:
      row.assignee_id === null
        ? null
        : { id: row.assignee_id, name: staffName(row.assignee_first_name, row.assignee_last_name) },
  }
}

/** A page of applications (the admin list's shape), newest first, and how many match in all. */
export async function listCreditApplications(
  db: Executor,
  query: ListQuery,
): Promise<{ items: CreditApplicationSummary[]; total: number }> {
  const where = listCondition(query)
  const [rows, count] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy('credit_applications.submitted_at', 'desc')
      .orderBy('credit_applications.id', 'desc')
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
  return { items: rows.map(toSummary), total: Number(count.count) }
}

/** One application's summary by its reference. */
export async function findCreditApplicationSummary(
  db: Executor,
  reference: string,
): Promise<CreditApplicationSummary | undefined> {
  const row = await summaries(db).where('credit_applications.reference', '=', reference).executeTakeFirst()
  return row && toSummary(row)
}

/** How many applications wait for the business's decision (the dashboard). */
export async function countCreditApplicationsWithStatus(
  db: Executor,
  statuses: readonly CreditStatus[],
): Promise<number> {
  const row = await db
    .selectFrom('credit_applications')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

function listCondition(query: ListQuery) {
  const text = query.search.trim().toLowerCase()
  const digits = text.replace(/\s+/gu, '')
  return (eb: ExpressionBuilder<DB, 'credit_applications'>) => {
    const parts: Expression<SqlBool>[] = []
    if (text !== '') {
      const like = `%${escapeLike(text)}%`
      const matches: Expression<SqlBool>[] = [
        sql<boolean>`lower(${eb.ref('credit_applications.business_name')}) like ${like} escape '\\'`,
        sql<boolean>`lower(${eb.ref('credit_applications.reference')}) like ${like} escape '\\'`,
      ]
      if (/^\d+$/u.test(digits)) matches.push(eb('credit_applications.abn_digits', 'like', `%${digits}%`))
      parts.push(eb.or(matches))
    }
    if (query.status === AWAITING_DECISION) {
      parts.push(eb('credit_applications.status', 'in', [...CREDIT_STATUSES_AWAITING_DECISION]))
    } else if (query.status) parts.push(eb('credit_applications.status', '=', query.status))
    if (query.assignee === 'none') parts.push(eb('credit_applications.assignee_id', 'is', null))
    else if (query.assignee !== undefined)
      parts.push(eb('credit_applications.assignee_id', '=', query.assignee))
    return parts.length === 0 ? eb.lit(true) : eb.and(parts)
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
  which: 'pdf_file_id' | 'trust_deed_file_id' = 'pdf_file_id',
): Promise<{ reference: string; file: FileRow } | undefined> {
  const row = await db
    .selectFrom('credit_applications')
    .innerJoin('files', 'files.id', `credit_applications.${which}`)
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

/** The account an application was sent from while signed in (archived ones too): its name and address. */
export async function findApplicantAccount(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string; email: string } | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst()
  return row && { id: row.id, name: `${row.first_name} ${row.last_name}`.trim(), email: row.email }
}

/** The account's address when it is confirmed (shown to be theirs), else undefined. */
export async function findConfirmedEmail(db: Executor, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('email_confirmed_at', 'is not', null)
    .executeTakeFirst()
  return row?.email
}

/** The fields a decision changes; `version` goes up by one. */
export interface DecisionFields {
  status: CreditStatus
  assignee_id: number | null
  credit_limit: number | null
  payment_terms_days: number | null
}

/**
 * Saves a decision if the application is still at `version`: false when someone else saved first (or it
 * is gone), and nothing is written.
 */
export async function updateDecision(
  db: Executor,
  id: number,
  version: number,
  fields: DecisionFields,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('credit_applications')
    .set({ ...fields, version: version + 1, updated_at: toTimestamp(now) })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
