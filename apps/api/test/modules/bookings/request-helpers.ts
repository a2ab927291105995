import { addDays, businessDay, type CalendarDay, wallTimeToInstant } from '@signalway/shared/business-time'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { buildTestApp, type Dialect } from '../../helpers/build.ts'
import { sealEnv } from '../../helpers/seal.ts'
import { addMember, type Headers, openAccount } from '../customer-accounts/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../fleet/helpers.ts'

/*
 * What the booking request's tests share: an account with members of each role and a site in Laverton's zone A,
 * a VMS board type ($250 a day, $1,200 a week) with units at Laverton, and the zones' fees.
 */

export const FEES = { A: 11_000, C: 22_000 } as const

/** 7 am on the Melbourne day `days` after today, and 5 pm on the day `length - 1` after that: `length` hire days. */
export function hirePeriod(days: number, length: number): { startsAt: string; endsAt: string } {
  const first: CalendarDay = addDays(businessDay(new Date()), days)
  return {
    startsAt: wallTimeToInstant({ ...first, hour: 7, minute: 0, second: 0 }).toISOString(),
    endsAt: wallTimeToInstant({
      ...addDays(first, length - 1),
      hour: 17,
      minute: 0,
      second: 0,
    }).toISOString(),
  }
}

export async function addSiteWithPostcode(
  app: FastifyInstance,
  accountId: number,
  postcode: string,
  name = 'Princes Highway',
) {
  const now = new Date().toISOString()
  const row = await app.db
    .insertInto('customer_account_sites')
    .values({
      account_id: accountId,
      name,
      full_address: `1 Princes Highway, Somewhere VIC ${postcode}`,
      postcode,
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function servePostcodes(app: FastifyInstance) {
  const lav = await depotIdOf(app, 'LAV')
  await app.db
    .insertInto('depot_postcodes')
    .values([
      { depot_id: lav, postcode: '3018', zone: 'A' },
      { depot_id: lav, postcode: '3214', zone: 'C' },
    ])
    .execute()
  await app.db
    .insertInto('delivery_zone_fees')
    .values([
      { depot_id: lav, zone: 'A', delivery_fee_cents: FEES.A, collection_fee_cents: FEES.A },
      { depot_id: lav, zone: 'C', delivery_fee_cents: FEES.C, collection_fee_cents: FEES.C },
    ])
    .execute()
  return lav
}

export interface BookingWorld {
  app: FastifyInstance
  staff: Headers
  accountId: number
  siteId: number
  typeId: number
  lav: number
  cdn: number
  admin: Awaited<ReturnType<typeof addMember>>
  orderer: Awaited<ReturnType<typeof addMember>>
  base: string
}

/** The world of a booking test, with `units` VMS boards at Laverton. */
export async function bookingWorld(dialect: Dialect, units = 2): Promise<BookingWorld> {
  const { app } = await buildTestApp({ dialect, env: sealEnv() })
  const staff = await adminHeaders(app)
  const { id: accountId } = await openAccount(app, null)
  await app.db
    .updateTable('customer_accounts')
    .set({ credit_limit_cents: 10_000_000 })
    .where('id', '=', accountId)
    .execute()
  const lav = await servePostcodes(app)
  const cdn = await depotIdOf(app, 'CDN')
  const siteId = await addSiteWithPostcode(app, accountId, '3018')
  const type = await addType(app, staff)
  for (let n = 1; n <= units; n += 1)
    await addUnit(app, staff, {
      fleetNumber: `VMS-${String(n).padStart(4, '0')}`,
      typeId: type.id,
      depotId: lav,
    })
  const admin = await addMember(app, accountId, 'account_admin')
  const orderer = await addMember(app, accountId, 'orderer')
  return {
    app,
    staff,
    accountId,
    siteId,
    typeId: type.id,
    lav,
    cdn,
    admin,
    orderer,
    base: `/api/my-account/customer-accounts/${accountId}/bookings`,
  }
}

/** A booking request's body for the world's site, one VMS board for six days from the day after tomorrow. */
export function requestBody(world: BookingWorld, overrides: Record<string, unknown> = {}) {
  return {
    lines: [{ typeId: world.typeId, quantity: 1 }],
    ...hirePeriod(2, 6),
    delivery: true,
    siteId: world.siteId,
    nightWorks: false,
    siteContactName: 'Pat Site',
    siteContactPhone: '0412 345 678',
    poNumber: 'PO-1',
    terms: { accepted: true, name: 'Sam Orderer', version: HIRE_TERMS_VERSION, sha256: HIRE_TERMS_SHA256 },
    ...overrides,
  }
}

export async function book(world: BookingWorld, headers: Headers, overrides: Record<string, unknown> = {}) {
  return world.app.inject({
    method: 'POST',
    url: world.base,
    headers: { ...headers, 'user-agent': 'Booking test browser' },
    payload: requestBody(world, overrides),
  })
}

export async function mailsTo(app: FastifyInstance, to: string) {
  return (await findOutboxMessages(app.db)).filter((message) => message.to_address === to)
}

export function expectField(
  response: { statusCode: number; body: string; json(): unknown },
  field: string,
  message: string,
) {
  expect(response.statusCode, response.body).toBe(400)
  const body = response.json() as { ModelState?: Record<string, string[]> }
  expect(body.ModelState?.[field]).toEqual([message])
}
