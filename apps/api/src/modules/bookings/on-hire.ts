import { businessDay, formatIsoDay, formatWallTime } from '@signalway/shared/business-time'
import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import { type Cents, gstOf } from '@signalway/shared/money'
import {
  type OnHire,
  type OnHireBooking,
  type OnHireGroup,
  type OnHireQuery,
  type OnHireUnit,
  runningCost,
} from '@signalway/shared/on-hire'
import type { Executor } from '../../db/database.ts'
import { toCsv } from '../../lib/csv.ts'
import { NotFoundError } from '../../lib/errors.ts'
import type { Clock } from '../../lib/time.ts'
import type { AuthUser } from '../auth/plugin.ts'
import { BOOKERS, bookingMemberOf, visibleSitesOf } from './access.ts'
import { findAccountNumber, listOnHireLines, type OnHireLineRow } from './on-hire-repository.ts'

/*
 * What a customer account has on hire (ADR 048, requirements §19): every unit out, by site and purchase order,
 * with its days and running cost to date (the rate engine's, stopping at an off-hire's pick-up time). Every
 * member sees it, a Site supervisor only their sites; someone outside the account gets 404.
 */

export interface OnHireDeps {
  db: Executor
  clock: Clock
}

function unitOf(row: OnHireLineRow, now: Date): OnHireUnit {
  const cost = runningCost(
    { dayRateCents: row.day_rate_cents, weekRateCents: row.week_rate_cents, minimumDays: row.minimum_days },
    row.on_hire_at,
    row.off_hire_at,
    now,
  )
  return {
    lineId: row.line_id,
    bookingId: row.booking_id,
    bookingReference: row.reference,
    unitId: row.unit_id,
    fleetNumber: row.fleet_number,
    typeName: row.type_name,
    serviceSlug: row.service_slug,
    timeZone: row.time_zone,
    onHireAt: row.on_hire_at ?? '',
    expectedEndAt: row.ends_at,
    offHireNumber: row.off_hire_number,
    pickupAt: row.pickup_at,
    chargesStopAt: row.off_hire_at,
    days: cost.days,
    costCents: cost.costCents,
  }
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0)

function groupsOf(rows: readonly OnHireLineRow[], units: readonly OnHireUnit[]): OnHireGroup[] {
  const groups = new Map<string, OnHireGroup>()
  rows.forEach((row, index) => {
    const key = `${row.site_id}\u0000${row.po_number ?? ''}`
    let group = groups.get(key)
    if (!group) {
      group = {
        siteId: row.site_id,
        siteName: row.site_name,
        poNumber: row.po_number,
        units: [],
        costCents: 0,
        gstCents: 0,
      }
      groups.set(key, group)
    }
    group.units.push(units[index] as OnHireUnit)
  })
  for (const group of groups.values()) {
    group.costCents = sum(group.units.map((unit) => unit.costCents))
    group.gstCents = gstOf(group.costCents as Cents)
  }
  return [...groups.values()]
}

function bookingsOf(rows: readonly OnHireLineRow[]): OnHireBooking[] {
  const bookings = new Map<number, OnHireBooking>()
  for (const row of rows) {
    if (bookings.has(row.booking_id)) continue
    bookings.set(row.booking_id, {
      id: row.booking_id,
      reference: row.reference,
      status: row.status,
      version: row.version,
      siteName: row.site_name,
      poNumber: row.po_number,
      endsAt: row.booking_ends_at,
      timeZone: row.time_zone,
    })
  }
  return [...bookings.values()].sort((a, b) => a.reference.localeCompare(b.reference))
}

function matches(row: OnHireLineRow, query: OnHireQuery): boolean {
  if (query.siteId !== undefined && row.site_id !== query.siteId) return false
  if (query.po && (row.po_number ?? '') !== query.po) return false
  return true
}

async function visibleRows(deps: OnHireDeps, user: AuthUser, accountId: number) {
  const member = await bookingMemberOf(deps.db, user, accountId)
  const [rows, accountNumber] = await Promise.all([
    listOnHireLines(deps.db, accountId, visibleSitesOf(member)),
    findAccountNumber(deps.db, accountId),
  ])
  if (accountNumber === undefined) throw new NotFoundError(CUSTOMER_ACCOUNT_MESSAGES.notFound)
  return { role: member.role, rows, accountNumber }
}

/** GET …/on-hire: the units the member may see, filtered, grouped by site and PO, with their costs to date. */
export async function listOnHire(
  deps: OnHireDeps,
  user: AuthUser,
  accountId: number,
  query: OnHireQuery,
): Promise<OnHire> {
  const { role, rows: all, accountNumber } = await visibleRows(deps, user, accountId)
  const now = deps.clock()
  const rows = all.filter((row) => matches(row, query))
  const units = rows.map((row) => unitOf(row, now))
  const sites = new Map(all.map((row) => [row.site_id, row.site_name]))
  const costCents = sum(units.map((unit) => unit.costCents))
  return {
    accountNumber,
    asAt: now.toISOString(),
    canExtend: (BOOKERS as readonly string[]).includes(role),
    canOffHire: role !== 'accounts',
    sites: [...sites].map(([id, name]) => ({ id, name })),
    poNumbers: [...new Set(all.flatMap((row) => (row.po_number ? [row.po_number] : [])))].sort(),
    groups: groupsOf(rows, units),
    bookings: bookingsOf(rows),
    totals: { units: units.length, costCents, gstCents: gstOf(costCents as Cents) },
  }
}

export const ON_HIRE_CSV_COLUMNS = [
  'Site',
  'PO',
  'Booking',
  'Fleet number',
  'Type',
  'On hire',
  'Expected end',
  'Off-hire number',
  'Pick-up',
  'Days',
  'Cost to date ex GST',
  'GST',
  'Time zone',
] as const

const dollars = (cents: number) => (cents / 100).toFixed(2)

/** GET …/on-hire.csv: the same units as rows of a spreadsheet, times in each depot's zone. */
export async function onHireCsv(
  deps: OnHireDeps,
  user: AuthUser,
  accountId: number,
  query: OnHireQuery,
): Promise<{ filename: string; body: string }> {
  const { rows: all, accountNumber } = await visibleRows(deps, user, accountId)
  const now = deps.clock()
  const rows = all.filter((row) => matches(row, query))
  const records = rows.map((row) => {
    const unit = unitOf(row, now)
    const at = (value: string | null) => (value ? formatWallTime(new Date(value), unit.timeZone) : '')
    return [
      row.site_name,
      row.po_number ?? '',
      unit.bookingReference,
      unit.fleetNumber,
      unit.typeName,
      at(unit.onHireAt),
      at(unit.expectedEndAt),
      unit.offHireNumber ?? '',
      at(unit.pickupAt),
      unit.days,
      dollars(unit.costCents),
      dollars(gstOf(unit.costCents as Cents)),
      unit.timeZone,
    ]
  })
  return {
    filename: `on-hire-${accountNumber}-${formatIsoDay(businessDay(now))}.csv`,
    body: toCsv(ON_HIRE_CSV_COLUMNS, records),
  }
}
