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
import { NotFoundError, ValidationError } from '../../lib/errors.ts'
import { type Clock, systemClock } from '../../lib/time.ts'
import { createAddressService } from '../address/service.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { addAuditedNote } from '../back-office/notes.ts'
import { findAssignableStaff, listNotes, staffNames } from '../back-office/repository.ts'
import { staffName } from '../back-office/staff.ts'
import { enqueueAutomatedMail, enqueueMail } from '../outbox/service.ts'
import { toCsv } from './csv.ts'
import { acknowledgement, businessNotification, type MailContext } from './mail.ts'
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
  /** The account it was sent from, when signed in (issue 17). */
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
  const mailContext: MailContext = {
    siteName: config.siteName,
    siteUrl: config.siteUrl,
    enquiriesEmail: config.enquiriesEmail,
    phone: SITE.phone.display,
    openingHours: SITE.openingHours.short,
  }

  /** The names of the rows' assignees, by id. */
  function assigneeNames(rows: readonly EnquiryRow[]): Promise<Map<number, string>> {
    return staffNames(
      db,
      rows.flatMap((row) => (row.assignee_id === null ? [] : [row.assignee_id])),
    )
  }

  async function detail(id: string): Promise<EnquiryDetail> {
    const row = await getRow(id)
    const [names, notes] = await Promise.all([assigneeNames([row]), listNotes(db, 'enquiry', id)])
    return { ...toEnquiry(row, names), ip: row.ip, userAgent: row.user_agent, notes }
  }

  async function getRow(id: string): Promise<EnquiryRow> {
    const row = await findEnquiryById(db, id)
    if (!row) throw new NotFoundError(NOT_FOUND)
    return row
  }

  return {
    async submit({ kind, data }, meta) {
      const id = randomUUID()
      const now = clock()
      const services = kind === 'quote' ? data.services : []
      const sources = kind === 'quote' ? data.source : []
      const phone = data.phone ? data.phone : null
      const hireDetails = kind === 'quote' ? hireDetailsOf(data) : null
      const site = hireDetails?.site?.suburb
        ? await locateSite(hireDetails.site.suburb, hireDetails.site.postcode)
        : null
      const asked = askedLines({ kind, services, hireDetails }, site)
      const replyBy = replyByDay(now)
      const year = businessYear(now)
      const reference = await db.transaction().execute(async (trx) => {
        const number = await nextReferenceNumber(trx, ENQUIRY_REFERENCE_PREFIX[kind], year)
        const reference = formatEnquiryReference(kind, year, number)
        await insertEnquiry(trx, {
          id,
          reference,
          kind,
          name: data.name,
          email: data.email,
          phone,
          message: data.message,
          services: JSON.stringify(services),
          sources: JSON.stringify(sources),
          status: 'new',
          ip: meta.ip,
          user_agent: meta.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          hire_details: hireDetails ? JSON.stringify(hireDetails) : null,
          user_id: meta.userId ?? null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        const enquiry = {
          id,
          reference,
          kind,
          name: data.name,
          email: data.email,
          phone,
          message: data.message,
          services,
          sources,
          hireDetails,
          createdAt: now,
          asked,
          replyBy,
        }
        await enqueueMail(trx, businessNotification(enquiry, mailContext), now)
        await enqueueAutomatedMail(trx, acknowledgement(enquiry, mailContext), now)
        return reference
      })
      return { id, reference, receivedAt: now.toISOString(), replyBy: formatIsoDay(replyBy), asked }
    },

    async list(filter, { page, pageSize }) {
      const query = toQuery(filter)
      const [rows, total] = await Promise.all([
        findEnquiries(db, query, { limit: pageSize, offset: (page - 1) * pageSize }),
        countEnquiries(db, query),
      ])
      const names = await assigneeNames(rows)
      return { items: rows.map((row) => toEnquiry(row, names)), total, page, pageSize }
    },

    get: detail,

    async update(id, change, actor, context) {
      const row = await getRow(id)
      const fields = {
        status: change.status ?? row.status,
        assignee_id: change.assigneeId === undefined ? row.assignee_id : change.assigneeId,
      }
      let assignee: string | null = null
      if (fields.assignee_id !== null) {
        const name = await findAssignableStaff(db, fields.assignee_id)
        if (name === undefined) {
          throw new ValidationError(
            { assigneeId: [BACK_OFFICE_MESSAGES.assigneeInvalid] },
            BACK_OFFICE_MESSAGES.assigneeInvalid,
          )
        }
        assignee = name
      }
      const before = (await assigneeNames([row])).get(row.assignee_id ?? 0) ?? null
      const now = clock()
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
      return detail(id)
    },

    async addNote(id, body, actor, context) {
      await getRow(id)
      return addAuditedNote(db, { targetType: 'enquiry', targetId: id, body, actor, context, at: clock() })
    },

    countNew: () => countEnquiries(db, { status: 'new' }),

    async exportCsv(filter) {
      const rows = await findEnquiries(db, toQuery(filter), { limit: CSV_MAX_ROWS, offset: 0 })
      const body = toCsv(
        [
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
        ],
        rows.map((row) => {
          const enquiry = toEnquiry(row, new Map())
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
        }),
      )
      const day = formatIsoDay(businessDay(clock()))
      return { filename: `enquiries-${day}.csv`, body }
    },
  }
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

/** The CSV's hire details columns (issue 17), each as the inbox words it. */
const HIRE_COLUMNS = ['Company', 'Start date', 'Hire length', 'Site', 'Quantities', 'Works'] as const

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
