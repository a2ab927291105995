import type { FastifyInstance } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'

/*
 * Multi-factor authentication (ASVS 6.3.3, 6.5; ADR 018, ADR 031): TOTP set up from the account, confirmed by a
 * first code; with it, the right password answers 403 mfa_required and a second call with a code (or a
 * recovery code) completes the sign-in. Codes work once; challenges expire and allow five attempts.
 */

const START = new Date('2026-11-25T01:00:00.000Z')

async function setUp(dialect: Dialect) {
  const clock = { now: START }
  const { app } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  const user = await createUser(app)
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms)
  }
  return { app, user, clock, advance }
}

/** What an authenticator app shows at a time, for a base32 secret. */
function codeAt(secret: string, at: Date): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  })
}

async function enrol(app: FastifyInstance, user: TestUser, at: Date) {
  const access = await tokenFor(app, user)
  const setup = await app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/second-factor/totp',
    headers: bearer(access),
    payload: { currentPassword: user.password },
  })
  expect(setup.statusCode).toBe(200)
  const { secret, uri, qrSvg } = setup.json() as { secret: string; uri: string; qrSvg: string }
  expect(uri).toMatch(/^otpauth:\/\/totp\/Signalway%20Traffic%20Hire:.+\?.*secret=/)
  expect(qrSvg).toMatch(/^<svg/)
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/second-factor/totp/confirm',
    headers: bearer(access),
    payload: { code: codeAt(secret, at) },
  })
  expect(confirm.statusCode).toBe(200)
  const { recoveryCodes } = confirm.json() as { recoveryCodes: string[] }
  return { secret, recoveryCodes, access }
}

const password = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
  })

const second = (app: FastifyInstance, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/v1/core/auth/token', payload: { ClientId: 'web', ...payload } })

async function challengeOf(app: FastifyInstance, user: TestUser): Promise<string> {
  const response = await password(app, user)
  expect(response.statusCode).toBe(403)
  const body = response.json() as { error: string; mfa_token: string; Message: string }
  expect(body).toMatchObject({ error: 'mfa_required', Message: 'A second factor is needed to sign in.' })
  expect(response.headers['cache-control']).toBe('no-store')
  return body.mfa_token
}

describe.each(DIALECTS)('second factors on %s', (dialect) => {
  it('without one, the password grant answers tokens as the requirements say', async () => {
    const { app, user } = await setUp(dialect)
    expect((await password(app, user)).statusCode).toBe(200)
  })

  it('enrols TOTP with a first code, then signs in with the password and a code, once per code', async () => {
    const { app, user, clock, advance } = await setUp(dialect)
    const { secret, recoveryCodes, access } = await enrol(app, user, clock.now)
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/core/auth/second-factor',
      headers: bearer(access),
    })
    expect(status.json()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 10, setupRequired: false })

    advance(60_000)
    const challenge = await challengeOf(app, user)
    const code = codeAt(secret, clock.now)
    const wrong = await second(app, {
      GrantType: 'mfa_otp',
      mfa_token: challenge,
      otp: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({
      error: 'invalid_grant',
      Message: 'The code is not right, or has been used already.',
    })
    const ok = await second(app, { GrantType: 'mfa_otp', mfa_token: challenge, otp: code })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) })

    // The same challenge again: used. The same code with a new challenge: used (single use per window).
    expect((await second(app, { GrantType: 'mfa_otp', mfa_token: challenge, otp: code })).statusCode).toBe(
      400,
    )
    const again = await challengeOf(app, user)
    expect((await second(app, { GrantType: 'mfa_otp', mfa_token: again, otp: code })).statusCode).toBe(400)
    advance(30_000)
    expect(
      (await second(app, { GrantType: 'mfa_otp', mfa_token: again, otp: codeAt(secret, clock.now) }))
        .statusCode,
    ).toBe(200)
  })

  it('a recovery code works once, in any case and with or without its dashes', async () => {
    const { app, user, clock } = await setUp(dialect)
    const { recoveryCodes } = await enrol(app, user, clock.now)
    const [first = ''] = recoveryCodes
    const typed = first.replaceAll('-', '').toUpperCase()
    const ok = await second(app, {
      GrantType: 'mfa_recovery',
      mfa_token: await challengeOf(app, user),
      recovery_code: typed,
    })
    expect(ok.statusCode).toBe(200)
    const reused = await second(app, {
      GrantType: 'mfa_recovery',
      mfa_token: await challengeOf(app, user),
      recovery_code: first,
    })
    expect(reused.statusCode).toBe(400)
    const access = (ok.json() as { access_token: string }).access_token
    const status = await app.inject({
      method: 'GET',
      url: '/api/v1/core/auth/second-factor',
      headers: bearer(access),
    })
    expect(status.json()).toEqual({ totp: true, passkeys: 0, recoveryCodesLeft: 9, setupRequired: false })
  })

  it('a challenge expires after five minutes and allows five attempts', async () => {
    const { app, user, clock, advance } = await setUp(dialect)
    const { secret } = await enrol(app, user, clock.now)
    const challenge = await challengeOf(app, user)
    advance(5 * 60_000 + 1)
    const late = await second(app, {
      GrantType: 'mfa_otp',
      mfa_token: challenge,
      otp: codeAt(secret, clock.now),
    })
    expect(late.json()).toMatchObject({
      Message: 'The sign-in has expired. Please enter your password again.',
    })

    const guessed = await challengeOf(app, user)
    for (let n = 0; n < 5; n++)
      await second(app, { GrantType: 'mfa_otp', mfa_token: guessed, otp: `12345${n}` })
    // Five wrong codes lock the account too (ADR 031): the call answers the lock-out first.
    const right = await second(app, {
      GrantType: 'mfa_otp',
      mfa_token: guessed,
      otp: codeAt(secret, clock.now),
    })
    expect(right.statusCode).toBe(429)
    // The challenge itself is spent after five attempts, lock-out or not.
    await expect(
      app.secondFactors.complete('web', guessed, { otp: codeAt(secret, clock.now) }),
    ).rejects.toThrow('The sign-in has expired. Please enter your password again.')
  })

  it('an unconfirmed setup changes nothing; removing needs the password, then the password alone signs in', async () => {
    const { app, user, clock } = await setUp(dialect)
    const access = await tokenFor(app, user)
    await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/totp',
      headers: bearer(access),
      payload: { currentPassword: user.password },
    })
    expect((await password(app, user)).statusCode).toBe(200)
    const wrongCode = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/totp/confirm',
      headers: bearer(access),
      payload: { code: '000000' },
    })
    expect([400]).toContain(wrongCode.statusCode)

    const { access: enrolled } = await enrol(app, user, clock.now)
    const twice = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/totp',
      headers: bearer(enrolled),
      payload: { currentPassword: user.password },
    })
    expect(twice.statusCode).toBe(409)
    const remove = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/second-factor/remove',
        headers: bearer(enrolled),
        payload: { currentPassword },
      })
    expect((await remove('not-it-123')).json()).toMatchObject({
      ModelState: { currentPassword: ['The current password is incorrect.'] },
    })
    expect((await remove(user.password)).statusCode).toBe(200)
    expect((await password(app, user)).statusCode).toBe(200)
  })

  it('an administrator without one signs in with the password, sets one up, and only then reaches admin pages', async () => {
    const { app, clock } = await setUp(dialect)
    const admin = await createAdmin(app, {}, { secondFactor: false })
    const signedIn = await password(app, admin)
    expect(signedIn.statusCode).toBe(200)
    const headers = bearer(signedIn.json().access_token)
    const users = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/users/filter',
        headers,
        payload: { userTypes: [1, 2, 3], startDate: '', endDate: '' },
      })
    expect((await users()).json()).toMatchObject({ error: 'second_factor_setup_required' })
    const status = await app.inject({ method: 'GET', url: '/api/v1/core/auth/second-factor', headers })
    expect(status.json()).toEqual({ totp: false, passkeys: 0, recoveryCodesLeft: 0, setupRequired: true })

    const setup = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/totp',
      headers,
      payload: { currentPassword: admin.password },
    })
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/totp/confirm',
      headers,
      payload: { code: codeAt(setup.json().secret, clock.now) },
    })
    expect(confirm.statusCode).toBe(200)
    // The same session goes on, now with every admin page; the next sign-in asks for a code.
    expect((await users()).statusCode).toBe(200)
    expect(
      (await app.inject({ method: 'GET', url: '/api/v1/core/auth/second-factor', headers })).json(),
    ).toEqual({
      totp: true,
      passkeys: 0,
      recoveryCodesLeft: 10,
      setupRequired: false,
    })
    expect((await password(app, admin)).json().error).toBe('mfa_required')
  })

  it('renews the recovery codes with the current password: the old ones stop working', async () => {
    const { app, user, clock } = await setUp(dialect)
    const { recoveryCodes: old, access } = await enrol(app, user, clock.now)
    const renew = (currentPassword: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/second-factor/recovery-codes',
        headers: bearer(access),
        payload: { currentPassword },
      })
    const wrong = await renew('not-the-password-1')
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().ModelState).toEqual({ currentPassword: ['The current password is incorrect.'] })

    const renewed = await renew(user.password)
    expect(renewed.statusCode).toBe(200)
    const fresh = renewed.json().recoveryCodes as string[]
    expect(fresh).toHaveLength(10)
    expect(fresh.some((code) => old.includes(code))).toBe(false)
    const oldCode = await second(app, {
      GrantType: 'mfa_recovery',
      mfa_token: await challengeOf(app, user),
      recovery_code: old[0],
    })
    expect(oldCode.statusCode).toBe(400)
    const newCode = await second(app, {
      GrantType: 'mfa_recovery',
      mfa_token: await challengeOf(app, user),
      recovery_code: fresh[0],
    })
    expect(newCode.statusCode).toBe(200)

    // Without an authenticator app there is nothing to renew.
    const other = await createUser(app)
    const none = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/second-factor/recovery-codes',
      headers: bearer(await tokenFor(app, other)),
      payload: { currentPassword: other.password },
    })
    expect(none.statusCode).toBe(409)
  })

  it('keeps the seed sealed at rest', async () => {
    const { app, user, clock } = await setUp(dialect)
    const { secret } = await enrol(app, user, clock.now)
    const row = await app.db.selectFrom('totp_factors').selectAll().executeTakeFirstOrThrow()
    expect(row.secret_sealed).toMatch(/^v1\./)
    expect(row.secret_sealed).not.toContain(secret)
  })
})
