import type { InternalNote } from '@signalway/shared/back-office'
import {
  type CreditApplicant,
  type CreditApplicationDetail,
  type CreditChange,
  type CreditDecision,
  type CreditStatus,
  DEFAULT_PAYMENT_TERMS_DAYS,
  CREDIT_DECISION_MESSAGES as MESSAGES,
} from '@signalway/shared/credit-admin'
import { mailboxKey } from '@signalway/shared/mailbox'
import type { Executor } from '../../db/database.ts'
import type { CreditApplicationRow } from '../../db/schema.ts'
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import { findAuditEntries } from '../audit/repository.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { addAuditedNote } from '../back-office/notes.ts'
import { findAssignableStaff, listNotes, staffNames } from '../back-office/repository.ts'
import { staffName } from '../back-office/staff.ts'
import { enqueueMail } from '../outbox/service.ts'
import { openAccountIfApproved } from './account-opening.ts'
import { applicationView } from './application-view.ts'
import { creditDecisionMail } from './mail.ts'
import {
  type DecisionFields,
  findApplicantAccount,
  findCreditApplicationByReference,
  findCreditApplicationSummary,
  updateDecision,
} from './repository.ts'

export interface CreditDecisions {
  /** The staff's record of one application, as `viewer` sees it: who applied, its decision, notes and history. */
  get(reference: string, viewer: AuthUser): Promise<CreditApplicationDetail>
  /**
   * Saves a decision made from `decision.version`; 409 when someone else saved first; 403 on the actor's own
   * application (isOwnApplication), where nothing changes.
   */
  decide(
    actor: AuthUser,
    reference: string,
    decision: CreditDecision,
    context: AuditContext,
  ): Promise<CreditApplicationDetail>
  addNote(actor: AuthUser, reference: string, body: string, context: AuditContext): Promise<InternalNote>
}

/** What the audit log keeps of a decision, and what the history compares. */
interface DecisionSnapshot {
  status: CreditStatus
  assignee: string | null
  creditLimit: number | null
  paymentTermsDays: number | null
}

const TRACKED: readonly (keyof DecisionSnapshot)[] = ['status', 'assignee', 'creditLimit', 'paymentTermsDays']

/** The addresses an application names as its people's: the applicant's, the sender's and every signer's. */
function addressesOf(row: Pick<CreditApplicationRow, 'email' | 'completer_email' | 'payload'>): string[] {
  const stored = JSON.parse(row.payload) as {
    section2?: { persons?: { email?: unknown }[] }
    section4?: { remoteSigners?: { email?: unknown }[] }
  }
  const people = [...(stored.section2?.persons ?? []), ...(stored.section4?.remoteSigners ?? [])]
  return [
    row.email,
    ...(row.completer_email ? [row.completer_email] : []),
    ...people.flatMap((person) => (typeof person.email === 'string' ? [person.email] : [])),
  ]
}

/**
 * An administrator's own application, which another member of staff must decide: one sent while signed in
 * with their account, or one whose applicant, sender for signing (remote signing), director, partner or sole
 * trader (whoever signs) has their account's address, as one mailbox (mailboxKey: case, +tags, Gmail's dots).
 * Unlike My Account's rule, the address need not be confirmed: there the rule decides what one may read, so
 * doubt means no; here it decides who may not decide, so doubt means a colleague decides (an unconfirmed
 * address still belongs to the account as far as staff know, and an administrator must not get round the rule
 * by applying signed out). The whole decision is refused, the assignee included (choosing who decides is part
 * of deciding); notes are allowed.
 */
function isOwnApplication(
  row: Pick<CreditApplicationRow, 'user_id' | 'email' | 'completer_email' | 'payload'>,
  staff: Pick<AuthUser, 'id' | 'record'>,
): boolean {
  if (row.user_id === Number(staff.id)) return true
  const mine = mailboxKey(staff.record.email)
  return addressesOf(row).some((address) => mailboxKey(address) === mine)
}

/** What the decisions need: the database, the address decisions are sent from, and the clock. */
export interface CreditDecisionsDeps {
  db: Executor
  accountsEmail: string
  /** Where the owner's invitation link points, when an approval opens an account applied for signed out. */
  siteUrl: string
  clock: Clock
}

/**
 * Credit decisions: the status of each application, who looks after it, an approval's limit and terms, and the
 * staff's notes. Every change is in the audit log, which is also the application's history; a save from an
 * older copy is refused; the applicant is emailed, in the same transaction, when the status becomes More
 * information needed, Approved or Declined. An approval opens the customer account, once (ADR 045).
 */
export function createCreditDecisions(deps: CreditDecisionsDeps): CreditDecisions {
  return {
    get: (reference, viewer) => getApplicationDetail(deps.db, reference, viewer),
    decide: (actor, reference, decision, context) => decide(deps, actor, reference, decision, context),
    addNote: (actor, reference, body, context) => addNote(deps, actor, reference, body, context),
  }
}

async function findApplication(db: Executor, reference: string): Promise<CreditApplicationRow> {
  const row = await findCreditApplicationByReference(db, reference)
  if (!row) throw new NotFoundError(MESSAGES.notFound)
  return row
}

async function getApplicationDetail(
  db: Executor,
  reference: string,
  viewer: AuthUser,
): Promise<CreditApplicationDetail> {
  const row = await findApplication(db, reference)
  const summary = await findCreditApplicationSummary(db, reference)
  if (!summary) throw new NotFoundError(MESSAGES.notFound)
  const [notes, history, application, appliedBy] = await Promise.all([
    listNotes(db, 'credit-application', reference),
    historyOf(db, reference),
    applicationView(db, row),
    applicantOf(db, row),
  ])
  return {
    ...summary,
    appliedBy,
    ownApplication: isOwnApplication(row, viewer),
    version: row.version,
    creditLimit: row.credit_limit,
    paymentTermsDays: row.payment_terms_days,
    hasTrustDeed: row.trust_deed_file_id !== null,
    application,
    notes,
    history,
  }
}

async function applicantOf(db: Executor, row: CreditApplicationRow): Promise<CreditApplicant> {
  const account = row.user_id === null ? undefined : await findApplicantAccount(db, row.user_id)
  return { account: account ?? null, email: row.email }
}

/** Each change of a tracked field, from the audit log's entries of the application. */
async function historyOf(db: Executor, reference: string): Promise<CreditChange[]> {
  const entries = (await findAuditEntries(db, 'credit-application', reference)).filter(
    (entry) => entry.action === 'credit-application.update',
  )
  const names = await staffNames(
    db,
    entries.flatMap((entry) => (entry.actor_id === null ? [] : [entry.actor_id])),
  )
  return entries.flatMap((entry) => {
    const before = JSON.parse(entry.before ?? '{}') as Partial<DecisionSnapshot>
    const after = JSON.parse(entry.after ?? '{}') as Partial<DecisionSnapshot>
    const by = (entry.actor_id !== null && names.get(entry.actor_id)) || entry.actor_email || 'Unknown'
    return TRACKED.filter((field) => before[field] !== after[field]).map((field) => ({
      at: entry.at,
      by,
      field,
      from: shown(before[field]),
      to: shown(after[field]),
    }))
  })
}

async function decide(
  deps: CreditDecisionsDeps,
  actor: AuthUser,
  reference: string,
  decision: CreditDecision,
  context: AuditContext,
): Promise<CreditApplicationDetail> {
  const { db } = deps
  const row = await findApplication(db, reference)
  if (isOwnApplication(row, actor)) throw new ForbiddenError(MESSAGES.ownApplication)
  if (decision.version !== row.version) throw new ConflictError(MESSAGES.conflict)
  const fields = decidedFields(row, decision)
  const question = decision.question ?? ''
  const statusChanged = fields.status !== row.status
  if (statusChanged && fields.status === 'more_information_needed' && question === '') {
    throw fieldError('question', MESSAGES.questionRequired)
  }
  const assignee = await assigneeNameOf(db, fields.assignee_id)
  const previousAssignee = await previousAssigneeOf(db, row)
  const now = deps.clock()
  await db.transaction().execute(async (trx) => {
    if (!(await updateDecision(trx, row.id, row.version, fields, now))) {
      throw new ConflictError(MESSAGES.conflict)
    }
    await auditDecision(trx, { actor, reference, context, now }, row, previousAssignee, fields, assignee)
    // Approval opens the customer account in the same transaction: both happen, or neither (ADR 045).
    await openAccountIfApproved(trx, row, fields, { actor, context, now, siteUrl: deps.siteUrl })
    if (statusChanged)
      await queueDecisionMail(trx, deps.accountsEmail, { reference, to: row.email }, fields, question, now)
  })
  return getApplicationDetail(db, reference, actor)
}

/** The fields a decision leaves: what it sends, else what is stored; an approval needs a limit (and terms). */
function decidedFields(row: CreditApplicationRow, decision: CreditDecision): DecisionFields {
  const fields: DecisionFields = {
    status: decision.status ?? (row.status as CreditStatus),
    assignee_id: decision.assigneeId === undefined ? row.assignee_id : decision.assigneeId,
    credit_limit: decision.creditLimit === undefined ? row.credit_limit : decision.creditLimit,
    payment_terms_days:
      decision.paymentTermsDays === undefined ? row.payment_terms_days : decision.paymentTermsDays,
  }
  if (fields.status === 'approved') {
    if (fields.credit_limit === null) throw fieldError('creditLimit', MESSAGES.limitRequired)
    fields.payment_terms_days ??= DEFAULT_PAYMENT_TERMS_DAYS
  }
  return fields
}

/** The name of the member of staff chosen to look after it (400 for anyone who cannot); null for nobody. */
async function assigneeNameOf(db: Executor, assigneeId: number | null): Promise<string | null> {
  if (assigneeId === null) return null
  const name = await findAssignableStaff(db, assigneeId)
  if (name === undefined) throw fieldError('assigneeId', MESSAGES.assigneeInvalid)
  return name
}

async function previousAssigneeOf(db: Executor, row: CreditApplicationRow): Promise<string | null> {
  if (row.assignee_id === null) return null
  return (await staffNames(db, [row.assignee_id])).get(row.assignee_id) ?? staffName(null, null)
}

async function auditDecision(
  trx: Executor,
  change: { actor: AuthUser; reference: string; context: AuditContext; now: Date },
  row: CreditApplicationRow,
  previousAssignee: string | null,
  fields: DecisionFields,
  assignee: string | null,
): Promise<void> {
  const before: DecisionSnapshot = {
    status: row.status as CreditStatus,
    assignee: previousAssignee,
    creditLimit: row.credit_limit,
    paymentTermsDays: row.payment_terms_days,
  }
  const after: DecisionSnapshot = {
    status: fields.status,
    assignee,
    creditLimit: fields.credit_limit,
    paymentTermsDays: fields.payment_terms_days,
  }
  await writeAudit(trx, {
    actor: change.actor,
    action: 'credit-application.update',
    targetType: 'credit-application',
    targetId: change.reference,
    before,
    after,
    ...change.context,
    at: change.now,
  })
}

/** The applicant is told of a new status that concerns them (more information, approved, declined). */
async function queueDecisionMail(
  trx: Executor,
  accountsEmail: string,
  application: { reference: string; to: string },
  fields: DecisionFields,
  question: string,
  now: Date,
): Promise<void> {
  const mail = creditDecisionMail(fields.status, {
    reference: application.reference,
    creditLimit: fields.credit_limit,
    paymentTermsDays: fields.payment_terms_days,
    question,
  })
  if (mail)
    await enqueueMail(trx, { to: application.to, replyTo: accountsEmail, ...mail, attachments: [] }, now)
}

async function addNote(
  deps: CreditDecisionsDeps,
  actor: AuthUser,
  reference: string,
  body: string,
  context: AuditContext,
): Promise<InternalNote> {
  await findApplication(deps.db, reference)
  return addAuditedNote(deps.db, {
    targetType: 'credit-application',
    targetId: reference,
    body,
    actor,
    context,
    at: deps.clock(),
  })
}

function shown(value: string | number | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value)
}

function fieldError(field: string, message: string): ValidationError {
  return new ValidationError({ [field]: [message] }, message)
}
