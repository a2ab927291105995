import {
  type BookingAdminDetail,
  type BookingAdminList,
  type BookingAdminListQuery,
  BOOKING_ADMIN_MESSAGES as MESSAGES,
  STAFF_CHECK_STAFF_WORDS,
} from '@signalway/shared/bookings-admin'
import type { Executor } from '../../db/database.ts'
import { NotFoundError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import { availableCredit } from '../customer-accounts/available-credit.ts'
import { freeUnits } from '../fleet/availability.ts'
import { countBookings, findBooking, findBookings } from './admin-repository.ts'
import {
  type BookingLine,
  type BookingListRow,
  findUserEmail,
  listBookingItems,
  listBookingLines,
} from './repository.ts'
import { toBookingDetail, toBookingSummary } from './views.ts'

/* The staff's bookings inbox and one booking as staff see it (ADR 048). */

export interface BookingsAdminDeps {
  db: Executor
  clock: Clock
}

/** Statuses in which a unit not on hire yet may be changed for another. */
export const SWAPPABLE = new Set(['awaiting_approval', 'requested', 'confirmed'])

export async function listBookings(
  { db }: BookingsAdminDeps,
  query: BookingAdminListQuery,
): Promise<BookingAdminList> {
  const filter = { status: query.status, search: query.q }
  const [rows, total] = await Promise.all([
    findBookings(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countBookings(db, filter),
  ])
  return { items: rows.map(toBookingSummary), total, page: query.page, pageSize: query.pageSize }
}

/** How many bookings wait for staff to confirm or decline them: the dashboard's count of the inbox's requested. */
export function countRequested({ db }: BookingsAdminDeps): Promise<number> {
  return countBookings(db, { status: 'requested', search: '' })
}

export async function bookingRow(db: Executor, id: number): Promise<BookingListRow> {
  const row = await findBooking(db, id)
  if (!row) throw new NotFoundError(MESSAGES.notFound)
  return row
}

/** For each line not on hire yet: the free units of its type at the depot over its period. */
async function swapOptionsOf(db: Executor, row: BookingListRow, lines: BookingLine[]) {
  if (!SWAPPABLE.has(row.status)) return []
  const waiting = lines.filter((line) => line.on_hire_at === null)
  const found = new Map<string, { id: number; fleetNumber: string }[]>()
  const options = []
  for (const line of waiting) {
    const key = `${line.type_id}|${line.starts_at}|${line.ends_at}`
    let units = found.get(key)
    if (!units) {
      const period = { startsAt: new Date(line.starts_at), endsAt: new Date(line.ends_at) }
      const { free } = await freeUnits(db, line.type_id, row.depot_id, period)
      units = free.map((unit) => ({ id: unit.id, fleetNumber: unit.fleet_number }))
      found.set(key, units)
    }
    options.push({ lineId: line.id, units })
  }
  return options
}

export async function getBooking({ db }: BookingsAdminDeps, id: number): Promise<BookingAdminDetail> {
  const row = await bookingRow(db, id)
  const account = { id: row.account_id, credit_limit_cents: row.account_credit_limit_cents }
  const [items, lines, email, available] = await Promise.all([
    listBookingItems(db, id),
    listBookingLines(db, id, { byLine: true }),
    findUserEmail(db, row.ordered_by),
    availableCredit(db, account),
  ])
  return {
    ...toBookingDetail(row, items, lines),
    accountOnHold: row.account_on_hold === 1,
    accountHoldReason: row.account_hold_reason,
    creditLimitCents: Number(row.account_credit_limit_cents),
    availableCreditCents: available,
    staffCheckWords: row.staff_check === null ? null : STAFF_CHECK_STAFF_WORDS[row.staff_check],
    orderedByEmail: email ?? null,
    swapOptions: await swapOptionsOf(db, row, lines),
  }
}
