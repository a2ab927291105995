import { randomUUID } from 'node:crypto'
import { BACK_OFFICE_MESSAGES, type InternalNote } from '@signalway/shared/back-office'
import {
  addDays,
  businessDay,
  businessYear,
  formatIsoDay,
  formatWallTime,
  parseIsoDay,
  startOfDayIn,
} from '@signalway/shared/business-time'
import type { Contact, Quote } from '@signalway/shared/enquiry'
import {
  askedLines,
  ENQUIRY_REFERENCE_PREFIX,
  formatEnquiryReference,
  type ListedSite,
  replyByDay,
} from '@signalway/shared/enquiry-confirmation'
import type {
  Enquiry,
  EnquiryChange,
  EnquiryDetail,
  EnquiryFilter,
  EnquirySubmitted,
} from '@signalway/shared/enquiry-inbox'
import {
  type HireDetails,
  hireDetailLines,
  hireDetailsOf,
  hireDetailsSchema,
} from '@signalway/shared/hire-details'
import { SITE } from '@signalway/shared/site'
import type { Config } from '../../config.ts'
import type { Executor } from '../../db/database.ts'
import type { EnquiryRow } from '../../db/schema.ts'
import { type Cell, toCsv } from '../../lib/csv.ts'
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, systemClock } from '../../lib/time.ts'
import { createAddressService } from '../address/service.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { addAuditedNote } from '../back-office/notes.ts'
import { findAssignableStaff, listNotes, staffNames } from '../back-office/repository.ts'
import { staffName } from '../back-office/staff.ts'
import { enqueueAutomatedMail, enqueueMail } from '../outbox/service.ts'
import { acknowledgement, businessNotification, type EnquiryMailData, type MailContext } from './mail.ts'
import {
  countEnquiries,
  type EnquiryQuery,
  findEnquiries,
  findEnquiryById,
  insertEnquiry,
  nextReferenceNumber,
  updateEnquiry,
} from './repository.ts'

export interface SubmissionMeta {
  ip: string | null
  userAgent: string | null
  /** The account it was sent from, when signed in (requirements §15). */
  userId?: number | null | undefined
}

export type Submission = { kind: 'contact'; data: Contact } | { kind: 'quote'; data: Quote }

export interface EnquiryPage {
  items: Enquiry[]
  total: number
  page: number
  pageSize: number
}

export interface CsvExport {
  filename: string
  body: string
}

export interface EnquiryService {
  /**
   * Stores the enquiry with its short reference and queues both emails in one transaction; answers what the sender
   * is shown: the reference, what was asked (fixed choices) and the day by whose end the business replies.
   */
  submit(submission: Submission, meta: SubmissionMeta): Promise<EnquirySubmitted>
  list(filter: EnquiryFilter, page: { page: number; pageSize: number }): Promise<EnquiryPage>
  get(id: string): Promise<EnquiryDetail>
  /** Sets the status and/or the assignee (an administrator); in the audit log. */
  update(id: string, change: EnquiryChange, actor: AuthUser, context: AuditContext): Promise<EnquiryDetail>
  /** An internal note; in the audit log. */
  addNote(id: string, body: string, actor: AuthUser, context: AuditContext): Promise<InternalNote>
  exportCsv(filter: EnquiryFilter): Promise<CsvExport>
  /** How many enquiries nobody has picked up yet (status new): the admin dashboard's count. */
  countNew(): Promise<number>
}

export interface EnquiryServiceDeps {
  db: Executor
  config: Pick<Config, 'siteName' | 'siteUrl' | 'enquiriesEmail'>
  clock?: Clock | undefined
  /** A quote's site in the suburb list (the address module's localities by default); null when not there. */
  locateSite?: ((suburb: string, postcode: string) => Promise<ListedSite | null>) | undefined
}

const NOT_FOUND = 'The enquiry does not exist.'
/** The most rows one CSV export holds; narrow the filter for more. */
export const CSV_MAX_ROWS = 50_000
const USER_AGENT_MAX = 500

export function createEnquiryService({
  db,
  config,
  clock = systemClock,
  locateSite = defaultLocateSite(),
}: EnquiryServiceDeps): EnquiryService {
  const deps: Deps = { db, clock, locateSite, mailContext: mailContextOf(config) }
  return {
    submit: (submission, meta) => submitEnquiry(deps, submission, meta),
    list: (filter, page) => listEnquiries(deps, filter, page),
    get: (id) => enquiryDetail(deps, id),
    update: (id, change, actor, context) => updateAssignment(deps, id, change, actor, context),
    addNote: (id, body, actor, context) => addEnquiryNote(deps, id, body, actor, context),
    exportCsv: (filter) => exportEnquiriesCsv(deps, filter),
    countNew: () => countEnquiries(db, { status: 'new' }),
  }
}

/** What the service's steps share: the database, the clock, the suburb list and what every email names. */
interface Deps {
  db: Executor
  clock: Clock
  locateSite: (suburb: string, postcode: string) => Promise<ListedSite | null>
  mailContext: MailContext
}

function mailContextOf(config: EnquiryServiceDeps['config']): MailContext {
  return {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    enquiriesEmail: config.enquiriesEmail,
    phone: SITE.phone.display,
    openingHours: SITE.openingHours.short,
  }
}

async function submitEnquiry(
  deps: Deps,
  { kind, data }: Submission,
  meta: SubmissionMeta,
): Promise<EnquirySubmitted> {
  const now = deps.clock()
  const services = kind === 'quote' ? data.services : []
  const hireDetails = kind === 'quote' ? hireDetailsOf(data) : null
  const asked = askedLines({ kind, services, hireDetails }, await locateQuoteSite(deps, hireDetails))
  const enquiry: Omit<EnquiryMailData, 'reference'> = {
    id: randomUUID(),
    kind,
    name: data.name,
    email: data.email,
    phone: data.phone ? data.phone : null,
    message: data.message,
    services,
    sources: kind === 'quote' ? data.source : [],
    hireDetails,
    createdAt: now,
    asked,
    replyBy: replyByDay(now),
  }
  const reference = await deps.db.transaction().execute(async (trx) => {
    const reference = await takeReference(trx, kind, now)
    await storeEnquiry(trx, { ...enquiry, reference }, meta)
    await queueEmails(trx, { ...enquiry, reference }, deps.mailContext)
    return reference
  })
  return {
    id: enquiry.id,
    reference,
    receivedAt: now.toISOString(),
    replyBy: formatIsoDay(enquiry.replyBy),
    asked,
  }
}

/** A quote's site as the suburb list places it; null for a contact, no site, or one it cannot place. */
function locateQuoteSite(deps: Deps, hireDetails: HireDetails | null): Promise<ListedSite | null> {
  const site = hireDetails?.site
  return site?.suburb ? deps.locateSite(site.suburb, site.postcode) : Promise.resolve(null)
}

/** The next reference of its kind this business year, e.g. Q-2026-0042. */
async function takeReference(trx: Executor, kind: Submission['kind'], now: Date): Promise<string> {
  const year = businessYear(now)
  const number = await nextReferenceNumber(trx, ENQUIRY_REFERENCE_PREFIX[kind], year)
  return formatEnquiryReference(kind, year, number)
}

function storeEnquiry(trx: Executor, enquiry: EnquiryMailData, meta: SubmissionMeta): Promise<void> {
  const at = enquiry.createdAt.toISOString()
  return insertEnquiry(trx, {
    id: enquiry.id,
    reference: enquiry.reference,
    kind: enquiry.kind,
    name: enquiry.name,
    email: enquiry.email,
    phone: enquiry.phone,
    message: enquiry.message,
    services: JSON.stringify(enquiry.services),
    sources: JSON.stringify(enquiry.sources),
    status: 'new',
    ip: meta.ip,
    user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    hire_details: enquiry.hireDetails ? JSON.stringify(enquiry.hireDetails) : null,
    user_id: meta.userId ?? null,
    created_at: at,
    updated_at: at,
  })
}

/** The business's notification and the sender's acknowledgement, sent once the enquiry is stored. */
async function queueEmails(trx: Executor, enquiry: EnquiryMailData, mailContext: MailContext): Promise<void> {
  await enqueueMail(trx, businessNotification(enquiry, mailContext), enquiry.createdAt)
  await enqueueAutomatedMail(trx, acknowledgement(enquiry, mailContext), enquiry.createdAt)
}

async function listEnquiries(
  { db }: Deps,
  filter: EnquiryFilter,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<EnquiryPage> {
  const query = toQuery(filter)
  const [rows, total] = await Promise.all([
    findEnquiries(db, query, { limit: pageSize, offset: (page - 1) * pageSize }),
    countEnquiries(db, query),
  ])
  const names = await assigneeNames(db, rows)
  return { items: rows.map((row) => toEnquiry(row, names)), total, page, pageSize }
}

async function enquiryDetail({ db }: Deps, id: string): Promise<EnquiryDetail> {
  const row = await getRow(db, id)
  const [names, notes] = await Promise.all([assigneeNames(db, [row]), listNotes(db, 'enquiry', id)])
  return { ...toEnquiry(row, names), ip: row.ip, userAgent: row.user_agent, notes }
}

async function updateAssignment(
  deps: Deps,
  id: string,
  change: EnquiryChange,
  actor: AuthUser,
  context: AuditContext,
): Promise<EnquiryDetail> {
  const { db } = deps
  const row = await getRow(db, id)
  const fields = {
    status: change.status ?? row.status,
    assignee_id: change.assigneeId === undefined ? row.assignee_id : change.assigneeId,
  }
  const assignee = fields.assignee_id === null ? null : await assignableName(db, fields.assignee_id)
  const before = (await assigneeNames(db, [row])).get(row.assignee_id ?? 0) ?? null
  const now = deps.clock()
  await db.transaction().execute(async (trx) => {
    if (!(await updateEnquiry(trx, id, fields, now.toISOString()))) throw new NotFoundError(NOT_FOUND)
    await writeAudit(trx, {
      actor,
      action: 'enquiry.update',
      targetType: 'enquiry',
      targetId: id,
      before: { status: row.status, assignee: before },
      after: { status: fields.status, assignee },
      ...context,
      at: now,
    })
  })
  return enquiryDetail(deps, id)
}

/** The name of the staff member an enquiry may be assigned to; a validation error for anyone else. */
async function assignableName(db: Executor, id: number): Promise<string> {
  const name = await findAssignableStaff(db, id)
  if (name === undefined) {
    throw new ValidationError(
      { assigneeId: [BACK_OFFICE_MESSAGES.assigneeInvalid] },
      BACK_OFFICE_MESSAGES.assigneeInvalid,
    )
  }
  return name
}

async function addEnquiryNote(
  { db, clock }: Deps,
  id: string,
  body: string,
  actor: AuthUser,
  context: AuditContext,
): Promise<InternalNote> {
  await getRow(db, id)
  return addAuditedNote(db, { targetType: 'enquiry', targetId: id, body, actor, context, at: clock() })
}

async function exportEnquiriesCsv({ db, clock }: Deps, filter: EnquiryFilter): Promise<CsvExport> {
  const rows = await findEnquiries(db, toQuery(filter), { limit: CSV_MAX_ROWS, offset: 0 })
  const body = toCsv(
    CSV_COLUMNS,
    rows.map((row) => csvRow(toEnquiry(row, new Map()))),
  )
  const day = formatIsoDay(businessDay(clock()))
  return { filename: `enquiries-${day}.csv`, body }
}

/** The names of the rows' assignees, by id. */
function assigneeNames(db: Executor, rows: readonly EnquiryRow[]): Promise<Map<number, string>> {
  return staffNames(
    db,
    rows.flatMap((row) => (row.assignee_id === null ? [] : [row.assignee_id])),
  )
}

async function getRow(db: Executor, id: string): Promise<EnquiryRow> {
  const row = await findEnquiryById(db, id)
  if (!row) throw new NotFoundError(NOT_FOUND)
  return row
}

/** The address module's suburb list; a site it cannot place is left out of what the sender is told. */
function defaultLocateSite(): (suburb: string, postcode: string) => Promise<ListedSite | null> {
  const addresses = createAddressService()
  return (suburb, postcode) => addresses.locate(suburb, postcode)
}

/** The filter in storage terms: whole days in Australia/Melbourne become UTC instants. */
export function toQuery(filter: EnquiryFilter): EnquiryQuery {
  const from = filter.from ? parseIsoDay(filter.from) : undefined
  const to = filter.to ? parseIsoDay(filter.to) : undefined
  return {
    kind: filter.kind,
    status: filter.status,
    createdFrom: from && startOfDayIn(from).toISOString(),
    createdBefore: to && startOfDayIn(addDays(to, 1)).toISOString(),
    searchWords: filter.search?.split(/\s+/).filter(Boolean).slice(0, 10),
    assignee: filter.assignee,
  }
}

/** The CSV's hire details columns (requirements §14), each as the inbox words it. */
const HIRE_COLUMNS = ['Company', 'Start date', 'Hire length', 'Site', 'Quantities', 'Works'] as const

const CSV_COLUMNS = [
  'Reference',
  'Received (Melbourne)',
  'Kind',
  'Status',
  'Name',
  'Email',
  'Phone',
  'Services',
  'Heard about us',
  'Message',
  ...HIRE_COLUMNS,
  'Id',
]

function csvRow(enquiry: Enquiry): Cell[] {
  return [
    enquiry.reference,
    formatWallTime(new Date(enquiry.createdAt)),
    enquiry.kind,
    enquiry.status,
    enquiry.name,
    enquiry.email,
    enquiry.phone,
    enquiry.services.join('; '),
    enquiry.source.join('; '),
    enquiry.message,
    ...hireCells(enquiry.hireDetails),
    enquiry.id,
  ]
}

function hireCells(details: HireDetails | null): string[] {
  const lines = hireDetailLines(details)
  return HIRE_COLUMNS.map((column) => lines.find((line) => line.label === column)?.value ?? '')
}

function parseHireDetails(json: string | null): HireDetails | null {
  if (!json) return null
  try {
    const parsed = hireDetailsSchema.safeParse(JSON.parse(json))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.map(String) : []
  } catch {
    return []
  }
}

function toEnquiry(row: EnquiryRow, names: ReadonlyMap<number, string>): Enquiry {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    status: row.status,
    name: row.name,
    email: row.email,
    phone: row.phone,
    message: row.message,
    services: parseList(row.services),
    source: parseList(row.sources),
    hireDetails: parseHireDetails(row.hire_details),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    assignee:
      row.assignee_id === null
        ? null
        : { id: row.assignee_id, name: names.get(row.assignee_id) ?? staffName(null, null) },
  }
}
