import type { BookingStatus } from '@signalway/shared/bookings'
import {
  type BookingAdminDetail,
  type BookingDeclineInput,
  type BookingLinesAtInput,
  type BookingSwapsInput,
  type BookingVersionInput,
  BOOKING_ADMIN_MESSAGES as MESSAGES,
} from '@signalway/shared/bookings-admin'
import type { Executor } from '../../db/database.ts'
import { BadRequestError, ConflictError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, type BookingAuditAction, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { freeUnits } from '../fleet/availability.ts'
import { enqueueMail, type OutgoingMail } from '../outbox/service.ts'
import { type BookingsAdminDeps, bookingRow, getBooking, SWAPPABLE } from './admin-detail.ts'
import { findUnit, updateLine } from './admin-repository.ts'
import {
  type BookingColumns,
  type BookingLine,
  type BookingListRow,
  deleteBookingLines,
  findUserEmail,
  listBookingLines,
  updateBookingAtVersion,
} from './repository.ts'
import {
  bookingConfirmedMail,
  bookingDeclinedMail,
  type MailBooking,
  type MailUnit,
  unitsChangedMail,
  unitsCollectedMail,
  unitsDeliveredMail,
} from './staff-mail.ts'

/*
 * What staff do to a booking (ADR 048): confirm or decline a request, change a unit before delivery, mark units
 * delivered and collected, and close it. Each change names the version it was made from (409 when someone changed
 * the booking since), is refused (409) in a status it does not apply to, and is written, audited and emailed to
 * the orderer in one transaction.
 */

export interface Who {
  actor: Pick<AuthUser, 'id' | 'email'>
  context: AuditContext
}

/** One change of a booking: what it sets, what else it writes, what the log says and what the orderer is told. */
export interface BookingChange {
  action: BookingAuditAction
  columns: BookingColumns
  after: object
  write?: (trx: Executor) => Promise<void>
  mail?: (to: string, booking: MailBooking) => OutgoingMail
}
type Change = BookingChange

/** The booking, when it is at `version` (409 otherwise) and in a status the change applies to (409 with `message`). */
async function checkedRow(
  deps: BookingsAdminDeps,
  id: number,
  version: number,
  allowed: readonly BookingStatus[],
  message: string,
): Promise<BookingListRow> {
  const row = await bookingRow(deps.db, id)
  if (version !== row.version) throw new ConflictError(MESSAGES.conflict)
  if (!allowed.includes(row.status)) throw new ConflictError(message)
  return row
}

/**
 * Writes a change of a booking read at `row` inside the caller's transaction: the booking at its version (409
 * when it moved on), what else the change writes, its audit entry and the orderer's email. The field module's
 * dockets use it for their units, in the docket's own transaction.
 */
export async function applyBookingChange(
  trx: Executor,
  row: BookingListRow,
  change: BookingChange,
  who: Who,
  now: Date,
): Promise<void> {
  const saved = await updateBookingAtVersion(trx, row.id, row.version, {
    ...change.columns,
    updated_at: toTimestamp(now),
  })
  if (!saved) throw new ConflictError(MESSAGES.conflict)
  await change.write?.(trx)
  await writeAudit(trx, {
    actor: who.actor,
    action: change.action,
    targetType: 'booking',
    targetId: String(row.id),
    before: { status: row.status, version: row.version },
    after: { status: change.columns.status ?? row.status, ...change.after },
    ...who.context,
    at: now,
  })
  const to = change.mail ? await findUserEmail(trx, row.ordered_by) : null
  if (to && change.mail) {
    const booking = { reference: row.reference, siteName: row.site_name, timeZone: row.depot_time_zone }
    await enqueueMail(trx, change.mail(to, booking), now)
  }
}

async function save(
  deps: BookingsAdminDeps,
  row: BookingListRow,
  change: Change,
  who: Who,
  now: Date,
): Promise<BookingAdminDetail> {
  await deps.db.transaction().execute((trx) => applyBookingChange(trx, row, change, who, now))
  return getBooking(deps, row.id)
}

const mailUnits = (lines: readonly BookingLine[]): MailUnit[] =>
  lines.map((line) => ({ fleetNumber: line.fleet_number, typeName: line.type_name }))

export async function confirmBooking(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingVersionInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const row = await checkedRow(deps, id, input.version, ['requested'], MESSAGES.notConfirmable)
  const now = deps.clock()
  const lines = await listBookingLines(deps.db, id, { byLine: true })
  return save(
    deps,
    row,
    {
      action: 'booking.confirm',
      columns: { status: 'confirmed', decided_by: Number(who.actor.id), decided_at: toTimestamp(now) },
      after: { staffCheck: row.staff_check },
      mail: (to, booking) =>
        bookingConfirmedMail(to, { ...booking, startsAt: row.starts_at }, mailUnits(lines)),
    },
    who,
    now,
  )
}

export async function declineBooking(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingDeclineInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const row = await checkedRow(deps, id, input.version, ['requested', 'confirmed'], MESSAGES.notDeclinable)
  const now = deps.clock()
  return save(
    deps,
    row,
    {
      action: 'booking.staff-decline',
      columns: {
        status: 'declined',
        decline_reason: input.reason,
        decided_by: Number(who.actor.id),
        decided_at: toTimestamp(now),
      },
      after: { reason: input.reason },
      write: async (trx) => {
        await deleteBookingLines(trx, id)
      },
      mail: (to, booking) => bookingDeclinedMail(to, booking, input.reason),
    },
    who,
    now,
  )
}

export async function closeBooking(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingVersionInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const row = await checkedRow(deps, id, input.version, ['off_hired'], MESSAGES.notClosable)
  return save(
    deps,
    row,
    { action: 'booking.close', columns: { status: 'closed' }, after: {} },
    who,
    deps.clock(),
  )
}

/** The booking's lines named, each once; 400 when one is not the booking's. */
function chosenLines(lines: readonly BookingLine[], lineIds: readonly number[]): BookingLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]))
  return [...new Set(lineIds)].map((lineId) => {
    const line = byId.get(lineId)
    if (!line) throw new BadRequestError(MESSAGES.lineUnknown)
    return line
  })
}

/** A staff member's time: now when not given; never in the future. */
function timeOf(at: string | undefined, now: Date): Date {
  const when = at === undefined ? now : new Date(at)
  if (when.getTime() > now.getTime()) throw new BadRequestError(MESSAGES.inFuture)
  return when
}

/** Changes units not on hire yet for free units of the same type at the depot over the line's period. */
export async function swapUnits(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingSwapsInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const row = await checkedRow(
    deps,
    id,
    input.version,
    [...SWAPPABLE] as BookingStatus[],
    MESSAGES.notSwappable,
  )
  const lines = await listBookingLines(deps.db, id, { byLine: true })
  const chosen = chosenLines(
    lines,
    input.swaps.map((swap) => swap.lineId),
  )
  if (chosen.length !== input.swaps.length) throw new BadRequestError(MESSAGES.lineUnknown)
  if (chosen.some((line) => line.on_hire_at !== null)) throw new ConflictError(MESSAGES.notSwappable)
  const swaps = input.swaps.map((swap, index) => ({
    line: chosen[index] as BookingLine,
    unitId: swap.unitId,
  }))
  const changed: { from: string; to: MailUnit }[] = []
  return save(
    deps,
    row,
    {
      action: 'booking.units-change',
      columns: {},
      after: {
        swaps: swaps.map((swap) => ({ lineId: swap.line.id, from: swap.line.unit_id, to: swap.unitId })),
      },
      write: async (trx) => {
        for (const swap of swaps)
          changed.push({ from: swap.line.fleet_number, to: await swapOne(trx, row, swap) })
      },
      // The orderer was told the units once confirmed: they hear of a change.
      ...(row.status === 'confirmed'
        ? { mail: (to: string, booking: MailBooking) => unitsChangedMail(to, booking, changed) }
        : {}),
    },
    who,
    deps.clock(),
  )
}

/**
 * One line moved to another unit, under the same locks as a reservation (the type's units at the depot, FOR UPDATE
 * on PostgreSQL), so that two changes or a change and a booking cannot take the same free unit.
 */
async function swapOne(
  trx: Executor,
  row: BookingListRow,
  { line, unitId }: { line: BookingLine; unitId: number },
): Promise<MailUnit> {
  const unit = await findUnit(trx, unitId)
  if (!unit || unit.type_id !== line.type_id || unit.depot_id !== row.depot_id)
    throw new BadRequestError(MESSAGES.swapType)
  const period = { startsAt: new Date(line.starts_at), endsAt: new Date(line.ends_at) }
  const { free } = await freeUnits(trx, line.type_id, row.depot_id, period, { lock: true })
  if (!free.some((candidate) => candidate.id === unitId)) throw new ConflictError(MESSAGES.swapBusy)
  await updateLine(trx, line.id, { unit_id: unitId })
  return { fleetNumber: unit.fleet_number, typeName: line.type_name }
}

/** The statuses in which units are delivered and collected. */
export const FIELD_STATUSES: readonly BookingStatus[] = ['confirmed', 'on_hire', 'off_hire_requested']

/** What marking units delivered or collected starts from: the booking, checked, its lines, those chosen, and when. */
async function fieldChange(deps: BookingsAdminDeps, id: number, input: BookingLinesAtInput, message: string) {
  const row = await checkedRow(deps, id, input.version, FIELD_STATUSES, message)
  const now = deps.clock()
  const at = toTimestamp(timeOf(input.at, now))
  const lines = await listBookingLines(deps.db, id, { byLine: true })
  return { row, now, at, lines, chosen: chosenLines(lines, input.lineIds) }
}

/**
 * Units of the booking (`chosen` of its `lines`) delivered at `at`: 400 when one is on hire already; the booking
 * goes on hire once every unit is.
 */
export function onHireChange(
  row: BookingListRow,
  lines: readonly BookingLine[],
  chosen: readonly BookingLine[],
  at: string,
): BookingChange {
  if (chosen.some((line) => line.on_hire_at !== null)) throw new BadRequestError(MESSAGES.lineOnHire)
  const ids = new Set(chosen.map((line) => line.id))
  const allOnHire = lines.every((line) => line.on_hire_at !== null || ids.has(line.id))
  return {
    action: 'booking.on-hire',
    columns: row.status === 'confirmed' && allOnHire ? { status: 'on_hire' } : {},
    after: { lineIds: [...ids], at },
    write: async (trx) => {
      for (const line of chosen) await updateLine(trx, line.id, { on_hire_at: at })
    },
    mail: (to, booking) => unitsDeliveredMail(to, booking, mailUnits(chosen), at),
  }
}

/** Marks units delivered (on hire) at a time not in the future; the booking is on hire once every unit is. */
export async function markOnHire(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingLinesAtInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const { row, now, at, lines, chosen } = await fieldChange(deps, id, input, MESSAGES.notDeliverable)
  return save(deps, row, onHireChange(row, lines, chosen, at), who, now)
}

/**
 * Units of the booking collected at `at`, not before they went on hire (400 otherwise, or when one is not on hire
 * or collected already): a line's expected end moves out to it when later, and a unit collected without an
 * off-hire stops its charges then. The booking is off-hired once every unit is collected.
 */
export function collectChange(
  row: BookingListRow,
  lines: readonly BookingLine[],
  chosen: readonly BookingLine[],
  at: string,
): BookingChange {
  for (const line of chosen) {
    if (line.on_hire_at === null) throw new BadRequestError(MESSAGES.lineNotOnHire)
    if (line.collected_at !== null) throw new BadRequestError(MESSAGES.lineCollected)
    if (at < line.on_hire_at) throw new BadRequestError(MESSAGES.beforeOnHire)
  }
  const ids = new Set(chosen.map((line) => line.id))
  const allCollected = lines.every((line) => line.collected_at !== null || ids.has(line.id))
  const columns: Change['columns'] = allCollected ? { status: 'off_hired' } : {}
  if (at > row.ends_at) columns.ends_at = at
  return {
    action: 'booking.collect',
    columns,
    after: { lineIds: [...ids], at },
    write: async (trx) => {
      for (const line of chosen)
        await updateLine(trx, line.id, {
          collected_at: at,
          ends_at: at > line.ends_at ? at : line.ends_at,
          off_hire_at: line.off_hire_at ?? at,
        })
    },
    mail: (to, booking) => unitsCollectedMail(to, booking, mailUnits(chosen), at),
  }
}

/** Marks units collected at a time not in the future (collectChange says the rest). */
export async function markCollected(
  deps: BookingsAdminDeps,
  id: number,
  input: BookingLinesAtInput,
  who: Who,
): Promise<BookingAdminDetail> {
  const { row, now, at, lines, chosen } = await fieldChange(deps, id, input, MESSAGES.notCollectable)
  return save(deps, row, collectChange(row, lines, chosen, at), who, now)
}
