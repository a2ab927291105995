import type { BookingSummary } from '@signalway/shared/bookings'
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
import { freeUnits } from '../fleet/availability.ts'
import {
  type BookingWithParties,
  countBookings,
  findBooking,
  findBookings,
  findUserEmail,
  type LineRow,
  listItems,
  listLines,
  openBookingsTotal,
} from './admin-repository.ts'

/* The staff's bookings inbox and one booking as staff see it (ADR 048). */

export interface BookingsAdminDeps {
  db: Executor
  clock: Clock
}

/** Statuses in which a unit not on hire yet may be changed for another. */
export const SWAPPABLE = new Set(['awaiting_approval', 'requested', 'confirmed'])

export function toSummary(row: BookingWithParties): BookingSummary {
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    staffCheck: row.staff_check,
    accountId: row.account_id,
    accountNumber: row.account_number,
    accountName: row.account_name,
    siteId: row.site_id,
    siteName: row.site_name,
    depot: { id: row.depot_id, code: row.depot_code, name: row.depot_name, timeZone: row.depot_time_zone },
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    delivery: row.delivery === 1,
    poNumber: row.po_number,
    jobReference: row.job_reference,
    orderedByName: row.ordered_by_name,
    totalCents: row.total_cents,
    createdAt: row.created_at,
    version: row.version,
  }
}

export async function listBookings(
  { db }: BookingsAdminDeps,
  query: BookingAdminListQuery,
): Promise<BookingAdminList> {
  const filter = { status: query.status, search: query.q }
  const [rows, total] = await Promise.all([
    findBookings(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countBookings(db, filter),
  ])
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize }
}

export async function bookingRow(db: Executor, id: number): Promise<BookingWithParties> {
  const row = await findBooking(db, id)
  if (!row) throw new NotFoundError(MESSAGES.notFound)
  return row
}

/** For each line not on hire yet: the free units of its type at the depot over its period. */
async function swapOptionsOf(db: Executor, row: BookingWithParties, lines: LineRow[]) {
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
  const [items, lines, email, openTotal] = await Promise.all([
    listItems(db, id),
    listLines(db, id),
    findUserEmail(db, row.ordered_by),
    openBookingsTotal(db, row.account_id),
  ])
  return {
    ...toSummary(row),
    siteAddress: row.site_address,
    siteContactName: row.site_contact_name,
    siteContactPhone: row.site_contact_phone,
    nightWorks: row.night_works === 1,
    items: items.map((item) => ({
      id: item.id,
      typeId: item.equipment_type_id,
      description: item.description,
      quantity: item.quantity,
      dayRateCents: item.day_rate_cents,
      weekRateCents: item.week_rate_cents,
      minimumDays: item.minimum_days,
      subtotalCents: item.subtotal_cents,
    })),
    units: lines.map((line) => ({
      lineId: line.id,
      itemId: line.booking_item_id,
      unitId: line.unit_id,
      fleetNumber: line.fleet_number,
      typeName: line.type_name,
      onHireAt: line.on_hire_at,
      offHireAt: line.off_hire_at,
      offHireNumber: line.off_hire_number,
      collectedAt: line.collected_at,
    })),
    deliveryFeeCents: row.delivery_fee_cents,
    collectionFeeCents: row.collection_fee_cents,
    subtotalCents: row.subtotal_cents,
    gstCents: row.gst_cents,
    acceptedName: row.accepted_name,
    acceptedAt: row.accepted_at,
    termsVersion: row.terms_version,
    hasAgreement: row.agreement_file_id !== null,
    declineReason: row.decline_reason,
    accountOnHold: row.account_on_hold === 1,
    accountHoldReason: row.account_hold_reason,
    creditLimitCents: row.account_credit_limit_cents,
    availableCreditCents: row.account_credit_limit_cents - openTotal,
    staffCheckWords: row.staff_check === null ? null : STAFF_CHECK_STAFF_WORDS[row.staff_check],
    orderedByEmail: email,
    swapOptions: await swapOptionsOf(db, row, lines),
  }
}
