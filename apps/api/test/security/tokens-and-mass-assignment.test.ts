import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, signIn, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../helpers/build.ts'

/*
 * OWASP ASVS 4.0 V3 (session management) and V5.1.2 (mass assignment), level 2.
 *
 * Already covered elsewhere, not repeated here:
 *   - tampered claims, alg none, HS512/RS256, wrong audience, issuer or secret, unknown session,
 *     expired and future tokens, archived users, demoted admins: test/plugins/auth.test.ts;
 *   - refresh rotation, reuse revoking the family, concurrent reuse, tampered and other-client refresh
 *     tokens, idle and absolute expiry: test/modules/auth/token.test.ts;
 *   - sessions ended by a password reset: test/modules/accounts/password-reset.test.ts.
 */

const PROFILE = '/api/v1/core/accounts/update/own-profile'

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
}

async function userRow(app: FastifyInstance, id: number) {
  return app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

describe.each(DIALECTS)('tokens and mass assignment on %s', (dialect) => {
  it('takes an access token only from the Authorization header, and never a refresh token as one', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const grant = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/token',
      payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
    })
    const { access_token, refresh_token } = grant.json() as { access_token: string; refresh_token: string }
    const url = `/api/v1/core/accounts/${user.id}/profile/settings`

    for (const request of [
      { url: `${url}?access_token=${access_token}` },
      { url, headers: { cookie: `access_token=${access_token}; token=${access_token}` } },
      { url, headers: { 'x-access-token': access_token } },
      { url, headers: bearer(refresh_token) },
      { url, headers: { authorization: `Bearer ${access_token}, Bearer ${access_token}` } },
      { url, headers: { authorization: `Token ${access_token}` } },
    ]) {
      const response = await app.inject({ method: 'GET', ...request })
      expect(response.statusCode, JSON.stringify(request).slice(0, 120)).toBe(401)
    }
    expect((await app.inject({ method: 'GET', url, headers: bearer(access_token) })).statusCode).toBe(200)
    // Tokens are not cacheable.
    expect(grant.headers['cache-control']).toBe('no-store')
  })

  it('registers a member of type 1 with a new id whatever privileged fields the body carries', async () => {
    const { app } = await buildTestApp({ dialect })
    const admin = await createAdmin(app)
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts',
      payload: {
        firstName: 'Mallory',
        lastName: 'Evil',
        email: 'mallory@example.com',
        mobile: '0412 345 678',
        password: 'Cone-stack-2026',
        confirmPassword: 'Cone-stack-2026',
        acceptedTheTerms: true,
        memberType: 3,
        id: admin.id,
        userId: admin.id,
        rol: '3',
        role: 'admin',
        isAdmin: true,
        member_type: 3,
        password_hash: '$argon2id$forged',
        is_active: 0,
        archived_at: '2020-01-01T00:00:00.000Z',
        registration_date: '2000-01-01T00:00:00.000Z',
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const claims = claimsOf((response.json() as { access_token: string }).access_token)
    expect(claims.rol).toBe('1')
    expect(claims.id).not.toBe(String(admin.id))
    const row = await userRow(app, Number(claims.id))
    expect(row).toMatchObject({ member_type: 1, archived_at: null })
    expect(row.password_hash).not.toBe('$argon2id$forged')
    expect(row.registration_date.startsWith('2000')).toBe(false)
    expect(await signIn(app, 'mallory@example.com', 'Cone-stack-2026')).toEqual(expect.any(String))
    // The admin is untouched.
    expect(await userRow(app, admin.id)).toMatchObject({ email: admin.email, member_type: 3 })
  })

  it('updates only the profile fields of the own profile: member type, password, state stay as they were', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const before = await userRow(app, user.id)
    const response = await app.inject({
      method: 'PUT',
      url: PROFILE,
      headers: bearer(await tokenFor(app, user)),
      payload: {
        id: user.id,
        firstName: 'Riley',
        lastName: 'Cooper',
        email: user.email,
        mobile: '0412345678',
        memberType: 3,
        member_type: 3,
        rol: '3',
        isAdmin: true,
        password: 'Changed-2026',
        password_hash: '$argon2id$forged',
        is_active: 0,
        archived_at: '2020-01-01T00:00:00.000Z',
        registration_date: '2000-01-01T00:00:00.000Z',
      },
    })
    expect(response.statusCode, response.body).toBe(200)
    const after = await userRow(app, user.id)
    expect(after).toMatchObject({
      first_name: 'Riley',
      member_type: before.member_type,
      password_hash: before.password_hash,
      is_active: before.is_active,
      archived_at: null,
      registration_date: before.registration_date,
    })
  })
})
