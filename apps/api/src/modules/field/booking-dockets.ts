import { type DocketList, FIELD_MESSAGES } from '@signalway/shared/field-operations'
import { NotFoundError } from '../../lib/errors.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { bookingMemberOf, visibleBooking } from '../bookings/access.ts'
import { bookingRow } from '../bookings/admin-detail.ts'
import type { FieldDeps } from './deps.ts'
import { docketPdfOf } from './docket-file.ts'
import { toDockets } from './docket-views.ts'
import { type DocketRow, findDocketRow, listDocketRows } from './repository.ts'

/*
 * A booking's dockets as staff and the account's members see them (ADR 050): staff every booking's; in My Account
 * the members who may see the booking (a Site supervisor their sites' only), 404 to anyone else.
 */

export async function adminBookingDockets(deps: FieldDeps, bookingId: number): Promise<DocketList> {
  await bookingRow(deps.db, bookingId)
  return { items: await toDockets(deps.db, await listDocketRows(deps.db, { bookingId })) }
}

async function docketRow(deps: FieldDeps, docketId: number): Promise<DocketRow> {
  const row = await findDocketRow(deps.db, docketId)
  if (!row) throw new NotFoundError(FIELD_MESSAGES.docketNotFound)
  return row
}

export async function adminDocketPdf(deps: FieldDeps, docketId: number) {
  return docketPdfOf(deps.db, await docketRow(deps, docketId))
}

interface PortalTarget {
  accountId: number
  bookingId: number
}

async function visible(deps: FieldDeps, user: AuthUser, target: PortalTarget) {
  const member = await bookingMemberOf(deps.db, user, target.accountId)
  await visibleBooking(deps.db, member, target.accountId, target.bookingId)
}

export async function portalBookingDockets(
  deps: FieldDeps,
  user: AuthUser,
  target: PortalTarget,
): Promise<DocketList> {
  await visible(deps, user, target)
  return { items: await toDockets(deps.db, await listDocketRows(deps.db, { bookingId: target.bookingId })) }
}

export async function portalDocketPdf(
  deps: FieldDeps,
  user: AuthUser,
  target: PortalTarget & { docketId: number },
) {
  await visible(deps, user, target)
  const row = await docketRow(deps, target.docketId)
  if (row.booking_id !== target.bookingId) throw new NotFoundError(FIELD_MESSAGES.docketNotFound)
  return docketPdfOf(deps.db, row)
}
