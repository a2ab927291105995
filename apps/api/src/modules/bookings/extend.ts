import {
  type ExtendConflict,
  type ExtendRequest,
  type ExtendResult,
  ON_HIRE_MESSAGES,
} from '@signalway/shared/on-hire'
import type { Executor } from '../../db/database.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { freeUnits, type Period } from '../fleet/availability.ts'
import type { CandidateUnit } from '../fleet/availability-repository.ts'
import { enqueueMail } from '../outbox/service.ts'
import { BOOKERS, bookingForAction } from './access.ts'
import { extendMail } from './off-hire-mail.ts'
import type { OnHireDeps } from './on-hire.ts'
import { insertLine, setLinesEnd, stopLines } from './on-hire-repository.ts'
import {
  type BookingLine,
  type BookingListRow,
  findUserEmail,
  listBookingLines,
  updateBookingAtVersion,
} from './repository.ts'

/*
 * Extending a hire (ADR 048): a later expected end for the booking's units without an off-hire. Each unit must be
 * free from the old end to the new one (the booking's own lines aside), by the fleet's availability rules, its
 * type's units locked first as reserveUnits does (PostgreSQL: FOR UPDATE; SQLite has one writer). A unit another
 * hire has booked in the extra time answers 409 naming it, with a free unit of its type at the depot to swap to;
 * sent again with the swap, the old line ends at the old end, its charges stopping there if it is on hire (the unit
 * is exchanged then), and a new line holds the other unit to the new end (on hire once staff deliver it).
 */

const YEAR_MS = 365 * 86_400_000

/** A hire that can still run on: confirmed, or with units out. */
const EXTENDABLE = new Set(['confirmed', 'on_hire', 'off_hire_requested'])

/** Units another hire has booked in the extra time: nothing was changed. */
export class ExtendConflictError extends ConflictError {
  readonly conflicts: ExtendConflict[]

  constructor(conflicts: ExtendConflict[]) {
    super(ON_HIRE_MESSAGES.extendConflict)
    this.conflicts = conflicts
  }
}

/** The free units of each type of the lines over the extra time, their rows locked until the transaction ends. */
async function freeUnitsByType(
  trx: Executor,
  booking: BookingListRow,
  lines: readonly BookingLine[],
  period: Period,
): Promise<Map<number, CandidateUnit[]>> {
  const free = new Map<number, CandidateUnit[]>()
  // In type order, each type's units in fleet-number order: two extensions never lock in opposite orders.
  for (const typeId of [...new Set(lines.map((line) => line.type_id))].sort((a, b) => a - b)) {
    const options = { lock: true, exceptBookingId: booking.id }
    free.set(typeId, (await freeUnits(trx, typeId, booking.depot_id, period, options)).free)
  }
  return free
}

interface Plan {
  keep: BookingLine[]
  swap: { line: BookingLine; unit: CandidateUnit }[]
  conflicts: ExtendConflict[]
}

/** Which lines run on with their unit, which change unit, and which meet a unit booked by another hire. */
function planOf(
  lines: readonly BookingLine[],
  free: Map<number, CandidateUnit[]>,
  swaps: ExtendRequest['swaps'],
): Plan {
  const wanted = new Map((swaps ?? []).map((swap) => [swap.lineId, swap.unitId]))
  // The units the extension holds (or offers): never offered or given twice.
  const taken = new Set(lines.filter((line) => !wanted.has(line.id)).map((line) => line.unit_id))
  const plan: Plan = { keep: [], swap: [], conflicts: [] }
  for (const line of lines) {
    const freeOfType = free.get(line.type_id) ?? []
    const swapTo = wanted.get(line.id)
    if (swapTo !== undefined) {
      const unit = freeOfType.find((candidate) => candidate.id === swapTo && !taken.has(candidate.id))
      if (!unit)
        throw new ValidationError({ swaps: [ON_HIRE_MESSAGES.swapInvalid] }, ON_HIRE_MESSAGES.swapInvalid)
      taken.add(unit.id)
      plan.swap.push({ line, unit })
    } else if (freeOfType.some((candidate) => candidate.id === line.unit_id)) {
      plan.keep.push(line)
    } else {
      const offer = freeOfType.find((candidate) => !taken.has(candidate.id))
      if (offer) taken.add(offer.id)
      plan.conflicts.push({
        lineId: line.id,
        unitId: line.unit_id,
        fleetNumber: line.fleet_number,
        swapTo: offer ? { unitId: offer.id, fleetNumber: offer.fleet_number } : null,
      })
    }
  }
  return plan
}

function checkEnd(booking: BookingListRow, endsAt: Date, now: Date): void {
  if (!(endsAt.getTime() > Date.parse(booking.ends_at)))
    throw new ValidationError({ endsAt: [ON_HIRE_MESSAGES.endsAtNotLater] }, ON_HIRE_MESSAGES.endsAtNotLater)
  if (endsAt.getTime() > now.getTime() + YEAR_MS)
    throw new ValidationError({ endsAt: [ON_HIRE_MESSAGES.endsAtTooFar] }, ON_HIRE_MESSAGES.endsAtTooFar)
}

async function applyPlan(trx: Executor, booking: BookingListRow, plan: Plan, period: Period, now: Date) {
  await setLinesEnd(
    trx,
    plan.keep.map((line) => line.id),
    period.endsAt.toISOString(),
  )
  await stopLines(
    trx,
    plan.swap.filter(({ line }) => line.on_hire_at !== null).map(({ line }) => line.id),
    period.startsAt.toISOString(),
  )
  const swapped: ExtendResult['swapped'] = []
  for (const { line, unit } of plan.swap) {
    const newLineId = await insertLine(trx, {
      unit_id: unit.id,
      starts_at: period.startsAt.toISOString(),
      ends_at: period.endsAt.toISOString(),
      booking_ref: booking.reference,
      booking_id: booking.id,
      booking_item_id: line.booking_item_id,
      created_at: now.toISOString(),
    })
    swapped.push({ lineId: line.id, newLineId, fleetNumber: unit.fleet_number })
  }
  return swapped
}

/** POST …/bookings/:bookingId/extend (Orderers and Account admins). */
export async function extendBooking(
  deps: OnHireDeps,
  user: AuthUser,
  target: { accountId: number; bookingId: number },
  input: ExtendRequest,
  context: AuditContext,
): Promise<ExtendResult> {
  const booking = await bookingForAction(deps.db, user, target, BOOKERS, ON_HIRE_MESSAGES.extendForbidden)
  if (!EXTENDABLE.has(booking.status)) throw new ConflictError(ON_HIRE_MESSAGES.notExtendable)
  const now = deps.clock()
  const period = { startsAt: new Date(booking.ends_at), endsAt: new Date(input.endsAt) }
  checkEnd(booking, period.endsAt, now)
  const endsAt = period.endsAt.toISOString()
  return deps.db.transaction().execute(async (trx) => {
    const columns = { updated_at: now.toISOString(), ends_at: endsAt }
    if (!(await updateBookingAtVersion(trx, booking.id, input.version, columns)))
      throw new ConflictError(ON_HIRE_MESSAGES.stale)
    const lines = (await listBookingLines(trx, booking.id)).filter(
      (line) => line.off_hire_id === null && line.collected_at === null && line.ends_at >= booking.ends_at,
    )
    if (lines.length === 0) throw new ConflictError(ON_HIRE_MESSAGES.nothingToExtend)
    const plan = planOf(lines, await freeUnitsByType(trx, booking, lines, period), input.swaps)
    // Thrown inside the transaction, so the version's move is rolled back with it.
    if (plan.conflicts.length > 0) throw new ExtendConflictError(plan.conflicts)
    const swapped = await applyPlan(trx, booking, plan, period, now)
    const swappedFrom = plan.swap.map(({ line, unit }) => ({
      from: line.fleet_number,
      to: unit.fleet_number,
    }))
    await writeAudit(trx, {
      actor: user,
      action: 'booking.extend',
      targetType: 'booking',
      targetId: String(booking.id),
      before: { endsAt: booking.ends_at, version: input.version },
      after: { endsAt, swapped: swappedFrom },
      ...context,
      at: now,
    })
    const to = await findUserEmail(trx, booking.ordered_by)
    if (to)
      await enqueueMail(
        trx,
        extendMail(to, {
          bookingReference: booking.reference,
          endsAt,
          timeZone: booking.depot_time_zone,
          swapped: swappedFrom,
        }),
        now,
      )
    return { endsAt, version: input.version + 1, swapped }
  })
}
