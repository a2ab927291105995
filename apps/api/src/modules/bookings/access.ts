import { BOOKING_MESSAGES, BOOKING_REQUEST_MESSAGES as MESSAGES } from '@signalway/shared/bookings'
import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import type { Executor } from '../../db/database.ts'
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import type { AuthUser } from '../auth/plugin.ts'
import {
  type BookingListRow,
  type BookingMember,
  findAccountBooking,
  findBookingMember,
  listBookingItems,
  listBookingUnits,
} from './repository.ts'
import { toBookingDetail } from './views.ts'

/*
 * Who may do what with an account's bookings (ADR 045, 048): someone outside the account gets 404 (as for an
 * unknown account), a member without the role 403; a Site supervisor sees only the bookings of their sites (the
 * others are 404 to them).
 */

export async function bookingMemberOf(
  db: Executor,
  user: AuthUser,
  accountId: number,
): Promise<BookingMember> {
  const member = await findBookingMember(db, Number(user.id), accountId)
  if (!member) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return member
}

/** Orderers and Account admins book and price. */
export async function bookerOf(db: Executor, user: AuthUser, accountId: number): Promise<BookingMember> {
  const member = await bookingMemberOf(db, user, accountId)
  if (member.role !== 'orderer' && member.role !== 'account_admin')
    throw new ForbiddenError(MESSAGES.cannotBook)
  return member
}

export async function accountAdminOf(
  db: Executor,
  user: AuthUser,
  accountId: number,
): Promise<BookingMember> {
  const member = await bookingMemberOf(db, user, accountId)
  if (member.role !== 'account_admin') throw new ForbiddenError(MESSAGES.accountAdminOnly)
  return member
}

/** The sites whose bookings a member sees: undefined for all of them. */
export const visibleSitesOf = (member: BookingMember) =>
  member.role === 'site_supervisor' ? member.siteIds : undefined

/** A booking of the account the member may see: 404 otherwise. */
export async function visibleBooking(
  db: Executor,
  member: BookingMember,
  accountId: number,
  bookingId: number,
): Promise<BookingListRow> {
  const row = await findAccountBooking(db, accountId, bookingId)
  const sites = visibleSitesOf(member)
  if (!row || (sites !== undefined && !sites.includes(row.site_id)))
    throw new NotFoundError(BOOKING_MESSAGES.notFound)
  return row
}

export async function bookingDetailOf(db: Executor, accountId: number, bookingId: number) {
  const row = await findAccountBooking(db, accountId, bookingId)
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.notFound)
  const [items, units] = await Promise.all([listBookingItems(db, bookingId), listBookingUnits(db, bookingId)])
  return toBookingDetail(row, items, units)
}
