import {
  type BookingDetail,
  BOOKING_REQUEST_MESSAGES as MESSAGES,
  type StaffCheck,
} from '@signalway/shared/bookings'
import type { Executor } from '../../db/database.ts'
import { ConflictError } from '../../lib/errors.ts'
import { toTimestamp } from '../../lib/time.ts'
import { type AuditContext, writeAudit } from '../audit/audit.ts'
import type { AuthUser } from '../auth/plugin.ts'
import type { OutgoingMail } from '../outbox/service.ts'
import { enqueueMail } from '../outbox/service.ts'
import { bookingDetailOf, bookingForAction } from './access.ts'
import { type BookingMailFacts, bookingApprovedMail, bookingDeclinedMail, mailFactsOf } from './mail.ts'
import {
  type BookingAccount,
  type BookingColumns,
  type BookingListRow,
  deleteBookingLines,
  findAccountForBooking,
  findUserEmail,
  updateBookingAtVersion,
} from './repository.ts'
import { bookingLink, staffCheckOf } from './requests.ts'
import type { BookingsDeps } from './route-options.ts'

/*
 * An Account admin's decision on a booking over an orderer's approval limit (ADR 048): approve makes it
 * 'requested' (with the staff check of that moment), decline makes it 'declined' with the reason and frees its
 * units (its booking lines go). Version-checked (409 on a stale version, or when it waits for no approval any
 * more), audited and emailed to the orderer in the same transaction.
 */

export interface BookingIds {
  accountId: number
  bookingId: number
}

interface Decision {
  action: 'booking.approve' | 'booking.decline'
  /** The booking's new values, worked out in the transaction. */
  values: (trx: Executor, row: BookingListRow) => Promise<BookingColumns>
  mail: (to: string, facts: BookingMailFacts, values: BookingColumns) => OutgoingMail
}

async function decide(
  deps: BookingsDeps,
  user: AuthUser,
  ids: BookingIds,
  version: number,
  decision: Decision & { context: AuditContext },
): Promise<BookingDetail> {
  const row = await bookingForAction(deps.db, user, ids, ['account_admin'], MESSAGES.accountAdminOnly)
  if (version !== row.version) throw new ConflictError(MESSAGES.conflict)
  if (row.status !== 'awaiting_approval') throw new ConflictError(MESSAGES.notAwaitingApproval)
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock()
    const values = await decision.values(trx, row)
    const saved = await updateBookingAtVersion(trx, row.id, row.version, {
      ...values,
      updated_at: toTimestamp(now),
    })
    if (!saved) throw new ConflictError(MESSAGES.conflict)
    if (values.status === 'declined') await deleteBookingLines(trx, row.id)
    await writeAudit(trx, {
      actor: user,
      action: decision.action,
      targetType: 'booking',
      targetId: String(row.id),
      before: { reference: row.reference, status: row.status },
      after: {
        reference: row.reference,
        status: values.status,
        staffCheck: values.staff_check ?? null,
        reason: values.decline_reason ?? null,
      },
      ...decision.context,
      at: now,
    })
    const orderer = await findUserEmail(trx, row.ordered_by)
    if (!orderer) return
    const facts = mailFactsOf(row, bookingLink(deps.siteUrl, ids.accountId, row.id))
    await enqueueMail(trx, decision.mail(orderer, facts, values), now)
  })
  return bookingDetailOf(deps.db, ids.accountId, ids.bookingId)
}

const nameOf = (user: AuthUser) => `${user.givenName} ${user.familyName}`.trim() || user.email

export function approveBooking(
  deps: BookingsDeps,
  user: AuthUser,
  ids: BookingIds,
  version: number,
  context: AuditContext,
): Promise<BookingDetail> {
  return decide(deps, user, ids, version, {
    action: 'booking.approve',
    context,
    values: async (trx, row) => {
      const account = (await findAccountForBooking(trx, ids.accountId)) as BookingAccount
      const now = toTimestamp(deps.clock())
      return {
        status: 'requested',
        staff_check: await staffCheckOf(trx, account, Number(row.total_cents), row.id),
        approved_by: Number(user.id),
        approved_at: now,
      }
    },
    mail: (to, facts, values) =>
      bookingApprovedMail(to, facts, nameOf(user), (values.staff_check ?? null) as StaffCheck | null),
  })
}

export function declineBooking(
  deps: BookingsDeps,
  user: AuthUser,
  ids: BookingIds,
  change: { version: number; reason: string },
  context: AuditContext,
): Promise<BookingDetail> {
  return decide(deps, user, ids, change.version, {
    action: 'booking.decline',
    context,
    values: async () => ({ status: 'declined', staff_check: null, decline_reason: change.reason }),
    mail: (to, facts) => bookingDeclinedMail(to, facts, nameOf(user), change.reason),
  })
}
