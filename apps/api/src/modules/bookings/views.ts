import type { BookingDetail, BookingSummary } from '@signalway/shared/bookings'
import type { BookingItemRow } from '../../db/schema.ts'
import type { BookingLine, BookingListRow } from './repository.ts'

/* A booking's rows as its summary and detail (packages/shared/src/bookings.ts): the portal's, and the staff's beneath theirs. */

export function toBookingSummary(row: BookingListRow): BookingSummary {
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
    totalCents: Number(row.total_cents),
    createdAt: row.created_at,
    version: row.version,
  }
}

/** An item as priced: what the detail and the hire agreement show of it. */
export function toItem(item: BookingItemRow) {
  return {
    description: item.description,
    quantity: item.quantity,
    dayRateCents: item.day_rate_cents,
    weekRateCents: item.week_rate_cents,
    minimumDays: item.minimum_days,
    subtotalCents: item.subtotal_cents,
  }
}

export function toBookingDetail(
  row: BookingListRow,
  items: readonly BookingItemRow[],
  units: readonly BookingLine[],
): BookingDetail {
  return {
    ...toBookingSummary(row),
    siteAddress: row.site_address,
    siteContactName: row.site_contact_name,
    siteContactPhone: row.site_contact_phone,
    nightWorks: row.night_works === 1,
    items: items.map((item) => ({ id: item.id, typeId: item.equipment_type_id, ...toItem(item) })),
    units: units.map((unit) => ({
      lineId: unit.id,
      itemId: unit.booking_item_id,
      unitId: unit.unit_id,
      fleetNumber: unit.fleet_number,
      typeName: unit.type_name,
      onHireAt: unit.on_hire_at,
      offHireAt: unit.off_hire_at,
      offHireNumber: unit.off_hire_number,
      collectedAt: unit.collected_at,
    })),
    deliveryFeeCents: Number(row.delivery_fee_cents),
    collectionFeeCents: Number(row.collection_fee_cents),
    subtotalCents: Number(row.subtotal_cents),
    gstCents: Number(row.gst_cents),
    acceptedName: row.accepted_name,
    acceptedAt: row.accepted_at,
    termsVersion: row.terms_version,
    hasAgreement: row.agreement_file_id !== null,
    declineReason: row.decline_reason,
  }
}
