import { createHmac } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorResponses } from '../../../src/lib/http-schemas.ts'
import { jwtKey, signJwt } from '../../../src/lib/jwt.ts'
import { userOf } from '../../../src/modules/auth/plugin.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

const DENIED = { Message: 'Authorization has been denied for this request.', requestId: expect.any(String) }
const SECRET = 'test-secret-that-is-long-enough-for-hs256'

const guardedRoutes: FastifyPluginAsyncZod = async (app) => {
  const me = z.object({
    id: z.string(),
    email: z.string(),
    memberType: z.number(),
    givenName: z.string(),
    familyName: z.string(),
  })
  app.get(
    '/test/me',
    { onRequest: [app.authenticate], schema: { response: { 200: me, ...errorResponses(401) } } },
    async (request) => userOf(request),
  )
  app.get(
    '/test/admin',
    { preHandler: [app.requireAdmin], schema: { response: { 200: me, ...errorResponses(401, 403) } } },
    async (request) => userOf(request),
  )
  app.get('/test/open', async (request) => ({ user: request.user }))
}

function build(dialect: (typeof DIALECTS)[number], clock?: () => Date) {
  return buildTestApp({ dialect, build: { routes: [guardedRoutes], ...(clock ? { clock } : {}) } })
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

/** Re-signs (or not) a token after changing its header or claims. */
function forge(token: string, change: { header?: object; claims?: object; secret?: string | null }): string {
  const [header, payload] = token.split('.') as [string, string]
  const newHeader = change.header ? b64(change.header) : header
  const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString()), ...change.claims }
  const newPayload = b64(claims)
  if (change.secret === null) return `${newHeader}.${newPayload}.`
  const signature = createHmac('sha256', change.secret ?? SECRET)
    .update(`${newHeader}.${newPayload}`)
    .digest('base64url')
  return `${newHeader}.${newPayload}.${signature}`
}

describe.each(DIALECTS)('the auth guards on %s', (dialect) => {
  it('sets request.user from a valid bearer token', async () => {
    const { app, config } = await build(dialect)
    const user = await createUser(app, { firstName: 'Casey', lastName: 'Nguyen', memberType: 2 })
    const token = await tokenFor(app, user)
    const response = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: String(user.id),
      email: user.email,
      memberType: 2,
      givenName: 'Casey',
      familyName: 'Nguyen',
    })
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
    expect(claims).toMatchObject({
      id: String(user.id),
      sub: user.email,
      given_name: 'Casey',
      family_name: 'Nguyen',
      rol: '2',
      iss: config.siteUrl,
      aud: 'web',
    })
    expect(claims.exp - claims.iat).toBe(900)
    // Unguarded routes see no user, even with a token.
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/open', headers: bearer(token) })).json(),
    ).toEqual({
      user: null,
    })
  })

  it('answers 401 without a token, with a malformed header, or with garbage', async () => {
    const { app } = await build(dialect)
    const user = await createUser(app)
    const token = await tokenFor(app, user)
    for (const authorization of [
      undefined,
      '',
      'Bearer',
      `Basic ${token}`,
      'Bearer not.a.jwt',
      `Bearer ${token}x`,
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/me',
        headers: authorization === undefined ? {} : { authorization },
      })
      expect(response.statusCode, String(authorization)).toBe(401)
      expect(response.json()).toEqual(DENIED)
    }
  })

  it('answers 401 for tampered, alg none, other-algorithm, wrong-audience, wrong-issuer and wrong-secret tokens', async () => {
    const { app } = await build(dialect)
    const user = await createUser(app)
    const admin = await createAdmin(app)
    const token = await tokenFor(app, user)
    const forged = [
      // Claims changed, signature kept: the classic privilege escalation.
      (() => {
        const [header, , signature] = token.split('.')
        const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
        return `${header}.${b64({ ...claims, id: String(admin.id), rol: '3' })}.${signature}`
      })(),
      forge(token, { header: { alg: 'none', typ: 'JWT' }, secret: null }),
      forge(token, { header: { alg: 'none' }, claims: { rol: '3' }, secret: null }),
      forge(token, { header: { alg: 'HS512', typ: 'JWT' } }),
      forge(token, { header: { alg: 'RS256', typ: 'JWT' } }),
      forge(token, { claims: { aud: 'another-client' } }),
      forge(token, { claims: { iss: 'https://evil.example' } }),
      forge(token, { secret: 'another-secret-that-is-long-enough-for-it' }),
      forge(token, { claims: { id: 'DROP TABLE' } }),
      forge(token, { claims: { sid: 'no-such-session' } }),
    ]
    for (const bad of forged) {
      const response = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(bad) })
      expect(response.statusCode, bad).toBe(401)
      expect(response.json()).toEqual(DENIED)
    }
    // The untouched token and a correctly re-signed one still pass (the forging helper is sound).
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })).statusCode,
    ).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(forge(token, {})) }))
        .statusCode,
    ).toBe(200)
  })

  it('answers 401 once the token has expired, also after it was verified and remembered', async () => {
    let now = new Date('2026-03-01T00:00:00.000Z')
    const { app } = await build(dialect, () => now)
    const token = await tokenFor(app, await createUser(app))
    now = new Date('2026-03-01T00:14:00.000Z')
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })).statusCode,
    ).toBe(200)
    // Its signature was checked once and remembered; its expiry is checked on every use.
    now = new Date('2026-03-01T00:16:00.000Z')
    const response = await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(DENIED)
  })

  it('refuses a token from the future and a token signed with exp in the past', async () => {
    const { app, config } = await build(dialect)
    const user = await createUser(app)
    const token = await tokenFor(app, user)
    const sid = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid
    const base = {
      id: String(user.id),
      sub: user.email,
      given_name: 'a',
      family_name: 'b',
      rol: '1',
      sid,
      iss: config.siteUrl,
      aud: 'web',
    }
    const nowS = Math.floor(Date.now() / 1000)
    for (const times of [
      { iat: nowS + 3600, exp: nowS + 4500 },
      { iat: nowS - 4000, exp: nowS - 3100 },
    ]) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/test/me',
        headers: bearer(await signJwt({ ...base, ...times }, jwtKey(SECRET))),
      })
      expect(response.statusCode).toBe(401)
    }
  })

  it('stops the tokens of an archived or deactivated user at once', async () => {
    const { app } = await build(dialect)
    const archived = await createUser(app)
    const inactive = await createUser(app)
    const archivedToken = await tokenFor(app, archived)
    const inactiveToken = await tokenFor(app, inactive)
    await app.db
      .updateTable('users')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', archived.id)
      .execute()
    await app.db.updateTable('users').set({ is_active: 0 }).where('id', '=', inactive.id).execute()
    for (const token of [archivedToken, inactiveToken]) {
      expect(
        (await app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(token) })).statusCode,
      ).toBe(401)
    }
  })

  it('requireAdmin: 401 anonymous, 403 for member types 1 and 2, 200 for an admin', async () => {
    const { app } = await build(dialect)
    expect((await app.inject({ method: 'GET', url: '/api/test/admin' })).statusCode).toBe(401)
    for (const memberType of [1, 2]) {
      const token = await tokenFor(app, await createUser(app, { memberType }))
      const response = await app.inject({ method: 'GET', url: '/api/test/admin', headers: bearer(token) })
      expect(response.statusCode).toBe(403)
      expect(response.json()).toEqual({ Message: expect.any(String), requestId: expect.any(String) })
    }
    const admin = await createAdmin(app)
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/admin',
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ id: String(admin.id), memberType: 3 })
  })

  it('re-reads the member type: a demoted admin gets 403 with an old token', async () => {
    const { app } = await build(dialect)
    const admin = await createAdmin(app)
    const token = await tokenFor(app, admin)
    await app.db.updateTable('users').set({ member_type: 1 }).where('id', '=', admin.id).execute()
    expect(
      (await app.inject({ method: 'GET', url: '/api/test/admin', headers: bearer(token) })).statusCode,
    ).toBe(403)
  })
})
