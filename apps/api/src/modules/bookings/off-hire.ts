import { formatYearReference } from '@signalway/shared/bookings'
import { businessDay } from '@signalway/shared/business-time'
import {
  type OffHireRequest,
  type OffHireResult,
  ON_HIRE_LIMITS,
  ON_HIRE_MESSAGES,
} from '@signalway/shared/on-hire'
import { nextCounterValue } from '../../db/counters-repository.ts'
import type { Executor } from '../../db/database.ts'
import { ConflictError, ValidationError } from '../../lib/errors.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { freeUnits } from '../fleet/availability.ts'
import { enqueueMail } from '../outbox/service.ts'
import { bookingForAction } from './access.ts'
import { offHireMail } from './off-hire-mail.ts'
import type { OnHireDeps } from './on-hire.ts'
import { findUserEmails, insertOffHire, markLinesOffHired, setBookingStatus } from './on-hire-repository.ts'
import {
  type BookingLine,
  type BookingListRow,
  listBookingLines,
  updateBookingAtVersion,
} from './repository.ts'

/*
 * A customer's off-hire (ADR 048): units of a booking on hire, and when they are ready to collect. Their charges
 * stop at that pick-up time (the billing stop rule), which is never in the past. The off-hire's number comes from
 * the year's counter in the same transaction, so numbers have no gaps and no duplicates; the booking's version is
 * moved on first, so a retried or concurrent submission of the same booking is refused (409) rather than making a
 * second off-hire.
 */

type Parsed = Omit<OffHireRequest, 'accessNotes'> & { accessNotes: string }

/** The chosen lines, checked: 400 unless each is the booking's and on hire; 409 naming any already off-hired. */
function chosenLines(lines: readonly BookingLine[], lineIds: readonly number[]): BookingLine[] {
  const byId = new Map(lines.map((line) => [line.id, line]))
  const chosen = lineIds.map((lineId) => byId.get(lineId))
  const usable = chosen.filter(
    (line): line is BookingLine =>
      line !== undefined &&
      line.on_hire_at !== null &&
      line.collected_at === null &&
      // A unit swapped for another at an extension stops at the old end, without an off-hire of its own.
      (line.off_hire_at === null || line.off_hire_id !== null),
  )
  if (usable.length !== chosen.length)
    throw new ValidationError({ lineIds: [ON_HIRE_MESSAGES.notOnHire] }, ON_HIRE_MESSAGES.notOnHire)
  const already = usable.filter((line) => line.off_hire_id !== null)
  if (already.length > 0)
    throw new ConflictError(ON_HIRE_MESSAGES.alreadyOffHired(already.map((line) => line.fleet_number)))
  return usable
}

/**
 * A pick-up after a line's expected end holds its unit longer, as an extension does: 409 naming the units another
 * hire has booked by then (from the later of that end and now), their rows locked as the extension locks them.
 */
async function checkHeldUntilPickup(
  trx: Executor,
  booking: BookingListRow,
  chosen: readonly BookingLine[],
  times: { pickupAt: Date; now: Date },
): Promise<void> {
  const busy: string[] = []
  for (const line of [...chosen].sort((a, b) => a.type_id - b.type_id)) {
    const from = Math.max(Date.parse(line.ends_at), times.now.getTime())
    if (times.pickupAt.getTime() <= from) continue
    const period = { startsAt: new Date(from), endsAt: times.pickupAt }
    const options = { lock: true, exceptBookingId: booking.id }
    const { free } = await freeUnits(trx, line.type_id, booking.depot_id, period, options)
    if (!free.some((unit) => unit.id === line.unit_id)) busy.push(line.fleet_number)
  }
  if (busy.length > 0) throw new ConflictError(ON_HIRE_MESSAGES.pickupUnitsBooked(busy))
}

async function offHireInTransaction(
  trx: Executor,
  booking: BookingListRow,
  request: { user: AuthUser; input: Parsed; lineIds: number[]; now: Date },
) {
  const { user, input, lineIds, now } = request
  const moved = await updateBookingAtVersion(trx, booking.id, input.version, {
    updated_at: now.toISOString(),
  })
  const lines = await listBookingLines(trx, booking.id)
  // A retry after the first went through: name the units already off-hired rather than only "changed".
  const chosen = chosenLines(lines, lineIds)
  if (!moved) throw new ConflictError(ON_HIRE_MESSAGES.stale)
  await checkHeldUntilPickup(trx, booking, chosen, { pickupAt: new Date(input.pickupAt), now })
  const year = businessDay(now).year
  const number = formatYearReference('OH', year, await nextCounterValue(trx, `OH-${year}`, 1))
  const pickupAt = new Date(input.pickupAt).toISOString()
  const offHireId = await insertOffHire(trx, {
    number,
    booking_id: booking.id,
    account_id: booking.account_id,
    pickup_at: pickupAt,
    access_notes: input.accessNotes,
    requested_by: Number(user.id),
    requested_by_name: `${user.givenName} ${user.familyName}`.trim(),
    created_at: now.toISOString(),
  })
  await markLinesOffHired(trx, lineIds, { id: offHireId, pickupAt })
  const chosenIds = new Set(lineIds)
  const everyLine = lines.every((line) => line.off_hire_id !== null || chosenIds.has(line.id))
  if (everyLine && booking.status === 'on_hire') await setBookingStatus(trx, booking.id, 'off_hire_requested')
  return { number, pickupAt, chosen, status: everyLine ? 'off_hire_requested' : booking.status }
}

/** POST …/bookings/:bookingId/off-hires (Orderers, Account admins, Site supervisors of the booking's site). */
export async function requestOffHire(
  deps: OnHireDeps,
  user: AuthUser,
  target: { accountId: number; bookingId: number },
  input: Parsed,
  context: AuditContext,
): Promise<OffHireResult> {
  const booking = await bookingForAction(
    deps.db,
    user,
    target,
    ['account_admin', 'orderer', 'site_supervisor'],
    ON_HIRE_MESSAGES.offHireForbidden,
  )
  const now = deps.clock()
  if (Date.parse(input.pickupAt) < now.getTime())
    throw new ValidationError({ pickupAt: [ON_HIRE_MESSAGES.pickupInPast] }, ON_HIRE_MESSAGES.pickupInPast)
  if (Date.parse(input.pickupAt) > now.getTime() + ON_HIRE_LIMITS.maxDaysAhead * 86_400_000)
    throw new ValidationError({ pickupAt: [ON_HIRE_MESSAGES.pickupTooFar] }, ON_HIRE_MESSAGES.pickupTooFar)
  const lineIds = [...new Set(input.lineIds)]
  return deps.db.transaction().execute(async (trx) => {
    const done = await offHireInTransaction(trx, booking, { user, input, lineIds, now })
    const fleetNumbers = done.chosen.map((line) => line.fleet_number)
    await writeAudit(trx, {
      actor: user,
      action: 'booking.off-hire',
      targetType: 'booking',
      targetId: String(booking.id),
      before: { status: booking.status, version: input.version },
      after: { status: done.status, number: done.number, pickupAt: done.pickupAt, units: fleetNumbers },
      ...context,
      at: now,
    })
    const userIds = [Number(user.id), ...(booking.ordered_by === null ? [] : [booking.ordered_by])]
    const emails = await findUserEmails(trx, [...new Set(userIds)])
    const recipients = new Map(emails.map((email) => [email.toLowerCase(), email]))
    for (const to of recipients.values())
      await enqueueMail(
        trx,
        offHireMail(to, {
          number: done.number,
          bookingReference: booking.reference,
          pickupAt: done.pickupAt,
          timeZone: booking.depot_time_zone,
          fleetNumbers,
          accessNotes: input.accessNotes,
        }),
        now,
      )
    return {
      number: done.number,
      pickupAt: done.pickupAt,
      units: done.chosen.map((line) => ({ lineId: line.id, fleetNumber: line.fleet_number })),
      version: input.version + 1,
    }
  })
}
