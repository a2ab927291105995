import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
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

/** The records one request acts on: an account's own, made fresh for the operation. */
interface Target {
  accountId: number
  siteId: number
  memberId: number
  invitationId: number
}

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /** The OpenAPI path. */
  path: string
  allowed: readonly Role[]
  url: (target: Target) => string
  body?: (role: Role) => object
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
]

/** Fresh records of the account for one operation: a site, an Orderer to change or remove, an invitation. */
async function targetOf(app: FastifyInstance, accountId: number): Promise<Target> {
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
  return { accountId, siteId, memberId, invitationId: invitation.id }
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
    url: op.url(target),
    headers,
    ...(op.body ? { payload: op.body(role) } : {}),
  })
  return {
    status: response.statusCode,
    where: `${kind}: ${role} ${op.method} ${op.url(target)}: ${response.body.slice(0, 200)}`,
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

  it('answers 2xx to a role allowed, 403 to a member who is not, 404 outside the account', async () => {
    const { app } = await buildTestApp({ dialect })
    const owner = await createUser(app, { memberType: 2 })
    const mine = await openAccount(app, owner, 'Matrix Civil')
    const theirs = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
    const supervisedSite = await addSite(app, mine.id, 'Supervised site')
    const headers: Record<Role, Headers> = {
      account_admin: (await addMember(app, mine.id, 'account_admin')).headers,
      orderer: (await addMember(app, mine.id, 'orderer')).headers,
      site_supervisor: (await addMember(app, mine.id, 'site_supervisor', [supervisedSite])).headers,
      accounts: (await addMember(app, mine.id, 'accounts')).headers,
      non_member: (await addMember(app, theirs.id, 'account_admin')).headers,
    }
    // The owner is an Account admin too, so that the one under test may change or remove anyone.
    for (const op of OPERATIONS) {
      const own = await targetOf(app, mine.id)
      const foreign = await targetOf(app, theirs.id)
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
            if (op.path.match(/\{(siteId|memberId|invitationId)\}/u))
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
