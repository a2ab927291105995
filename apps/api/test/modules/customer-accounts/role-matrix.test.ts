import { HIRE_TERMS_SHA256, HIRE_TERMS_VERSION } from '@signalway/shared/hire-terms-version'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { insertFile } from '../../../src/modules/files/repository.ts'
import { createFleetUnit } from '../../../src/seed/factories.ts'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { insertBooking } from '../bookings/fixtures.ts'
import { insertDocketFixture } from '../field/fixtures.ts'
import { addType, addUnit, depotIdOf } from '../fleet/helpers.ts'
import { addMember, addSite, type Headers, openAccount } from './helpers.ts'

/*
 * Every role against every portal operation of a customer account (requirements §18): on the server, an operation
 * a role may do answers 2xx, one it may not 403, and another account's record 404 (as an unknown one does). One
 * table drives it, and every route under /api/my-account/customer-accounts must be in it: a new operation cannot
 * be added without saying who may do it.
 */

const ROLES = ['account_admin', 'orderer', 'site_supervisor', 'accounts', 'non_member'] as const
type Role = (typeof ROLES)[number]
const EVERY_MEMBER: readonly Role[] = ['account_admin', 'orderer', 'site_supervisor', 'accounts']
const ADMINS: readonly Role[] = ['account_admin']
const BOOKERS: readonly Role[] = ['account_admin', 'orderer']
const OFF_HIRERS: readonly Role[] = ['account_admin', 'orderer', 'site_supervisor']
const BILLING_READERS: readonly Role[] = ['account_admin', 'accounts']

/** The records one request acts on: an account's own, made fresh for the operation. */
interface Target {
  accountId: number
  siteId: number
  memberId: number
  invitationId: number
  /** A booking awaiting approval (at the supervised site in one's own account), with its hire agreement. */
  bookingId: number
  /** An equipment type with units at Laverton, which serves postcode 3018. */
  typeId: number
  /** A docket of that booking, with its PDF. */
  docketId: number
  /** For off-hire and extend: a booking per role with a unit of its own on hire (each role changes its own). */
  onHire: Partial<Record<Role, { bookingId: number; lineId: number }>>
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The OpenAPI path. */
  path: string
  allowed: readonly Role[]
  url: (target: Target, role: Role) => string
  body?: (role: Role, target: Target) => object
}

const account = (target: Target) => `/api/my-account/customer-accounts/${target.accountId}`
const SITE_BODY = {
  name: 'Westgate Tunnel',
  address: { fullAddress: '1 Hyde Street, Yarraville VIC 3013' },
  defaultPo: '',
  contactName: '',
  contactPhone: '',
}

const OPERATIONS: readonly Operation[] = [
  { method: 'GET', path: '/{id}', allowed: EVERY_MEMBER, url: account },
  { method: 'GET', path: '/{id}/sites', allowed: EVERY_MEMBER, url: (t) => `${account(t)}/sites` },
  {
    method: 'POST',
    path: '/{id}/sites',
    allowed: ADMINS,
    url: (t) => `${account(t)}/sites`,
    body: () => SITE_BODY,
  },
  {
    method: 'PUT',
    path: '/{id}/sites/{siteId}',
    allowed: ADMINS,
    url: (t) => `${account(t)}/sites/${t.siteId}`,
    body: () => ({ ...SITE_BODY, version: 1 }),
  },
  {
    method: 'DELETE',
    path: '/{id}/sites/{siteId}',
    allowed: ADMINS,
    url: (t) => `${account(t)}/sites/${t.siteId}?version=1`,
  },
  { method: 'GET', path: '/{id}/members', allowed: ADMINS, url: (t) => `${account(t)}/members` },
  {
    method: 'PUT',
    path: '/{id}/members/{memberId}',
    allowed: ADMINS,
    url: (t) => `${account(t)}/members/${t.memberId}`,
    body: () => ({ version: 1, role: 'orderer', approvalLimitCents: 100_000 }),
  },
  {
    method: 'DELETE',
    path: '/{id}/members/{memberId}',
    allowed: ADMINS,
    url: (t) => `${account(t)}/members/${t.memberId}?version=1`,
  },
  { method: 'GET', path: '/{id}/invitations', allowed: ADMINS, url: (t) => `${account(t)}/invitations` },
  {
    method: 'POST',
    path: '/{id}/invitations',
    allowed: ADMINS,
    url: (t) => `${account(t)}/invitations`,
    body: (role) => ({ email: `invitee.${role}@example.com`, role: 'accounts' }),
  },
  {
    method: 'DELETE',
    path: '/{id}/invitations/{invitationId}',
    allowed: ADMINS,
    url: (t) => `${account(t)}/invitations/${t.invitationId}`,
  },
  { method: 'GET', path: '/{id}/audit', allowed: ADMINS, url: (t) => `${account(t)}/audit` },
  {
    method: 'POST',
    path: '/{id}/bookings/price',
    allowed: BOOKERS,
    url: (t) => `${account(t)}/bookings/price`,
    body: (_, t) => ({ ...bookingPeriod(t), postcode: '3018' }),
  },
  {
    method: 'POST',
    path: '/{id}/bookings',
    allowed: BOOKERS,
    url: (t) => `${account(t)}/bookings`,
    body: (role, t) => ({
      ...bookingPeriod(t),
      newSite: {
        ...SITE_BODY,
        name: `New site ${role}`,
        address: { fullAddress: '1 Hyde Street', postcode: '3018' },
      },
      nightWorks: false,
      siteContactName: 'Pat Site',
      siteContactPhone: '0412 345 678',
      terms: { accepted: true, name: 'Pat Booker', version: HIRE_TERMS_VERSION, sha256: HIRE_TERMS_SHA256 },
    }),
  },
  { method: 'GET', path: '/{id}/bookings', allowed: EVERY_MEMBER, url: (t) => `${account(t)}/bookings` },
  {
    method: 'GET',
    path: '/{id}/bookings/{bookingId}',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/bookings/${t.bookingId}`,
  },
  {
    method: 'GET',
    path: '/{id}/bookings/{bookingId}/agreement.pdf',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/bookings/${t.bookingId}/agreement.pdf`,
  },
  {
    method: 'POST',
    path: '/{id}/bookings/{bookingId}/approve',
    allowed: ADMINS,
    url: (t) => `${account(t)}/bookings/${t.bookingId}/approve`,
    body: () => ({ version: 1 }),
  },
  {
    method: 'POST',
    path: '/{id}/bookings/{bookingId}/decline',
    allowed: ADMINS,
    url: (t) => `${account(t)}/bookings/${t.bookingId}/decline`,
    body: () => ({ version: 1, reason: 'Not this week.' }),
  },
  { method: 'GET', path: '/{id}/on-hire', allowed: EVERY_MEMBER, url: (t) => `${account(t)}/on-hire` },
  {
    method: 'GET',
    path: '/{id}/on-hire.csv',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/on-hire.csv`,
  },
  {
    method: 'POST',
    path: '/{id}/bookings/{bookingId}/off-hires',
    allowed: OFF_HIRERS,
    url: (t, role) => `${account(t)}/bookings/${onHireOf(t, role).bookingId}/off-hires`,
    body: (role, t) => ({
      version: 1,
      lineIds: [onHireOf(t, role).lineId],
      pickupAt: new Date(Date.now() + 86_400_000).toISOString(),
      accessNotes: '',
    }),
  },
  {
    method: 'POST',
    path: '/{id}/bookings/{bookingId}/extend',
    allowed: BOOKERS,
    url: (t, role) => `${account(t)}/bookings/${onHireOf(t, role).bookingId}/extend`,
    body: () => ({ version: 1, endsAt: new Date(Date.now() + 20 * 86_400_000).toISOString() }),
  },
  {
    method: 'GET',
    path: '/{id}/bookings/{bookingId}/dockets',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/bookings/${t.bookingId}/dockets`,
  },
  {
    method: 'GET',
    path: '/{id}/bookings/{bookingId}/dockets/{docketId}/pdf',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/bookings/${t.bookingId}/dockets/${t.docketId}/pdf`,
  },
  { method: 'GET', path: '/{id}/faults', allowed: EVERY_MEMBER, url: (t) => `${account(t)}/faults` },
  {
    method: 'POST',
    path: '/{id}/faults',
    allowed: EVERY_MEMBER,
    url: (t) => `${account(t)}/faults`,
    body: (role, t) => ({ lineId: onHireOf(t, role).lineId, symptoms: ['display-blank'] }),
  },
  { method: 'GET', path: '/{id}/invoices', allowed: BILLING_READERS, url: (t) => `${account(t)}/invoices` },
  {
    method: 'GET',
    path: '/{id}/statements/{month}',
    allowed: BILLING_READERS,
    url: (t) => `${account(t)}/statements/2026-11`,
  },
  {
    method: 'GET',
    path: '/{id}/statements/{month}/pdf',
    allowed: BILLING_READERS,
    url: (t) => `${account(t)}/statements/2026-11/pdf`,
  },
]

/** The role's own booking on hire (another role's, for a role that has none: the account's first). */
function onHireOf(target: Target, role: Role) {
  const booking = target.onHire[role] ?? target.onHire.account_admin
  if (!booking) throw new Error('no booking on hire for this operation')
  return booking
}

/** A booking on hire since yesterday, expected back in a week, of a unit of its own, for each role. */
async function onHireBookings(
  app: FastifyInstance,
  accountId: number,
  siteId: number,
  fleet: Awaited<ReturnType<typeof bookingFleet>>,
): Promise<Target['onHire']> {
  const day = 86_400_000
  const bookings: Target['onHire'] = {}
  for (const role of ROLES) {
    const unitId = await createFleetUnit(app.db, { type_id: fleet.typeId, depot_id: fleet.depotId })
    const booking = await insertBooking(app, {
      accountId,
      siteId,
      depotId: fleet.depotId,
      units: [{ id: unitId, typeId: fleet.typeId }],
      startsAt: new Date(Date.now() - day).toISOString(),
      endsAt: new Date(Date.now() + 7 * day).toISOString(),
      onHireAt: new Date(Date.now() - day).toISOString(),
    })
    bookings[role] = { bookingId: booking.id, lineId: booking.lineIds[0] as number }
  }
  return bookings
}

/** One VMS board from two days ahead for three days. */
function bookingPeriod(target: Target) {
  const day = 86_400_000
  return {
    lines: [{ typeId: target.typeId, quantity: 1 }],
    startsAt: new Date(Date.now() + 2 * day).toISOString(),
    endsAt: new Date(Date.now() + 5 * day).toISOString(),
    delivery: true,
  }
}

/** A type with units at Laverton, which delivers to 3018; answers the type and a unit. */
async function bookingFleet(app: FastifyInstance, staff: Headers) {
  const lav = await depotIdOf(app, 'LAV')
  await app.db.insertInto('depot_postcodes').values({ depot_id: lav, postcode: '3018', zone: 'A' }).execute()
  const type = await addType(app, staff)
  const units = []
  for (let n = 1; n <= 4; n += 1)
    units.push(
      await addUnit(app, staff, {
        fleetNumber: `VMS-${String(n).padStart(4, '0')}`,
        typeId: type.id,
        depotId: lav,
      }),
    )
  return { depotId: lav, typeId: type.id, unitId: (units[0] as { id: number }).id }
}

/** A booking of the account awaiting approval, two months ahead, with a stored agreement. */
async function bookingOf(
  app: FastifyInstance,
  accountId: number,
  siteId: number,
  fleet: Awaited<ReturnType<typeof bookingFleet>>,
): Promise<number> {
  const day = 86_400_000
  const booking = await insertBooking(app, {
    accountId,
    siteId,
    depotId: fleet.depotId,
    units: [{ id: fleet.unitId, typeId: fleet.typeId }],
    status: 'awaiting_approval',
    startsAt: new Date(Date.now() + 60 * day).toISOString(),
    endsAt: new Date(Date.now() + 62 * day).toISOString(),
  })
  const fileId = await insertFile(
    app.db,
    { name: 'agreement.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.7\n%%EOF\n') },
    new Date(),
  )
  await app.db
    .updateTable('bookings')
    .set({ agreement_file_id: fileId })
    .where('id', '=', booking.id)
    .execute()
  return booking.id
}

/** Fresh records of the account for one operation: a site, an Orderer to change or remove, an invitation. */
async function targetOf(
  app: FastifyInstance,
  accountId: number,
  fleet: Awaited<ReturnType<typeof bookingFleet>>,
  op: Operation,
  bookingSite?: number,
): Promise<Target> {
  const siteId = await addSite(app, accountId, `Site ${Math.random()}`)
  const { memberId } = await addMember(app, accountId, 'orderer')
  const now = new Date()
  const invitation = await app.db
    .insertInto('customer_account_invitations')
    .values({
      account_id: accountId,
      token_hash: `${accountId}-${siteId}-${'0'.repeat(40)}`,
      email: `open.${siteId}@example.com`,
      role: 'accounts',
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const bookingId = await bookingOf(app, accountId, bookingSite ?? siteId, fleet)
  const onHire =
    /\/(off-hires|extend)$/u.test(op.path) || (op.method === 'POST' && op.path.endsWith('/faults'))
      ? await onHireBookings(app, accountId, bookingSite ?? siteId, fleet)
      : {}
  const { docketId } = op.path.includes('/dockets')
    ? await insertDocketFixture(app, { id: bookingId, depotId: fleet.depotId })
    : { docketId: 1 }
  return {
    accountId,
    siteId,
    memberId,
    invitationId: invitation.id,
    bookingId,
    docketId,
    typeId: fleet.typeId,
    onHire,
  }
}

async function call(
  app: FastifyInstance,
  op: Operation,
  target: Target,
  role: Role,
  headers: Headers,
  kind = 'own',
) {
  const response = await app.inject({
    method: op.method,
    url: op.url(target, role),
    headers,
    ...(op.body ? { payload: op.body(role, target) } : {}),
  })
  return {
    status: response.statusCode,
    where: `${kind}: ${role} ${op.method} ${op.url(target, role)}: ${response.body.slice(0, 200)}`,
  }
}

describe.each(DIALECTS)('the customer account role matrix on %s', (dialect) => {
  it('lists every portal operation of an account in the table', async () => {
    const { app } = await buildTestApp({ dialect })
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>
    }
    const prefix = '/api/my-account/customer-accounts/'
    const registered = Object.entries(document.paths)
      .filter(([path]) => path.startsWith(prefix))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(prefix.length - 1)}`),
      )
      .sort()
    expect(registered).toEqual(OPERATIONS.map((op) => `${op.method} ${op.path}`).sort())
  })

  // Every operation against every role, with fresh records each: about 20 s on PostgreSQL alone, more beside others.
  it('answers 2xx to a role allowed, 403 to a member who is not, 404 outside the account', {
    timeout: 90_000,
  }, async () => {
    const { app } = await buildTestApp({ dialect })
    const owner = await createUser(app, { memberType: 2 })
    const mine = await openAccount(app, owner, 'Matrix Civil')
    const theirs = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
    const supervisedSite = await addSite(app, mine.id, 'Supervised site')
    const fleet = await bookingFleet(app, mine.staff)
    const headers: Record<Role, Headers> = {
      account_admin: (await addMember(app, mine.id, 'account_admin')).headers,
      orderer: (await addMember(app, mine.id, 'orderer')).headers,
      site_supervisor: (await addMember(app, mine.id, 'site_supervisor', [supervisedSite])).headers,
      accounts: (await addMember(app, mine.id, 'accounts')).headers,
      non_member: (await addMember(app, theirs.id, 'account_admin')).headers,
    }
    // The owner is an Account admin too, so that the one under test may change or remove anyone.
    for (const op of OPERATIONS) {
      // A Site supervisor sees the bookings of their site only: one's own booking is at theirs.
      const own = await targetOf(app, mine.id, fleet, op, supervisedSite)
      const foreign = await targetOf(app, theirs.id, fleet, op)
      // The allowed roles last: their change must not happen before the others are refused.
      const order = [...ROLES].sort((a, b) => Number(op.allowed.includes(a)) - Number(op.allowed.includes(b)))
      for (const role of order) {
        // Another account's records (or one's own account with another's record) are unknown: 404.
        if (role !== 'non_member') {
          const outside = await call(app, op, foreign, role, headers[role], 'foreign')
          expect(outside.status, outside.where).toBe(404)
          if (op.path.includes('}/')) {
            const mixed = { ...foreign, accountId: mine.id }
            const crossed = await call(app, op, mixed, role, headers[role], 'crossed')
            if (op.path.match(/\{(siteId|memberId|invitationId|bookingId)\}/u))
              expect(crossed.status, crossed.where).toBe(op.allowed.includes(role) ? 404 : 403)
          }
        }
        const { status, where } = await call(app, op, own, role, headers[role])
        if (role === 'non_member') expect(status, where).toBe(404)
        else if (op.allowed.includes(role)) expect(status, where).toBeLessThan(300)
        else expect(status, where).toBe(403)
      }
    }
  })
})
