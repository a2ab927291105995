import { resetTokenFromSearch } from '@signalway/shared/auth'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'
import { up as deleteShortRecoveryCodes } from '../../../src/db/migrations/0022-long-recovery-codes.ts'
import { insertChallenge } from '../../../src/modules/auth/second-factor-repository.ts'
import { hashToken } from '../../../src/modules/auth/tokens.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import {
  bearer,
  createAdmin,
  createUser,
  enrolTotp,
  type TestUser,
  tokenFor,
  totpCode,
} from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { softAuthenticator } from '../../helpers/webauthn.ts'

/*
 * The second factor holds: no path around it (a password reset, a stolen access token), no guessing it (wrong
 * codes count towards the lock-outs, five tries a challenge even when guessed at once) and recovery codes that
 * cannot be found from what the database keeps.
 */

const TOKEN = '/api/v1/core/auth/token'
const ATTACKER = '203.0.113.66'
const OWNER = '198.51.100.5'
const EXPIRED = 'The sign-in has expired. Please enter your password again.'
const CODE_WRONG = 'The code is not right, or has been used already.'

async function setUp(dialect: Dialect) {
  const clock = { now: new Date('2026-11-25T01:00:00.000Z') }
  const built = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  /** The next 30 seconds: a code of the app's is accepted once, and enrolling used the current one. */
  const nextCode = () => {
    clock.now = new Date(clock.now.getTime() + 30_000)
  }
  return { ...built, clock, nextCode }
}

function passwordGrant(app: FastifyInstance, user: TestUser, remoteAddress = ATTACKER, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: TOKEN,
    remoteAddress,
    headers: cookie ? { cookie } : {},
    payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
  })
}

function codeGrant(
  app: FastifyInstance,
  challenge: string,
  otp: string,
  remoteAddress = ATTACKER,
  cookie?: string,
) {
  return app.inject({
    method: 'POST',
    url: TOKEN,
    remoteAddress,
    headers: cookie ? { cookie } : {},
    payload: { ClientId: 'web', GrantType: 'mfa_otp', mfa_token: challenge, otp },
  })
}

async function challengeOf(app: FastifyInstance, user: TestUser, remoteAddress = ATTACKER, cookie?: string) {
  const response = await passwordGrant(app, user, remoteAddress, cookie)
  expect(response.statusCode, response.body).toBe(403)
  return (response.json() as { mfa_token: string }).mfa_token
}

/** A six-digit code that is not the one the app shows now. */
const wrongCode = (right: string, n = 0) => String((Number(right) + 1 + n) % 1_000_000).padStart(6, '0')

function deviceCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((item) => item.name === 'sw_device')
  expect(cookie).toBeDefined()
  return `sw_device=${cookie?.value}`
}

/** Asks for a reset link and reads its token from the outbox, as the web page reads the link. */
async function resetToken(app: FastifyInstance, email: string): Promise<string> {
  await app.inject({
    method: 'PATCH',
    url: `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
    remoteAddress: OWNER,
  })
  const text = (await findOutboxMessages(app.db)).at(-1)?.text_body ?? ''
  const link = /https?:\/\/\S+\/reset-password\/\?t=\S+/u.exec(text)?.[0]
  expect(link, text).toBeDefined()
  return resetTokenFromSearch(new URL(link as string).search)
}

function reset(app: FastifyInstance, token: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/password/reset',
    remoteAddress: OWNER,
    payload: { password, confirmPassword: password, resetToken: token },
  })
}

describe.each(DIALECTS)('the second factor holds on %s', (dialect) => {
  describe('a password reset', () => {
    it('of an administrator with an authenticator app sets the password and goes on to the code, never to tokens', async () => {
      const { app, nextCode } = await setUp(dialect)
      const admin = await createAdmin(app, {}, { secondFactor: false })
      const { secret } = await enrolTotp(app, admin)
      nextCode()
      const answer = await reset(app, await resetToken(app, admin.email), 'Fresh-cones-42')
      expect(answer.statusCode).toBe(403)
      const body = answer.json() as Record<string, unknown>
      expect(body).toMatchObject({
        error: 'mfa_required',
        Message: 'A second factor is needed to sign in.',
        factors: ['totp'],
      })
      expect(body).not.toHaveProperty('access_token')
      expect(body).not.toHaveProperty('refresh_token')
      expect(answer.headers['cache-control']).toBe('no-store')
      // Nothing signed in: the account has no session.
      expect(await app.tokens.listSessions(admin.id)).toEqual([])

      // The new password is set; the code completes the sign-in the reset started.
      const signedIn = await codeGrant(app, body.mfa_token as string, totpCode(app, secret), OWNER)
      expect(signedIn.statusCode).toBe(200)
      expect(signedIn.json()).toMatchObject({ access_token: expect.any(String) })
      const again = await passwordGrant(app, { ...admin, password: 'Fresh-cones-42' })
      expect(again.json()).toMatchObject({ error: 'mfa_required' })
    })

    it('of an account with a passkey only goes on to the passkey step', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const authenticator = softAuthenticator(app.accessTokens.issuer)
      await app.passkeys.register(
        user,
        'Phone',
        authenticator.register(await app.passkeys.registrationOptions(user)) as never,
      )
      const answer = await reset(app, await resetToken(app, user.email), 'Fresh-cones-42')
      expect(answer.statusCode).toBe(403)
      expect(answer.json()).toMatchObject({ error: 'mfa_required', factors: ['passkey'] })
    })

    it('does not lift a lock-out that wrong codes caused', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      const challenge = await challengeOf(app, user)
      for (let n = 0; n < 5; n++) await codeGrant(app, challenge, wrongCode(totpCode(app, secret), n))
      const answer = await reset(app, await resetToken(app, user.email), 'Fresh-cones-42')
      expect(answer.statusCode).toBe(403)
      const next = await codeGrant(app, answer.json().mfa_token, totpCode(app, secret), OWNER)
      expect(next.statusCode).toBe(429)
    })
  })

  describe('wrong codes', () => {
    it('count towards the account lock-out like wrong passwords, with the same answer; then even the right code is refused', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      const challenge = await challengeOf(app, user)
      for (let n = 0; n < 5; n++) {
        const wrong = await codeGrant(app, challenge, wrongCode(totpCode(app, secret), n))
        expect(wrong.statusCode).toBe(400)
        expect(wrong.json()).toMatchObject({ error: 'invalid_grant', Message: CODE_WRONG })
      }
      // The spent challenge says the account is locked, not that the sign-in expired; so does the password.
      const right = await codeGrant(app, challenge, totpCode(app, secret))
      expect(right.statusCode).toBe(429)
      const password = await passwordGrant(app, user)
      expect(password.statusCode).toBe(429)

      // The same answer as a lock-out by wrong passwords.
      const other = await createUser(app)
      for (let n = 0; n < 5; n++) await passwordGrant(app, { ...other, password: `guess-${n}-x` })
      const lockedByPasswords = await passwordGrant(app, other)
      expect(lockedByPasswords.statusCode).toBe(429)
      const { requestId: _a, ...byCodes } = right.json()
      const { requestId: _b, ...byPasswords } = lockedByPasswords.json()
      expect(byCodes).toEqual(byPasswords)
      expect(right.headers['retry-after']).toBeDefined()
    })

    it('a new password step ends the one before: one challenge, five tries, at a time', async () => {
      const { app, nextCode } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      nextCode()
      const older = await challengeOf(app, user)
      const newer = await challengeOf(app, user)
      const stale = await codeGrant(app, older, totpCode(app, secret))
      expect(stale.json()).toMatchObject({ Message: EXPIRED })
      expect((await codeGrant(app, newer, totpCode(app, secret))).statusCode).toBe(200)
    })

    it('sent at the same moment on several challenges, are judged five at most before the lock-out', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      // Challenges collected before any answer (as right passwords sent at once could leave them).
      const challenges = await Promise.all(
        ['a', 'b', 'c', 'd'].map(async (tag) => {
          const token = `collected-challenge-${tag}-${user.id}`
          const now = app.clock()
          await insertChallenge(app.db, {
            hash: hashToken(token),
            userId: user.id,
            clientId: 'web',
            createdAt: now,
            expiresAt: new Date(now.getTime() + 5 * 60_000),
          })
          return token
        }),
      )
      const right = totpCode(app, secret)
      const answers = await Promise.all(
        challenges.flatMap((challenge, c) =>
          Array.from({ length: 5 }, (_, n) => codeGrant(app, challenge, wrongCode(right, c * 5 + n))),
        ),
      )
      const judged = answers.filter((answer) => answer.json().Message === CODE_WRONG)
      expect(judged.length).toBeLessThanOrEqual(5)
      expect(answers.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(15)
    })

    it('add up with wrong passwords: the right password does not buy fresh tries', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      for (let n = 0; n < 3; n++) await passwordGrant(app, { ...user, password: `guess-${n}-x` })
      const challenge = await challengeOf(app, user)
      expect((await codeGrant(app, challenge, wrongCode(totpCode(app, secret)))).statusCode).toBe(400)
      const again = await challengeOf(app, user)
      expect((await codeGrant(app, again, wrongCode(totpCode(app, secret), 1))).statusCode).toBe(400)
      expect((await passwordGrant(app, user)).statusCode).toBe(429)
    })

    it("count against the device's own budget in a browser that signed in before, so guessing elsewhere does not lock the owner out", async () => {
      const { app, nextCode } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      nextCode()
      const first = await codeGrant(app, await challengeOf(app, user, OWNER), totpCode(app, secret), OWNER)
      const device = deviceCookieOf(first)

      const stolen = await challengeOf(app, user, ATTACKER)
      for (let n = 0; n < 5; n++) await codeGrant(app, stolen, wrongCode(totpCode(app, secret), n))
      expect((await passwordGrant(app, user, ATTACKER)).statusCode).toBe(429)

      nextCode()
      const owner = await codeGrant(
        app,
        await challengeOf(app, user, OWNER, device),
        totpCode(app, secret),
        OWNER,
        device,
      )
      expect(owner.statusCode).toBe(200)
    })

    it("count towards the address's lock-out across accounts", async () => {
      const { app } = await setUp(dialect)
      for (let account = 0; account < 6; account++) {
        const user = await createUser(app)
        const { secret } = await enrolTotp(app, user)
        const challenge = await challengeOf(app, user)
        for (let n = 0; n < 5; n++) await codeGrant(app, challenge, wrongCode(totpCode(app, secret), n))
      }
      const fresh = await createUser(app)
      await enrolTotp(app, fresh)
      expect((await passwordGrant(app, fresh, ATTACKER)).statusCode).toBe(429)
      expect((await passwordGrant(app, fresh, OWNER)).statusCode).toBe(403)
    })

    it('guessed all at once take five attempts of a challenge at most', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { secret } = await enrolTotp(app, user)
      const challenge = await challengeOf(app, user)
      const right = totpCode(app, secret)
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) => codeGrant(app, challenge, wrongCode(right, n))),
      )
      const judged = answers.filter((answer) => answer.json().Message === CODE_WRONG)
      expect(judged.length).toBeLessThanOrEqual(5)
      // The rest found the challenge spent, or the account locked by the first five.
      for (const answer of answers)
        expect([CODE_WRONG, EXPIRED, 'Too many requests, please try again later.']).toContain(
          answer.json().Message,
        )
      const row = await app.db.selectFrom('mfa_challenges').select('attempts').executeTakeFirstOrThrow()
      expect(Number(row.attempts)).toBeLessThanOrEqual(5)
    })
  })

  describe('a stolen access token alone', () => {
    it('cannot set up an authenticator app: that needs the current password, and a wrong one counts', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const headers = bearer(await tokenFor(app, user))
      const start = (payload?: object) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/core/auth/second-factor/totp',
          headers,
          ...(payload ? { payload } : {}),
        })
      expect((await start()).statusCode).toBe(400)
      const missing = await start({})
      expect(missing.json().ModelState).toEqual({ currentPassword: ['Current password is required.'] })
      const wrong = await start({ currentPassword: 'not-it-1234' })
      expect(wrong.json().ModelState).toEqual({ currentPassword: ['The current password is incorrect.'] })
      expect(await app.db.selectFrom('totp_factors').selectAll().execute()).toEqual([])
      for (let n = 0; n < 4; n++) await start({ currentPassword: `not-it-${n}-x` })
      expect((await start({ currentPassword: user.password })).statusCode).toBe(429)
    })

    it('cannot add a passkey: the options need the current password, and only those options add one', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const headers = bearer(await tokenFor(app, user))
      const authenticator = softAuthenticator(app.accessTokens.issuer)
      const options = (payload?: object) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/core/auth/passkeys/options',
          headers,
          ...(payload ? { payload } : {}),
        })
      expect((await options({})).statusCode).toBe(400)
      const wrong = await options({ currentPassword: 'not-it-1234' })
      expect(wrong.json().ModelState).toEqual({ currentPassword: ['The current password is incorrect.'] })
      expect(await app.db.selectFrom('webauthn_challenges').selectAll().execute()).toEqual([])
      // Options for signing in are no way round it.
      const signInOptions = await app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/passkeys/sign-in/options',
        payload: {},
      })
      const smuggled = await app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/passkeys',
        headers,
        payload: {
          name: 'Mallory',
          response: authenticator.register({ ...signInOptions.json(), user: { id: 'dXNlci0x' } }),
        },
      })
      expect(smuggled.statusCode).toBe(400)

      const made = await options({ currentPassword: user.password })
      expect(made.statusCode).toBe(200)
      const added = await app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/passkeys',
        headers,
        payload: { name: 'Phone', response: authenticator.register(made.json()) },
      })
      expect(added.statusCode).toBe(201)
    })

    it('a password change lists the passkeys that still sign in without a password', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const authenticator = softAuthenticator(app.accessTokens.issuer)
      const passkey = await app.passkeys.register(
        user,
        'Work laptop',
        authenticator.register(await app.passkeys.registrationOptions(user)) as never,
      )
      const changed = await app.inject({
        method: 'POST',
        url: '/api/v1/core/accounts/password/change',
        headers: bearer(await tokenFor(app, user)),
        payload: {
          currentPassword: user.password,
          password: 'Fresh-cones-42',
          confirmPassword: 'Fresh-cones-42',
        },
      })
      expect(changed.statusCode).toBe(200)
      expect(changed.json()).toEqual({
        revoked: 0,
        passkeys: [{ id: passkey.id, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: null }],
      })
    })
  })

  describe('recovery codes', () => {
    it('carry at least 112 bits each and are kept only as hashes', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      const { recoveryCodes } = await enrolTotp(app, user)
      expect(recoveryCodes).toHaveLength(10)
      for (const code of recoveryCodes) {
        expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}(-[a-hj-km-np-z2-9]{4}){5}$/u)
        const characters = code.replaceAll('-', '').length
        expect(characters * Math.log2(31)).toBeGreaterThanOrEqual(112)
      }
      const stored = await app.db.selectFrom('recovery_codes').select('code_hash').execute()
      const kept = stored.map((row) => row.code_hash).join(' ')
      for (const code of recoveryCodes) {
        expect(kept).not.toContain(code)
        expect(kept).not.toContain(code.replaceAll('-', ''))
      }
    })

    it('made before are deleted by the migration (short codes could be found from their hashes)', async () => {
      const { app } = await setUp(dialect)
      const user = await createUser(app)
      await enrolTotp(app, user)
      expect((await app.secondFactors.status(user.id)).recoveryCodesLeft).toBe(10)
      await deleteShortRecoveryCodes(app.db)
      expect(await app.secondFactors.status(user.id)).toEqual({
        totp: true,
        passkeys: 0,
        recoveryCodesLeft: 0,
      })
    })
  })
})
