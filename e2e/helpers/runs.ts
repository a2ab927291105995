import { type APIRequestContext, expect } from '@playwright/test'
import { businessDay, formatIsoDay } from '../../packages/shared/src/business-time.ts'
import { adminTokens } from './admin.ts'
import { registerByApi, TEST_PASSWORD, type Tokens, tokensFor, uniqueEmail } from './auth.ts'
import { addLavertonSite, firstAccountId, requestBooking } from './bookings.ts'
import { approvedAccount } from './customer-accounts.ts'

/*
 * A driver with a delivery on their run (ADR 050), made through the API as staff and a customer would: an account's
 * owner books a VMS board for their Laverton yard starting in a few minutes, staff confirm it, make a user a driver
 * at the booking's depot and put the delivery on the driver's run of the day.
 */

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

function userIdOf(tokens: Tokens): number {
  const payload = tokens.access_token.split('.')[1] ?? ''
  return Number((JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id: string }).id)
}

export interface DriverRun {
  driver: Tokens
  driverEmail: string
  owner: Tokens
  ownerEmail: string
  accountId: number
  bookingId: number
  bookingReference: string
  stopId: number
  siteName: string
  fleetNumbers: string[]
}

async function ownerBooking(request: APIRequestContext, run: string) {
  const ownerEmail = uniqueEmail('runs-owner')
  const owner = await registerByApi(request, ownerEmail, 'Harper')
  await approvedAccount(request, owner, `Runs Civil ${run}`)
  const accountId = await firstAccountId(request, owner)
  const siteName = `Laverton yard ${run}`
  const siteId = await addLavertonSite(request, owner, accountId, siteName)
  const types = (await (await request.get('/api/equipment-types')).json()) as { id: number; slug: string }[]
  const type = types.find((candidate) => candidate.slug === 'vms-board-full-matrix')
  expect(type, 'the demo VMS board').toBeDefined()
  // A few minutes ahead: today's run at the depot.
  const startsAt = new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000)
  const booking = await requestBooking(request, owner, {
    accountId,
    siteId,
    typeId: type?.id ?? 0,
    startsAt,
    poNumber: `PO-RUN-${run}`,
    acceptedBy: 'Harper Nguyen',
  })
  return { owner, ownerEmail, accountId, siteName, booking, startsAt }
}

/** A driver with one delivery on their run of today (the booking's day at its depot). */
export async function driverWithDelivery(request: APIRequestContext): Promise<DriverRun> {
  const run = Date.now().toString(36).slice(-5)
  const { owner, ownerEmail, accountId, siteName, booking, startsAt } = await ownerBooking(request, run)
  const staff = bearer(await adminTokens(request))

  const url = `/api/admin/bookings/${booking.id}`
  const before = (await (await request.get(url, { headers: staff })).json()) as { version: number }
  const confirmed = await request.post(`${url}/confirm`, {
    headers: staff,
    data: { version: before.version },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  const detail = (await confirmed.json()) as {
    depot: { id: number; timeZone: string }
    units: { fleetNumber: string }[]
  }

  const driverEmail = uniqueEmail('runs-driver')
  const created = await request.post('/api/v1/core/accounts/admin', {
    headers: staff,
    data: {
      firstName: 'Dana',
      lastName: 'Driver',
      email: driverEmail,
      mobile: '0412 345 678',
      memberType: 1,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const driver = await tokensFor(request, driverEmail, TEST_PASSWORD)
  const driverUserId = userIdOf(driver)
  const made = await request.put(`/api/admin/users/${driverUserId}/driver`, {
    headers: staff,
    data: { depotId: detail.depot.id },
  })
  expect(made.status(), await made.text()).toBe(200)

  // The board of the booking's day at its depot: the delivery, given to the driver.
  const date = formatIsoDay(businessDay(startsAt))
  const boardUrl = `/api/admin/dispatch?depotId=${detail.depot.id}&date=${date}`
  const board = (await (await request.get(boardUrl, { headers: staff })).json()) as {
    stops: { key: string; version: number | null }[]
  }
  const key = `delivery:${booking.id}`
  const stop = board.stops.find((candidate) => candidate.key === key)
  expect(stop, `${key} on the board of ${date}`).toBeDefined()
  const saved = await request.put('/api/admin/dispatch', {
    headers: staff,
    data: {
      depotId: detail.depot.id,
      date,
      stops: [{ key, driverUserId, position: 0, version: stop?.version ?? null }],
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const stops = ((await saved.json()) as { stops: { key: string; stopId: number | null }[] }).stops
  const stopId = stops.find((candidate) => candidate.key === key)?.stopId ?? 0
  expect(stopId, 'the saved stop').toBeGreaterThan(0)
  return {
    driver,
    driverEmail,
    owner,
    ownerEmail,
    accountId,
    bookingId: booking.id,
    bookingReference: booking.reference,
    stopId,
    siteName,
    fleetNumbers: detail.units.map((unit) => unit.fleetNumber),
  }
}
