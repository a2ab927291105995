import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { softAuthenticator } from '../../helpers/webauthn.ts'

/*
 * Passkeys (WebAuthn, ADR 019): added from the Security section (several, named, removable), as the second
 * step after a password, or alone with user verification. A software authenticator answers the ceremonies
 * here; the browser tests use Chromium's virtual authenticator.
 */

const TOKEN = '/api/v1/core/auth/token'
/** Every test user's password (the seed factories' default): adding a passkey needs it. */
const PASSWORD = 'Password123'

async function setUp(dialect: Dialect) {
  const { app } = await buildTestApp({ dialect })
  const user = await createUser(app)
  return { app, user, authenticator: softAuthenticator(app.accessTokens.issuer) }
}

async function addPasskey(
  app: FastifyInstance,
  access: string,
  authenticator: ReturnType<typeof softAuthenticator>,
  name = 'Work laptop',
) {
  const options = await app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/passkeys/options',
    headers: bearer(access),
    payload: { currentPassword: PASSWORD },
  })
  expect(options.statusCode).toBe(200)
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/passkeys',
    headers: bearer(access),
    payload: { name, response: authenticator.register(options.json()) },
  })
}

const signInOptions = (app: FastifyInstance, mfaToken?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/passkeys/sign-in/options',
    payload: mfaToken ? { mfa_token: mfaToken } : {},
  })

const passwordGrant = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: TOKEN,
    payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
  })

describe.each(DIALECTS)('passkeys on %s', (dialect) => {
  it('adds a passkey; then the password step asks for it, and it completes the sign-in once', async () => {
    const { app, user, authenticator } = await setUp(dialect)
    const access = await tokenFor(app, user)
    const added = await addPasskey(app, access, authenticator)
    expect(added.statusCode).toBe(201)
    expect(added.json()).toEqual({
      id: expect.any(String),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    })
    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/core/auth/second-factor',
      headers: bearer(access),
    })
    expect(status.json()).toMatchObject({ totp: false, passkeys: 1 })

    const first = await passwordGrant(app, user)
    expect(first.statusCode).toBe(403)
    expect(first.json()).toMatchObject({ error: 'mfa_required', factors: ['passkey'] })
    const mfaToken = first.json().mfa_token as string
    const options = await signInOptions(app, mfaToken)
    expect(options.statusCode).toBe(200)
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: added.json().id })])
    const assertion = authenticator.assert(options.json())
    const second = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { ClientId: 'web', GrantType: 'mfa_passkey', mfa_token: mfaToken, response: assertion },
    })
    expect(second.statusCode).toBe(200)
    expect(second.json().access_token).toEqual(expect.any(String))

    // The same answer again: its challenge and the sign-in's are spent.
    const again = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { ClientId: 'web', GrantType: 'mfa_passkey', mfa_token: mfaToken, response: assertion },
    })
    expect(again.statusCode).toBe(400)
    const list = await app.inject({
      method: 'GET',
      url: '/api/v1/core/auth/passkeys',
      headers: bearer(access),
    })
    expect(list.json().items[0].lastUsedAt).toEqual(expect.any(String))
  })

  it('signs in with a passkey alone, only when the authenticator verified the person', async () => {
    const { app, user, authenticator } = await setUp(dialect)
    expect((await addPasskey(app, await tokenFor(app, user), authenticator)).statusCode).toBe(201)
    const options = await signInOptions(app)
    expect(options.json()).toMatchObject({ userVerification: 'required' })
    expect(options.json().allowCredentials ?? []).toEqual([])
    const signedIn = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: { ClientId: 'web', GrantType: 'passkey', response: authenticator.assert(options.json()) },
    })
    expect(signedIn.statusCode).toBe(200)

    // A touch without a PIN or fingerprint is not enough on its own.
    const presenceOnly = softAuthenticator(app.accessTokens.issuer, { userVerified: false })
    const other = await createUser(app)
    expect((await addPasskey(app, await tokenFor(app, other), presenceOnly)).statusCode).toBe(201)
    const refused = await app.inject({
      method: 'POST',
      url: TOKEN,
      payload: {
        ClientId: 'web',
        GrantType: 'passkey',
        response: presenceOnly.assert((await signInOptions(app)).json()),
      },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      error: 'invalid_grant',
      Message: 'The passkey could not be checked. Please try again.',
    })
  })

  it('refuses an answer made for another site, another account or another challenge', async () => {
    const { app, user, authenticator } = await setUp(dialect)
    const access = await tokenFor(app, user)
    const options = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/passkeys/options',
      headers: bearer(access),
      payload: { currentPassword: PASSWORD },
    })
    const phished = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/passkeys',
      headers: bearer(access),
      payload: {
        name: 'x',
        response: authenticator.register(options.json(), { originOf: 'https://evil.example' }),
      },
    })
    expect(phished.statusCode).toBe(400)
    expect(phished.json().ModelState).toEqual({
      response: ['The passkey could not be checked. Please try again.'],
    })

    // Options made for one account, answered into another's session.
    const mallory = await createUser(app)
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/passkeys/options',
      headers: bearer(access),
      payload: { currentPassword: PASSWORD },
    })
    const crossed = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/passkeys',
      headers: bearer(await tokenFor(app, mallory)),
      payload: { name: 'x', response: authenticator.register(theirs.json()) },
    })
    expect(crossed.statusCode).toBe(400)

    // A made-up challenge.
    const invented = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/passkeys',
      headers: bearer(access),
      payload: {
        name: 'x',
        response: authenticator.register({ challenge: 'bm90LWEtY2hhbGxlbmdl', user: { id: 'eA' } }),
      },
    })
    expect(invented.statusCode).toBe(400)
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/v1/core/auth/passkeys', headers: bearer(access) })
      ).json(),
    ).toEqual({ items: [] })
    // A second step's options need a live sign-in.
    expect((await signInOptions(app, 'A'.repeat(43))).statusCode).toBe(400)
  })

  it("renames and removes (with the password) only one's own passkeys", async () => {
    const { app, user, authenticator } = await setUp(dialect)
    const access = await tokenFor(app, user)
    const id = (await addPasskey(app, access, authenticator)).json().id as string
    const other = bearer(await tokenFor(app, await createUser(app)))
    const url = `/api/v1/core/auth/passkeys/${encodeURIComponent(id)}`

    expect(
      (await app.inject({ method: 'PATCH', url, headers: other, payload: { name: 'Mine now' } })).statusCode,
    ).toBe(404)
    const renamed = await app.inject({
      method: 'PATCH',
      url,
      headers: bearer(access),
      payload: { name: 'Phone' },
    })
    expect(renamed.json()).toMatchObject({ id, name: 'Phone' })
    const blank = await app.inject({ method: 'PATCH', url, headers: bearer(access), payload: { name: ' ' } })
    expect(blank.json().ModelState).toEqual({ name: ['Name is required.'] })

    const remove = (headers: { authorization: string }, currentPassword: string) =>
      app.inject({ method: 'POST', url: `${url}/remove`, headers, payload: { currentPassword } })
    expect((await remove(other, 'Password123')).statusCode).toBe(404)
    expect((await remove(bearer(access), 'not-it-123')).statusCode).toBe(400)
    expect((await remove(bearer(access), user.password)).statusCode).toBe(200)
    expect((await passwordGrant(app, user)).statusCode).toBe(200)
  })

  it("a passkey is an administrator's second factor too; an admin's reset removes passkeys", async () => {
    const { app, authenticator } = await setUp(dialect)
    const admin = await createAdmin(app, {}, { secondFactor: false })
    const access = await tokenFor(app, admin)
    const users = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/filter',
        headers: bearer(access),
        payload: { userTypes: [1], startDate: '', endDate: '' },
      })
    expect((await users()).statusCode).toBe(403)
    expect((await addPasskey(app, access, authenticator)).statusCode).toBe(201)
    expect((await users()).statusCode).toBe(200)

    const other = await createAdmin(app)
    const reset = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${admin.id}/second-factor/reset`,
      headers: bearer(await tokenFor(app, other)),
    })
    expect(reset.statusCode).toBe(204)
    expect(await app.db.selectFrom('passkeys').selectAll().where('user_id', '=', admin.id).execute()).toEqual(
      [],
    )
  })
})
