import { BOOKING_MESSAGES, BOOKING_REQUEST_MESSAGES as MESSAGES } from '@signalway/shared/bookings'
import { CUSTOMER_ACCOUNT_MESSAGES, type CustomerAccountRole } from '@signalway/shared/customer-accounts'
import type { Executor } from '../../db/database.ts'
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts'
import type { AuthUser } from '../auth/plugin.ts'
import {
  type BookingListRow,
  type BookingMember,
  findAccountBooking,
  findBookingMember,
  listBookingItems,
  listBookingLines,
} from './repository.ts'
import { toBookingDetail } from './views.ts'

/*
 * Who may do what with an account's bookings (ADR 045, 048): someone outside the account gets 404 (as for an
 * unknown account), a member without the role 403 (whichever booking they name: the role is checked before the
 * booking is looked up); a Site supervisor sees and acts on only the bookings of their sites (the others are 404
 * to them, as unknown bookings).
 */

/** Orderers and Account admins book, price and extend. */
export const BOOKERS: readonly CustomerAccountRole[] = ['orderer', 'account_admin']

/** The member of the account the user is, with their role and sites: 404 to anyone else. */
export async function bookingMemberOf(
  db: Executor,
  user: AuthUser,
  accountId: number,
): Promise<BookingMember> {
  const member = await findBookingMember(db, Number(user.id), accountId)
  if (!member) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return member
}

/** The member, when their role is one of `roles`: 403 with `forbidden` otherwise. */
export async function memberWithRole(
  db: Executor,
  user: AuthUser,
  accountId: number,
  roles: readonly CustomerAccountRole[],
  forbidden: string,
): Promise<BookingMember> {
  const member = await bookingMemberOf(db, user, accountId)
  if (!roles.includes(member.role as CustomerAccountRole)) throw new ForbiddenError(forbidden)
  return member
}

export const bookerOf = (db: Executor, user: AuthUser, accountId: number) =>
  memberWithRole(db, user, accountId, BOOKERS, MESSAGES.cannotBook)

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

/**
 * A booking of the account the member may act on with one of `roles`: 403 (`forbidden`) when their role may not,
 * before the booking is looked up; 404 when it is not the account's or (for a Site supervisor) not of their sites.
 */
export async function bookingForAction(
  db: Executor,
  user: AuthUser,
  target: { accountId: number; bookingId: number },
  roles: readonly CustomerAccountRole[],
  forbidden: string,
): Promise<BookingListRow> {
  const member = await memberWithRole(db, user, target.accountId, roles, forbidden)
  return visibleBooking(db, member, target.accountId, target.bookingId)
}

export async function bookingDetailOf(db: Executor, accountId: number, bookingId: number) {
  const row = await findAccountBooking(db, accountId, bookingId)
  if (!row) throw new NotFoundError(BOOKING_MESSAGES.notFound)
  const [items, units] = await Promise.all([listBookingItems(db, bookingId), listBookingLines(db, bookingId)])
  return toBookingDetail(row, items, units)
}
