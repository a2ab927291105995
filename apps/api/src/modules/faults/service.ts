import { businessYear } from '@signalway/shared/business-time'
import {
  FAULT_ESCALATION_MS,
  FAULT_MESSAGES,
  FAULT_NEXT,
  FAULT_PERSONAL_DATA_DAYS,
  FAULT_REFERENCE_PREFIX,
  type FaultDetail,
  type FaultReported,
  type FaultStatus,
  type FaultSummary,
  type FaultTransition,
  type faultReportSchema,
  faultSymptomsFor,
  formatFaultReference,
} from '@signalway/shared/faults'
import { SITE } from '@signalway/shared/site'
import type { z } from 'zod'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import { ConflictError, NotFoundError, TooManyRequestsError, ValidationError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import type { AuditContext } from '../audit/audit.ts'
import { updateAudited } from '../audit/audited-save.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { enqueueMail } from '../outbox/service.ts'
import { escalationMail, onCallMail } from './mail.ts'
import { reencodeFaultPhoto } from './photo.ts'
import {
  acknowledgementsBetween,
  claimEscalation,
  countOpenFaults,
  countUnitReportsSince,
  eraseFaultReporters,
  type FaultJoinedRow,
  findFault,
  findFaultPhoto,
  findFaultsToErase,
  findFaultsToEscalate,
  findOnHireLineOfUnit,
  findReportableUnit,
  insertFault,
  listFaults,
  updateFaultAtVersion,
} from './repository.ts'

export interface FaultDeps {
  db: Executor
  clock: Clock
  oncallEmail: string
  oncallEscalationEmail: string
  siteUrl: string
  /** How long a fault stays unacknowledged before it is escalated: FAULT_ESCALATION_MS unless configured. */
  escalationMs?: number
}

/** Per unit: a crowd at a knocked-over board reports it a few times, not dozens (the IP limit is the route's). */
export const UNIT_REPORTS_PER_HOUR = 10
/** How many resolved faults the queue shows after the open ones. */
export const RESOLVED_SHOWN = 50
const HOUR_MS = 60 * 60_000

const counterName = (year: number) => `${FAULT_REFERENCE_PREFIX}-${year}`

/** Who reported a fault: the public at the unit (with where they were) or a member of the account in My Account. */
export interface FaultReporter {
  name: string
  phone: string
  userId: number | null
  location?: { lat: number; lng: number; accuracy: number } | null | undefined
}

/** The booking line a unit was on hire under, and so the account and site that see its fault. */
export interface FaultHire {
  id: number
  account_id: number
  site_id: number
}

export async function reportFault(
  deps: FaultDeps,
  fleetNumber: string,
  input: z.output<typeof faultReportSchema>,
  ip: string | null,
): Promise<FaultReported> {
  const unit = await findReportableUnit(deps.db, fleetNumber.toUpperCase())
  if (!unit || unit.status === 'retired') throw new NotFoundError('Unit not found.')
  const reporter = { name: input.name, phone: input.phone, userId: null, location: input.location }
  return recordFault(deps, unit, input, reporter, ip)
}

/**
 * Records a report of a unit into the on-call queue and queues the on-call email, in one transaction: the
 * symptoms are checked against the unit's type and the unit's reports per hour are limited. A unit on hire at
 * the time (or `hire`, the line a member named) ties the fault to its booking line, account and site; the
 * answer says nothing of it.
 */
export async function recordFault(
  deps: FaultDeps,
  unit: { id: number; service_slug: string },
  input: { symptoms: string[]; text?: string | null | undefined; photo?: string | null | undefined },
  reporter: FaultReporter,
  ip: string | null,
  hire?: FaultHire,
): Promise<FaultReported> {
  const { db, clock } = deps
  const offered = new Set(faultSymptomsFor(unit.service_slug).map((symptom) => symptom.code))
  if (input.symptoms.some((code) => !offered.has(code))) {
    throw new ValidationError({ symptoms: [FAULT_MESSAGES.symptomInvalid] })
  }
  const now = clock()
  const since = new Date(now.getTime() - HOUR_MS).toISOString()
  if ((await countUnitReportsSince(db, unit.id, since)) >= UNIT_REPORTS_PER_HOUR) {
    throw new TooManyRequestsError(15 * 60, FAULT_MESSAGES.tooManyForUnit)
  }
  const photo = input.photo ? await reencodeFaultPhoto(input.photo) : null
  const year = businessYear(now)
  const reference = await db.transaction().execute(async (trx) => {
    const ref = formatFaultReference(year, await nextCounterValue(trx, counterName(year), 1))
    const line = hire ?? (await findOnHireLineOfUnit(trx, unit.id, now.toISOString()))
    const id = await insertFault(trx, {
      reference: ref,
      unit_id: unit.id,
      status: 'reported',
      symptoms: JSON.stringify([...new Set(input.symptoms)]),
      text: input.text ?? '',
      reporter_name: reporter.name,
      reporter_phone: reporter.phone,
      reporter_user_id: reporter.userId,
      lat: reporter.location?.lat ?? null,
      lng: reporter.location?.lng ?? null,
      accuracy_m: reporter.location?.accuracy ?? null,
      photo,
      ip,
      booking_line_id: line?.id ?? null,
      account_id: line?.account_id ?? null,
      site_id: line?.site_id ?? null,
      reported_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    const row = await findFault(trx, id)
    if (row) await enqueueMail(trx, onCallMail(row, deps.oncallEmail, deps.siteUrl), now)
    return ref
  })
  return { reference, reportedAt: now.toISOString(), phone: { ...SITE.phone } }
}

function statusAt(row: FaultJoinedRow): string {
  const at: Record<FaultStatus, string | null> = {
    reported: row.reported_at,
    acknowledged: row.acknowledged_at,
    on_the_way: row.on_the_way_at,
    resolved: row.resolved_at,
  }
  return at[row.status as FaultStatus] ?? row.updated_at
}

function toSummary(row: FaultJoinedRow): FaultSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as FaultStatus,
    fleetNumber: row.fleet_number,
    typeName: row.type_name,
    depotCode: row.depot_code,
    symptoms: JSON.parse(row.symptoms) as string[],
    reportedAt: row.reported_at,
    escalatedAt: row.escalated_at,
    statusAt: statusAt(row),
  }
}

function toDetail(row: FaultJoinedRow): FaultDetail {
  return {
    ...toSummary(row),
    depotName: row.depot_name,
    text: row.text,
    reporterName: row.reporter_name,
    reporterPhone: row.reporter_phone,
    location:
      row.lat !== null && row.lng !== null
        ? { lat: row.lat, lng: row.lng, accuracy: row.accuracy_m ?? 0 }
        : null,
    hasPhoto: Number(row.has_photo) === 1,
    // A report always names its reporter: an empty name is the erasure's (erasePersonalData).
    reporterErased: row.reporter_name === '',
    acknowledgedAt: row.acknowledged_at,
    onTheWayAt: row.on_the_way_at,
    resolvedAt: row.resolved_at,
    resolutionNote: row.resolution_note,
    version: row.version,
  }
}

export async function listFaultQueue({ db }: FaultDeps): Promise<FaultSummary[]> {
  return (await listFaults(db, RESOLVED_SHOWN)).map(toSummary)
}

async function rowOf(db: Executor, id: number): Promise<FaultJoinedRow> {
  const row = await findFault(db, id)
  if (!row) throw new NotFoundError(FAULT_MESSAGES.notFound)
  return row
}

export async function getFault({ db }: FaultDeps, id: number): Promise<FaultDetail> {
  return toDetail(await rowOf(db, id))
}

export async function getFaultPhoto({ db }: FaultDeps, id: number): Promise<Buffer> {
  const photo = await findFaultPhoto(db, id)
  if (!photo) throw new NotFoundError(FAULT_MESSAGES.notFound)
  return photo
}

/** Moves a fault on from the version the person saw; a first response also counts as its acknowledgement. */
export async function moveFault(
  deps: FaultDeps,
  id: number,
  change: { status: FaultTransition['status']; version: number; note?: string | null | undefined },
  actor: AuthUser,
  context: AuditContext,
): Promise<FaultDetail> {
  const { db, clock } = deps
  const row = await rowOf(db, id)
  if (row.version !== change.version) throw new ConflictError(FAULT_MESSAGES.conflict)
  if (!FAULT_NEXT[row.status as FaultStatus].includes(change.status)) {
    throw new ValidationError(
      { status: [FAULT_MESSAGES.transitionInvalid] },
      FAULT_MESSAGES.transitionInvalid,
    )
  }
  const now = clock().toISOString()
  const values = {
    status: change.status,
    updated_at: now,
    acknowledged_at: row.acknowledged_at ?? now,
    ...(change.status === 'on_the_way' ? { on_the_way_at: now } : {}),
    ...(change.status === 'resolved' ? { resolved_at: now, resolution_note: change.note ?? '' } : {}),
  }
  await updateAudited(
    db,
    { actor, context, at: clock() },
    {
      action: 'fault.update',
      targetType: 'fault',
      targetId: id,
      before: { status: row.status },
      after: { status: change.status, note: change.note ?? null },
      conflict: FAULT_MESSAGES.conflict,
    },
    (trx) => updateFaultAtVersion(trx, id, change.version, values),
  )
  return getFault(deps, id)
}

/**
 * Escalates each fault still unacknowledged FAULT_ESCALATION_MS (or the configured time) after it was reported: the fault is marked and the
 * email queued in one transaction, the mark conditional on there being none yet, so two instances or a run after
 * a crash never send it twice. Answers how many it escalated.
 */
export async function escalateFaults(deps: FaultDeps): Promise<number> {
  const { db, clock } = deps
  const now = clock()
  const due = await findFaultsToEscalate(
    db,
    new Date(now.getTime() - (deps.escalationMs ?? FAULT_ESCALATION_MS)).toISOString(),
    100,
  )
  let escalated = 0
  for (const row of due) {
    const sent = await db.transaction().execute(async (trx) => {
      if (!(await claimEscalation(trx, row.id, now.toISOString()))) return false
      await enqueueMail(trx, escalationMail(row, deps.oncallEscalationEmail, deps.siteUrl), now)
      return true
    })
    if (sent) escalated += 1
  }
  return escalated
}

const DAY_MS = 24 * 60 * 60_000
/** How many faults one statement erases. */
const ERASE_BATCH = 500

/**
 * Erases the reporter's personal information (name, phone, location, photo, internet address) from every fault resolved
 * more than FAULT_PERSONAL_DATA_DAYS ago (APP 11), in batches; the fault itself is kept. The same whoever runs it,
 * so every instance may (a fault already erased is not found again). Answers how many it erased.
 */
export async function erasePersonalData({ db, clock }: Pick<FaultDeps, 'db' | 'clock'>): Promise<number> {
  const before = new Date(clock().getTime() - FAULT_PERSONAL_DATA_DAYS * DAY_MS).toISOString()
  let erased = 0
  for (;;) {
    const ids = await findFaultsToErase(db, before, ERASE_BATCH)
    erased += await eraseFaultReporters(db, ids, before)
    if (ids.length < ERASE_BATCH) return erased
  }
}

/** The dashboard's figures: faults not resolved, and the median minutes to acknowledge of those acknowledged in [from, to). */
export async function faultFigures(
  { db }: Pick<FaultDeps, 'db'>,
  from: Date,
  to: Date,
): Promise<{ openFaults: number; medianAcknowledgeMinutes: number | null }> {
  const [openFaults, acknowledged] = await Promise.all([
    countOpenFaults(db),
    acknowledgementsBetween(db, from.toISOString(), to.toISOString()),
  ])
  const minutes = acknowledged
    .map((row) => (Date.parse(row.acknowledged_at ?? '') - Date.parse(row.reported_at)) / 60_000)
    .sort((a, b) => a - b)
  return { openFaults, medianAcknowledgeMinutes: median(minutes) }
}

function median(sorted: number[]): number | null {
  if (sorted.length === 0) return null
  const middle = Math.floor(sorted.length / 2)
  const value =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return Math.round(value)
}
