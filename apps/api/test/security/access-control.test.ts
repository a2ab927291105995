import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'

/*
 * OWASP ASVS 4.0 V4 (access control), level 2, over every operation of the OpenAPI document:
 *   V4.1.1/V4.1.5  every operation states its access: an explicit list of public operations below,
 *                  every other one refuses an anonymous caller (401) and a forged token (401);
 *   V4.1.3/V4.2.1  admin operations (/api/admin/..., /api/v1/users/..., POST .../accounts/admin) refuse
 *                  regular members of both types (403) and let an administrator through;
 *   V4.2.1         object level: a member reads and changes only their own profile (403 otherwise);
 *   V4.3.1         the document itself says so: bearer security and 401 (and 403) on each of them.
 * A new operation must be added to PUBLIC on purpose, or it is treated as protected and this fails.
 * Token attacks: tokens.test.ts; archived users and demoted admins: test/modules/auth/plugin.test.ts.
 */

const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/pages/{name}',
  'GET /api/pages',
  'GET /api/news',
  // A published item only; a draft's slug answers 404 like an unknown one (routes.test.ts).
  'GET /api/news/{slug}',
  'GET /api/faqs',
  // The catalogue, without the rates of types whose prices are not public (fleet/types.test.ts).
  'GET /api/equipment-types',
  'GET /api/equipment-types/{slug}',
  // A unit's label page: its fleet number, type and the 24/7 number, nothing about any hire (fleet/units.test.ts).
  'GET /api/equipment/{fleetNumber}',
  // Reporting a fault from that page, signed out, limited per address and per unit (faults/faults.test.ts, ADR 049).
  'POST /api/equipment/{fleetNumber}/faults',
  // Uploaded images of published content; their names are random (publishing.test.ts).
  'GET /api/media/{file}',
  'GET /api/address/suggest',
  'POST /api/v1/core/auth/token',
  // The refresh token in the body is the credential (RFC 7009); logout.test.ts.
  'POST /api/v1/core/auth/revoke',
  // A ceremony's options; the answer goes to the token endpoint (passkeys.test.ts).
  'POST /api/v1/core/auth/passkeys/sign-in/options',
  'POST /api/v1/core/accounts',
  'PATCH /api/v1/core/accounts/{email}/password/reset/request',
  'POST /api/v1/core/accounts/token/validate',
  'POST /api/v1/core/accounts/password/reset',
  // The emailed link's token is the credential (email-change.test.ts). Confirming is not public: it needs the
  // link's own account signed in too (ADR 040).
  'POST /api/v1/core/accounts/email/cancel',
  // An invitation's emailed link: its token is the credential (users/invitations.test.ts).
  'POST /api/v1/core/accounts/invitation/check',
  'POST /api/v1/core/accounts/invitation/accept',
  // An account invitation's link: which account and role it is for (customer-accounts/members.test.ts). Joining
  // needs the invited address signed in.
  'POST /api/customer-account-invitations/check',
  'POST /api/contact',
  'POST /api/get-a-quote',
  'POST /api/apply-for-credit',
  // Its own short-lived token in the query instead of a bearer token (download-again.test.ts).
  'GET /api/apply-for-credit/pdf',
  // Saving an application to continue later; the emailed link's token is the credential (drafts.test.ts).
  'POST /api/apply-for-credit/drafts',
  'POST /api/apply-for-credit/drafts/open',
  'POST /api/apply-for-credit/drafts/discard',
  'POST /api/apply-for-credit/signing',
  'POST /api/apply-for-credit/signing/status',
  'POST /api/apply-for-credit/signing/application',
  'POST /api/apply-for-credit/signing/resend',
  'POST /api/apply-for-credit/signing/email',
  'POST /api/apply-for-credit/signing/pdf',
  'POST /api/apply-for-credit/signing/request',
  'POST /api/apply-for-credit/signing/sign',
  'POST /api/apply-for-credit/signing/decline',
])

interface Operation {
  name: string
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  adminOnly: boolean
  security: unknown[]
  statuses: string[]
}

async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>>
  }
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as Operation['method'],
      path,
      adminOnly:
        path.startsWith('/api/admin') ||
        path.startsWith('/api/v1/users') ||
        path === '/api/v1/core/accounts/admin',
      security: operation.security ?? [],
      statuses: Object.keys(operation.responses ?? {}),
    })),
  )
}

/** A URL for the operation, its parameters filled with plausible values. */
function urlOf(operation: Operation, ids: { userId: number }): string {
  return operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'email' ? 'someone@example.com' : String(ids.userId),
  )
}

describe.each(DIALECTS)('access control on every operation on %s', (dialect) => {
  it('refuses anonymous callers and forged tokens (401) everywhere but the public operations', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const operations = (await operationsOf(app)).filter((operation) => !PUBLIC.has(operation.name))
    expect(operations.length).toBeGreaterThan(10)

    const forged = `${(await tokenFor(app, user)).slice(0, -4)}AAAA`
    for (const operation of operations) {
      for (const headers of [{}, bearer(forged), { authorization: 'Basic YWRtaW46YWRtaW4=' }]) {
        const response = await app.inject({
          method: operation.method,
          url: urlOf(operation, { userId: user.id }),
          headers,
          ...(operation.method === 'GET' ? {} : { payload: {} }),
        })
        expect(response.statusCode, `${operation.name} ${JSON.stringify(headers)}`).toBe(401)
        expect(response.json()).toEqual({
          Message: 'Authorization has been denied for this request.',
          requestId: expect.any(String),
        })
      }
      // The document says so too.
      expect(operation.security, operation.name).toEqual([{ bearer: [] }])
      expect(operation.statuses, operation.name).toContain('401')
    }
  })

  it('refuses members of types 1 and 2 on every admin operation (403), and lets an admin through', async () => {
    const { app } = await buildTestApp({ dialect })
    const member = await createUser(app, { memberType: 1 })
    const company = await createUser(app, { memberType: 2 })
    const admin = await createAdmin(app)
    // Archiving the member (as the admin) goes last: their tokens stop working after it.
    const operations = (await operationsOf(app))
      .filter((operation) => operation.adminOnly)
      .sort((a, b) => Number(a.path.endsWith('/archive')) - Number(b.path.endsWith('/archive')))
    expect(operations.map((operation) => operation.path)).toEqual(
      expect.arrayContaining(['/api/admin/enquiries', '/api/admin/credit-applications', '/api/admin/outbox']),
    )

    for (const operation of operations) {
      expect(operation.statuses, operation.name).toContain('403')
      for (const user of [member, company]) {
        const response = await app.inject({
          method: operation.method,
          url: urlOf(operation, { userId: admin.id }),
          headers: bearer(await tokenFor(app, user)),
          ...(operation.method === 'GET' ? {} : { payload: {} }),
        })
        expect(response.statusCode, `${operation.name} as type ${user.member_type}`).toBe(403)
        expect(response.json()).toEqual({
          Message: 'You do not have permission to do this.',
          requestId: expect.any(String),
        })
      }
      // An administrator gets past the guard (to a 2xx, or to the validation or lookup behind it).
      const asAdmin = await app.inject({
        method: operation.method,
        url: urlOf(operation, { userId: member.id }),
        headers: bearer(await tokenFor(app, admin)),
        ...(operation.method === 'GET' ? {} : { payload: {} }),
      })
      expect([401, 403], `${operation.name} as admin: ${asAdmin.body}`).not.toContain(asAdmin.statusCode)
      expect(asAdmin.statusCode, operation.name).toBeLessThan(500)
    }
  })

  it('answers an administrator without a second factor only on the set-up routes and their own profile', async () => {
    const { app } = await buildTestApp({ dialect })
    const member = await createUser(app)
    const admin = await createAdmin(app, {}, { secondFactor: false })
    const headers = bearer(await tokenFor(app, admin))
    const allowed = new Set([
      'GET /api/v1/core/auth/second-factor',
      'POST /api/v1/core/auth/second-factor/totp',
      'POST /api/v1/core/auth/second-factor/totp/confirm',
      'POST /api/v1/core/auth/passkeys/options',
      'POST /api/v1/core/auth/passkeys',
      'GET /api/v1/core/accounts/{userId}/profile/settings',
    ])
    const operations = (await operationsOf(app)).filter((operation) => !PUBLIC.has(operation.name))
    for (const operation of operations.filter((operation) => !allowed.has(operation.name))) {
      const response = await app.inject({
        method: operation.method,
        url: urlOf(operation, { userId: member.id }),
        headers,
        ...(operation.method === 'GET' ? {} : { payload: {} }),
      })
      expect(response.statusCode, operation.name).toBe(403)
      expect(response.json()).toEqual({
        Message: 'Administrators must set up two-step sign-in before anything else.',
        error: 'second_factor_setup_required',
        requestId: expect.any(String),
      })
    }
    // Their own profile, not another's.
    const own = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${admin.id}/profile/settings`,
      headers,
    })
    expect(own.statusCode).toBe(200)
    const other = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${member.id}/profile/settings`,
      headers,
    })
    expect(other.statusCode).toBe(403)
    const status = await app.inject({ method: 'GET', url: '/api/v1/core/auth/second-factor', headers })
    expect(status.json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0, setupRequired: true })
  })

  it("lets a member read and change only their own profile (403 for another's), whatever the id's form", async () => {
    const { app } = await buildTestApp({ dialect })
    const alice = await createUser(app)
    const bob = await createUser(app)
    const asAlice = bearer(await tokenFor(app, alice))

    const own = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${alice.id}/profile/settings`,
      headers: asAlice,
    })
    expect(own.statusCode).toBe(200)
    for (const id of [String(bob.id), `0${bob.id}`, `${bob.id}.0`, ` ${bob.id}`, `${bob.id}%00`]) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/v1/core/accounts/${encodeURIComponent(id)}/profile/settings`,
        headers: asAlice,
      })
      expect([403, 404], `${id}: ${response.body}`).toContain(response.statusCode)
      expect(response.body).not.toContain(bob.email)
    }

    for (const body of [{ id: bob.id }, { userId: String(bob.id) }, { id: `${bob.id}` }]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/v1/core/accounts/update/own-profile',
        headers: asAlice,
        payload: {
          firstName: 'Mallory',
          lastName: 'Evil',
          email: bob.email,
          mobile: '0412345678',
          memberType: 1,
          ...body,
        },
      })
      expect(response.statusCode, JSON.stringify(body)).toBe(403)
    }
    const bobNow = await app.db
      .selectFrom('users')
      .select(['first_name'])
      .where('id', '=', bob.id)
      .executeTakeFirst()
    expect(bobNow?.first_name).toBe(bob.first_name)
  })
})
