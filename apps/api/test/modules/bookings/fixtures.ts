import { formatYearReference } from '@signalway/shared/bookings'
import type { FastifyInstance } from 'fastify'
import type { BookingStatusValue } from '../../../src/db/schema.ts'

/*
 * A booking written straight into the tables (not through the booking form's API), for tests of what happens to a
 * booking afterwards: the staff inbox, on hire, extend and off-hire. The units must exist; one item per type.
 */

export interface BookingFixture {
  accountId: number
  siteId: number
  depotId: number
  /** The units it holds, with their type's id. */
  units: readonly { id: number; typeId: number }[]
  status?: BookingStatusValue
  startsAt?: string
  endsAt?: string
  /** Every unit went on hire then (status on_hire unless given). */
  onHireAt?: string
  orderedBy?: number | null
  poNumber?: string | null
  dayRateCents?: number
  weekRateCents?: number
}

let sequence = 0

export async function insertBooking(app: FastifyInstance, fixture: BookingFixture) {
  sequence += 1
  const now = new Date().toISOString()
  const startsAt = fixture.startsAt ?? '2026-12-07T20:00:00.000Z'
  const endsAt = fixture.endsAt ?? '2026-12-14T20:00:00.000Z'
  const dayRate = fixture.dayRateCents ?? 25_000
  const weekRate = fixture.weekRateCents ?? 120_000
  const booking = await app.db
    .insertInto('bookings')
    .values({
      reference: formatYearReference('BK', 2026, 900_000 + sequence),
      account_id: fixture.accountId,
      site_id: fixture.siteId,
      depot_id: fixture.depotId,
      ordered_by: fixture.orderedBy ?? null,
      ordered_by_name: 'Sam Orderer',
      status: fixture.status ?? (fixture.onHireAt ? 'on_hire' : 'requested'),
      staff_check: null,
      starts_at: startsAt,
      ends_at: endsAt,
      delivery: 1,
      site_contact_name: 'Pat Site',
      site_contact_phone: '0412 345 678',
      po_number: fixture.poNumber ?? null,
      job_reference: null,
      subtotal_cents: 0,
      gst_cents: 0,
      total_cents: 0,
      terms_version: 'test',
      terms_sha256: '0'.repeat(64),
      accepted_name: 'Sam Orderer',
      accepted_at: now,
      accepted_ip: '127.0.0.1',
      agreement_file_id: null,
      approved_by: null,
      approved_at: null,
      decided_by: null,
      decided_at: null,
      decline_reason: null,
      created_at: now,
      updated_at: now,
    })
    .returning(['id', 'reference'])
    .executeTakeFirstOrThrow()
  const items = new Map<number, number>()
  for (const typeId of new Set(fixture.units.map((unit) => unit.typeId))) {
    const quantity = fixture.units.filter((unit) => unit.typeId === typeId).length
    const item = await app.db
      .insertInto('booking_items')
      .values({
        booking_id: booking.id,
        equipment_type_id: typeId,
        description: `Type ${typeId}`,
        quantity,
        day_rate_cents: dayRate,
        week_rate_cents: weekRate,
        minimum_days: 1,
        subtotal_cents: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    items.set(typeId, item.id)
  }
  const lineIds: number[] = []
  for (const unit of fixture.units) {
    const line = await app.db
      .insertInto('booking_lines')
      .values({
        unit_id: unit.id,
        starts_at: startsAt,
        ends_at: endsAt,
        booking_ref: booking.reference,
        booking_id: booking.id,
        booking_item_id: items.get(unit.typeId) ?? null,
        on_hire_at: fixture.onHireAt ?? null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    lineIds.push(line.id)
  }
  return { id: booking.id, reference: booking.reference, lineIds }
}
