import { type APIRequestContext, expect } from '@playwright/test'
import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '../../packages/shared/src/hire-terms-version.ts'
import type { Tokens } from './auth.ts'

/*
 * Bookings made through the booking API for the browser tests that need one (the WCAG sweep, the dispatch board,
 * the drivers' runs): a job site the Laverton depot serves and a request for one unit with the terms accepted.
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

/** A booking request for one unit delivered to the site, the current terms accepted: 201, and what it answers. */
export async function requestBooking(
  request: APIRequestContext,
  member: Tokens,
  booking: BookingRequest,
): Promise<{ id: number; reference: string; version: number }> {
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
