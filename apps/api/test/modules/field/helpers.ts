import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, type Dialect } from '../../helpers/build.ts'
import { sealEnv } from '../../helpers/seal.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import { addMember, addSite, type Headers, openAccount } from '../customer-accounts/helpers.ts'
import { addType, addUnit, adminHeaders, depotIdOf } from '../fleet/helpers.ts'

/*
 * What the field operations' tests share (ADR 050): an app on a clock the test moves (11 am on 10 December 2026 in
 * Melbourne), an account with two sites and a member of each role, VMS boards at Laverton, and two drivers there.
 */

export const NOW = '2026-12-10T00:00:00.000Z'
export const TODAY = '2026-12-10'
/** 8 am on 10 December 2026 in Melbourne (AEDT). */
export const EIGHT_AM = '2026-12-09T21:00:00.000Z'

export async function fieldWorld(dialect: Dialect, units = 4) {
  const clock = { now: new Date(NOW) }
  const { app } = await buildTestApp({ dialect, env: sealEnv(), build: { clock: () => clock.now } })
  const owner = await createUser(app, { memberType: 2 })
  const account = await openAccount(app, owner)
  const siteA = await addSite(app, account.id, 'Pacific Motorway')
  const siteB = await addSite(app, account.id, 'Gold Coast Highway')
  const members = {
    admin: await addMember(app, account.id, 'account_admin'),
    orderer: await addMember(app, account.id, 'orderer'),
    supervisorA: await addMember(app, account.id, 'site_supervisor', [siteA]),
    supervisorB: await addMember(app, account.id, 'site_supervisor', [siteB]),
    accounts: await addMember(app, account.id, 'accounts'),
  }
  const staff = await adminHeaders(app)
  const lav = await depotIdOf(app, 'LAV')
  const cdn = await depotIdOf(app, 'CDN')
  const type = await addType(app, staff)
  const fleet: { id: number; typeId: number; fleetNumber: string }[] = []
  for (let index = 1; index <= units; index += 1) {
    const fleetNumber = `VMS-${String(index).padStart(4, '0')}`
    const unit = await addUnit(app, staff, { fleetNumber, typeId: type.id, depotId: lav })
    fleet.push({ id: unit.id, typeId: type.id, fleetNumber })
  }
  const world = { app, clock, accountId: account.id, siteA, siteB, lav, cdn, fleet, members, staff }
  const drivers = {
    one: await addDriver(world, lav, 'Dana'),
    two: await addDriver(world, lav, 'Devi'),
  }
  return { ...world, drivers }
}
export type FieldWorld = Awaited<ReturnType<typeof fieldWorld>>

export async function addDriver(
  world: { app: FastifyInstance; staff: Headers },
  depotId: number,
  firstName: string,
) {
  const user = await createUser(world.app, { firstName, lastName: 'Driver' })
  const set = await world.app.inject({
    method: 'PUT',
    url: `/api/admin/users/${user.id}/driver`,
    headers: world.staff,
    payload: { depotId },
  })
  expect(set.statusCode, set.body).toBe(200)
  return { user, headers: bearer(await tokenFor(world.app, user)) }
}

/** A confirmed booking delivered to site A from 8 am today, of the world's first `count` units. */
export async function confirmedBooking(world: FieldWorld, count = 2, overrides: { startsAt?: string } = {}) {
  return insertBooking(world.app, {
    accountId: world.accountId,
    siteId: world.siteA,
    depotId: world.lav,
    units: world.fleet.slice(0, count),
    status: 'confirmed',
    startsAt: overrides.startsAt ?? EIGHT_AM,
    endsAt: '2026-12-20T06:00:00.000Z',
    orderedBy: world.members.orderer.user.id,
    poNumber: 'PO-778',
  })
}

export async function board(world: FieldWorld, date = TODAY, depotId = world.lav) {
  const response = await world.app.inject({
    method: 'GET',
    url: `/api/admin/dispatch?depotId=${depotId}&date=${date}`,
    headers: world.staff,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

export async function saveBoard(world: FieldWorld, stops: object[], date = TODAY) {
  return world.app.inject({
    method: 'PUT',
    url: '/api/admin/dispatch',
    headers: world.staff,
    payload: { depotId: world.lav, date, stops },
  })
}

/** The stop of `key` assigned to a driver on today's board; its id. */
export async function assign(world: FieldWorld, key: string, driverUserId: number): Promise<number> {
  const current = await board(world)
  const stop = current.stops.find((candidate: { key: string }) => candidate.key === key)
  expect(stop, key).toBeDefined()
  const saved = await saveBoard(world, [{ key, driverUserId, position: 0, version: stop.version }])
  expect(saved.statusCode, saved.body).toBe(200)
  return saved.json().stops.find((candidate: { key: string }) => candidate.key === key).stopId
}

let signature: string | undefined
let photo: string | undefined

/** A drawn signature as the signature pad sends it (a PNG data URL with transparency). */
export async function signaturePng(): Promise<string> {
  signature ??= `data:image/png;base64,${(
    await sharp({
      create: { width: 300, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="300" height="120"><path d="M10 90 C 60 10, 120 110, 290 30" stroke="#111" stroke-width="4" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer()
  ).toString('base64')}`
  return signature
}

/** A phone's photo (a JPEG data URL). */
export async function photoJpeg(): Promise<string> {
  photo ??= `data:image/jpeg;base64,${(
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#d9822b' } })
      .jpeg()
      .toBuffer()
  ).toString('base64')}`
  return photo
}

export async function docketBody(stopId: number, fleetNumbers: string[], overrides: object = {}) {
  return {
    clientId: randomUUID(),
    stopId,
    fleetNumbers,
    receivedBy: 'Pat Site',
    receivedByEmail: '',
    signature: await signaturePng(),
    photos: [],
    notes: '',
    at: new Date(NOW).toISOString(),
    ...overrides,
  }
}

export async function postDocket(app: FastifyInstance, headers: Headers, body: object) {
  return app.inject({ method: 'POST', url: '/api/runs/dockets', headers, payload: body })
}
