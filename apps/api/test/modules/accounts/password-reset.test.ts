import { resetTokenFromSearch } from '@signalway/shared/auth'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { verifyPassword } from '../../../src/lib/password.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { findUserById } from '../../../src/modules/users/repository.ts'
import { bearer, createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'

const INVALID = {
  Message: 'Your password reset request is invalid, please reset your password again.',
  requestId: expect.any(String),
}
const MINUTE_MS = 60 * 1000

async function appWithClock(dialect: Dialect) {
  const clock = { now: new Date('2026-03-02T09:00:00.000Z') }
  const built = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  return { ...built, advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) }
}

function requestReset(app: FastifyInstance, email: string, remoteAddress?: string) {
  return app.inject({
    method: 'PATCH',
    url: `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function validate(app: FastifyInstance, resetToken: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/core/accounts/token/validate', payload: { resetToken } })
}

function reset(
  app: FastifyInstance,
  resetToken: string,
  password = 'New-cones-77',
  confirmPassword = password,
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/password/reset',
    payload: { password, confirmPassword, resetToken },
  })
}

function signIn(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: { UserName: email, Password: password, ClientId: 'web', GrantType: 'password' },
  })
}

/** The token of the newest reset email, read from the outbox the way the web page reads the link. */
async function tokenFromOutbox(app: FastifyInstance, siteUrl: string): Promise<string> {
  const messages = await findOutboxMessages(app.db)
  const text = messages.at(-1)?.text_body ?? ''
  const link = new RegExp(`${siteUrl}/reset-password/\\?t=\\S+`).exec(text)?.[0]
  expect(link, text).toBeDefined()
  return resetTokenFromSearch(new URL(link as string).search)
}

describe.each(DIALECTS)('password reset on %s', (dialect) => {
  it('answers known and unknown emails identically, in about the same time; only the known one gets mail', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app, { email: 'known@example.com', firstName: 'Kim' })
    const timed = async (email: string) => {
      const started = performance.now()
      const response = await requestReset(app, email)
      return { response, ms: performance.now() - started }
    }
    const known = await timed('known@example.com')
    const unknown = await timed('unknown@example.com')
    for (const { response } of [known, unknown]) {
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        Message:
          'If an account exists for this email address, a link to reset its password has been sent to it.',
      })
    }
    expect(Object.keys(known.response.headers).sort()).toEqual(Object.keys(unknown.response.headers).sort())
    // Both wait for the same floor (a lower bound holds on a busy machine; an upper one would be a timed test).
    expect(known.ms).toBeGreaterThanOrEqual(290)
    expect(unknown.ms).toBeGreaterThanOrEqual(290)

    const mail = await findOutboxMessages(app.db)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({
      to_address: user.email,
      subject: 'Reset your Signalway Traffic Hire password',
      status: 'pending',
    })
    // The address is not confirmed: the name typed at registration does not go to it.
    expect(mail[0]?.text_body).toMatch(/^Hello,\n/)
    expect(mail[0]?.text_body).not.toContain('Kim')
    expect(mail[0]?.text_body).toContain('within 30 minutes')
    expect(mail[0]?.text_body).toContain('Signalway Traffic Hire')
    const token = await tokenFromOutbox(app, config.siteUrl)
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Stored as a hash only.
    const stored = await app.db.selectFrom('password_reset_tokens').selectAll().execute()
    expect(stored).toHaveLength(1)
    expect(JSON.stringify(stored)).not.toContain(token)
  })

  it('treats an archived account as unknown', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app)
    await app.db
      .updateTable('users')
      .set({ archived_at: new Date().toISOString() })
      .where('id', '=', user.id)
      .execute()
    expect((await requestReset(app, user.email)).statusCode).toBe(200)
    expect(await findOutboxMessages(app.db)).toHaveLength(0)
  })

  it('validates a live token (200 {valid:true}) and refuses anything else with 400', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app)
    await requestReset(app, user.email)
    const token = await tokenFromOutbox(app, config.siteUrl)
    const ok = await validate(app, token)
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toEqual({ valid: true })
    for (const bad of ['x'.repeat(43), tamper(token)]) {
      const response = await validate(app, bad)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(INVALID)
    }
    const missing = await validate(app, '')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().ModelState).toEqual({ resetToken: ['Reset token is required.'] })
  })

  it('resets the password once: signs the user in, ends every other session, and mails a notice', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app, { password: 'Old-cones-11' })
    const session = (await signIn(app, user.email, 'Old-cones-11')).json()
    await requestReset(app, user.email)
    const token = await tokenFromOutbox(app, config.siteUrl)

    const response = await reset(app, token)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const tokens = response.json()
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
    })
    const settings = `/api/v1/core/accounts/${user.id}/profile/settings`
    expect(
      (await app.inject({ method: 'GET', url: settings, headers: bearer(tokens.access_token) })).statusCode,
    ).toBe(200)

    // The password changed.
    const row = await findUserById(app.db, user.id)
    expect(await verifyPassword(row?.password_hash ?? '', 'New-cones-77')).toBe(true)
    expect((await signIn(app, user.email, 'Old-cones-11')).statusCode).toBe(400)
    expect((await signIn(app, user.email, 'New-cones-77')).statusCode).toBe(200)

    // The earlier session is over: its refresh token and its access token.
    const refresh = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/token',
      payload: { ClientId: 'web', GrantType: 'refresh_token', RefreshToken: session.refresh_token },
    })
    expect(refresh.statusCode).toBe(400)
    expect(refresh.json()).toMatchObject({ Message: 'Invalid refresh token.' })
    expect(
      (await app.inject({ method: 'GET', url: settings, headers: bearer(session.access_token) })).statusCode,
    ).toBe(401)

    // Single use.
    expect((await validate(app, token)).statusCode).toBe(400)
    const again = await reset(app, token, 'Other-cones-99')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual(INVALID)

    const mail = await findOutboxMessages(app.db)
    expect(mail.map((message) => message.subject)).toEqual([
      'Reset your Signalway Traffic Hire password',
      'Your Signalway Traffic Hire password has been changed',
    ])
  })

  it('spends the other outstanding links of the user after a reset', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app)
    await requestReset(app, user.email)
    const first = await tokenFromOutbox(app, config.siteUrl)
    await requestReset(app, user.email)
    const second = await tokenFromOutbox(app, config.siteUrl)
    expect(first).not.toBe(second)
    expect((await reset(app, second)).statusCode).toBe(200)
    expect((await validate(app, first)).statusCode).toBe(400)
  })

  it('accepts a token for 30 minutes and not after', async () => {
    const { app, config, advance } = await appWithClock(dialect)
    const user = await createUser(app)
    await requestReset(app, user.email)
    const token = await tokenFromOutbox(app, config.siteUrl)
    advance(30 * MINUTE_MS - 1000)
    expect((await validate(app, token)).statusCode).toBe(200)
    advance(1000)
    expect((await validate(app, token)).json()).toEqual(INVALID)
    expect((await reset(app, token)).json()).toEqual(INVALID)
    expect(
      await verifyPassword((await findUserById(app.db, user.id))?.password_hash ?? '', user.password),
    ).toBe(true)
  })

  it('lifts a sign-in lock-out once the password is reset', async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app)
    for (let i = 0; i < 5; i++) await signIn(app, user.email, `Wrong-${i}-pass`)
    expect((await signIn(app, user.email, user.password)).statusCode).toBe(429)
    await requestReset(app, user.email)
    expect((await reset(app, await tokenFromOutbox(app, config.siteUrl))).statusCode).toBe(200)
    expect((await signIn(app, user.email, 'New-cones-77')).statusCode).toBe(200)
  })

  it("answers bad input with the requirements' messages, and refuses common passwords", async () => {
    const { app, config } = await buildTestApp({ dialect })
    const user = await createUser(app)
    const badEmail = await requestReset(app, 'not-an-email')
    expect(badEmail.statusCode).toBe(400)
    expect(badEmail.json().ModelState).toEqual({ email: ['Invalid Email Address'] })

    await requestReset(app, user.email)
    const token = await tokenFromOutbox(app, config.siteUrl)
    const mismatch = await reset(app, token, 'New-cones-77', 'New-cones-78')
    expect(mismatch.json().ModelState).toEqual({ confirmPassword: ['Passwords must match.'] })
    const weak = await reset(app, token, 'cones')
    expect(weak.json().ModelState).toEqual({
      password: ['Password must have at least 8 characters.', 'Must have a number.'],
    })
    const empty = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/password/reset',
      payload: {},
    })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().ModelState).toMatchObject({
      password: ['Password is required.'],
      resetToken: ['Reset token is required.'],
    })
    const common = await reset(app, token, 'Password123')
    expect(common.statusCode).toBe(400)
    expect(common.json().ModelState).toEqual({ password: ['Password is too common.'] })
    // None of these spent the token.
    expect((await validate(app, token)).statusCode).toBe(200)
  })

  it('limits reset requests per email address (known or not) with 429 and Retry-After, and lifts the limit', async () => {
    const { app, advance } = await appWithClock(dialect)
    await createUser(app, { email: 'known@example.com' })
    for (const email of ['known@example.com', 'unknown@example.com']) {
      for (let i = 0; i < 3; i++) expect((await requestReset(app, email)).statusCode).toBe(200)
      const limited = await requestReset(app, email)
      expect(limited.statusCode).toBe(429)
      expect(limited.headers['retry-after']).toBe('900')
    }
    expect(await findOutboxMessages(app.db)).toHaveLength(3)
    advance(15 * MINUTE_MS)
    expect((await requestReset(app, 'known@example.com')).statusCode).toBe(200)
  })
})

/** The same token with its last character changed. */
function tamper(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
}
