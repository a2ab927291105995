import { type APIRequestContext, expect, test } from '@playwright/test'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '../../packages/shared/src/hire-terms-version.ts'
import { adminTokens } from './admin.ts'
import type { Tokens } from './auth.ts'

/*
 * Bookings made through the booking API for the browser tests that need one (the WCAG sweep, the dispatch board,
 * the drivers' runs, faults): a job site the Laverton depot serves and a request for one unit with the terms
 * accepted.
 *
 * Each booking holds a unit of its type for its period, and the tests book in parallel and again when the suite runs
 * a second time on the same database. The demo fleet has few units (five VMS boards at Laverton, fewer free the
 * later the period, as their services fall due), and a driver's run or a unit on hire needs today: no choice of
 * dates keeps them apart. So each booking brings its unit: staff add one of the type at Laverton first (stockUnits),
 * free for any period, and the units free to everyone else are never fewer than before.
 */

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

/** The account's own first customer account, as their My Account lists it. */
export async function firstAccountId(request: APIRequestContext, owner: Tokens): Promise<number> {
  const mine = await request.get('/api/my-account/customer-accounts', { headers: bearer(owner) })
  expect(mine.status(), await mine.text()).toBe(200)
  return ((await mine.json()) as { items: { id: number }[] }).items[0]?.id ?? 0
}

/** A job site at 48 Signal Court, Laverton (postcode 3028: the Laverton depot's), contact Sam Site. Its id. */
export async function addLavertonSite(
  request: APIRequestContext,
  member: Tokens,
  accountId: number,
  name = 'Laverton yard',
): Promise<number> {
  const site = await request.post(`/api/my-account/customer-accounts/${accountId}/sites`, {
    headers: bearer(member),
    data: {
      name,
      address: {
        fullAddress: '48 Signal Court, Laverton VIC 3028',
        unitNumber: '',
        streetNumber: '48',
        streetName: 'Signal Court',
        city: 'Laverton',
        state: 'VIC',
        postcode: '3028',
      },
      defaultPo: '',
      contactName: 'Sam Site',
      contactPhone: '0412 345 678',
    },
  })
  expect(site.status(), await site.text()).toBe(201)
  return ((await site.json()) as { id: number }).id
}

let unitSequence = 0

/** A fleet number no other unit has: Z and four letters, five digits, from the time, a sequence and the worker. */
function uniqueFleetNumber(): string {
  unitSequence += 1
  let n = Date.now() * 100 + (unitSequence % 10) * 10 + (test.info().workerIndex % 10)
  const digits = String(n % 100_000).padStart(5, '0')
  n = Math.floor(n / 100_000)
  let letters = ''
  for (let index = 0; index < 4; index += 1) {
    letters += String.fromCharCode(65 + (n % 26))
    n = Math.floor(n / 26)
  }
  return `Z${letters}-${digits}`
}

/**
 * `count` more units of the type at the Laverton depot, available, no service due, added by an administrator of
 * the test's own (see the head of this file). Answers their fleet numbers.
 */
export async function stockUnits(request: APIRequestContext, typeId: number, count = 1): Promise<string[]> {
  const headers = bearer(await adminTokens(request))
  const depots = await request.get('/api/admin/fleet/depots', { headers })
  expect(depots.status(), await depots.text()).toBe(200)
  const laverton = ((await depots.json()) as { id: number; code: string }[]).find(
    (depot) => depot.code === 'LAV',
  )
  expect(laverton, 'the Laverton depot').toBeDefined()
  const numbers: string[] = []
  for (let index = 0; index < count; index += 1) {
    const fleetNumber = uniqueFleetNumber()
    const unit = await request.post('/api/admin/fleet/units', {
      headers,
      data: {
        fleetNumber,
        typeId,
        depotId: laverton?.id ?? 0,
        registrationOrSerial: `SN-${fleetNumber}`,
        status: 'available',
        nextServiceDue: null,
      },
    })
    expect(unit.status(), await unit.text()).toBe(201)
    numbers.push(fleetNumber)
  }
  return numbers
}

export interface BookingRequest {
  accountId: number
  siteId: number
  typeId: number
  startsAt: Date
  /** Days from the start to the expected end: 2 unless said. */
  days?: number
  poNumber: string
  /** The full name typed to accept the terms. */
  acceptedBy: string
}

/**
 * A booking request for one unit delivered to the site, the current terms accepted, a unit of the type stocked
 * for it first: 201, and what it answers.
 */
export async function requestBooking(
  request: APIRequestContext,
  member: Tokens,
  booking: BookingRequest,
): Promise<{ id: number; reference: string; version: number }> {
  await stockUnits(request, booking.typeId)
  const made = await request.post(`/api/my-account/customer-accounts/${booking.accountId}/bookings`, {
    headers: bearer(member),
    data: {
      lines: [{ typeId: booking.typeId, quantity: 1 }],
      startsAt: booking.startsAt.toISOString(),
      endsAt: new Date(booking.startsAt.getTime() + (booking.days ?? 2) * 86_400_000).toISOString(),
      delivery: true,
      siteId: booking.siteId,
      nightWorks: false,
      siteContactName: 'Sam Site',
      siteContactPhone: '0412 345 678',
      poNumber: booking.poNumber,
      terms: {
        accepted: true,
        name: booking.acceptedBy,
        version: HIRE_TERMS_VERSION,
        sha256: HIRE_TERMS_SHA256,
      },
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  return (await made.json()) as { id: number; reference: string; version: number }
}
