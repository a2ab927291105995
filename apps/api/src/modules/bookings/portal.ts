import type { BookingDetail, BookingStatus, BookingSummary } from '@signalway/shared/bookings'
import type { Executor } from '../../db/database.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { bookingDetailOf, bookingMemberOf, visibleBooking, visibleSitesOf } from './access.ts'
import { agreementFileOf } from './agreement.ts'
import { listAccountBookings } from './repository.ts'
import { toBookingSummary } from './views.ts'

/* The portal's bookings (requirements §19): every member reads them, a Site supervisor only their sites'. */

export async function listPortalBookings(
  db: Executor,
  user: AuthUser,
  accountId: number,
  status: BookingStatus | undefined,
): Promise<BookingSummary[]> {
  const member = await bookingMemberOf(db, user, accountId)
  const rows = await listAccountBookings(db, accountId, { status, siteIds: visibleSitesOf(member) })
  return rows.map(toBookingSummary)
}

export async function portalBookingDetail(
  db: Executor,
  user: AuthUser,
  ids: { accountId: number; bookingId: number },
): Promise<BookingDetail> {
  const member = await bookingMemberOf(db, user, ids.accountId)
  await visibleBooking(db, member, ids.accountId, ids.bookingId)
  return bookingDetailOf(db, ids.accountId, ids.bookingId)
}

/** The booking's sealed hire agreement, for a member who may see the booking. */
export async function portalAgreement(
  db: Executor,
  user: AuthUser,
  ids: { accountId: number; bookingId: number },
) {
  const member = await bookingMemberOf(db, user, ids.accountId)
  const row = await visibleBooking(db, member, ids.accountId, ids.bookingId)
  const file = await agreementFileOf(db, row.agreement_file_id)
  return { ...file, reference: row.reference }
}
