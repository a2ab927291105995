import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'

const TOKEN_URL = '/api/v1/core/auth/token'
const SIGN_IN_FAILED = {
  Message: 'The user name or password is incorrect.',
  error: 'invalid_grant',
  requestId: expect.any(String),
}
const INVALID_REFRESH = {
  Message: 'Invalid refresh token.',
  error: 'invalid_grant',
  requestId: expect.any(String),
}
const DAY_MS = 24 * 60 * 60 * 1000

interface Tokens {
  access_token: string
  refresh_token: string
  expires_in: number
}

/** An app whose clock the test moves. */
async function appWithClock(dialect: Dialect, start = '2026-03-02T09:00:00.000Z') {
  const clock = { now: new Date(start) }
  const built = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms)
  }
  return { ...built, clock, advance }
}

function passwordGrant(app: FastifyInstance, UserName: string, Password: string, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: TOKEN_URL,
    payload: { UserName, Password, ClientId: 'web', GrantType: 'password' },
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function refreshGrant(app: FastifyInstance, RefreshToken: string, ClientId = 'web') {
  return app.inject({
    method: 'POST',
    url: TOKEN_URL,
    payload: { RefreshToken, ClientId, GrantType: 'refresh_token' },
  })
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
}

/** A guarded call: 200 while the access token's session is alive. */
function profileOf(app: FastifyInstance, userId: number, accessToken: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1/core/accounts/${userId}/profile/settings`,
    headers: bearer(accessToken),
  })
}

describe.each(DIALECTS)('POST /api/v1/core/auth/token on %s', (dialect) => {
  describe('grant password', () => {
    it('signs in (email case-insensitive) and answers short-lived JWT claims and an opaque refresh token', async () => {
      const { app, config } = await buildTestApp({ dialect })
      const user = await createUser(app, {
        email: 'Casey.Nguyen@Example.com',
        firstName: 'Casey',
        lastName: 'Nguyen',
        password: 'Arrow-board-42',
      })
      const response = await passwordGrant(app, '  casey.nguyen@example.COM ', 'Arrow-board-42')
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const tokens = response.json() as Tokens
      expect(Object.keys(tokens).sort()).toEqual(['access_token', 'expires_in', 'refresh_token'])
      expect(tokens.expires_in).toBe(900)
      expect(tokens.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/)

      const header = JSON.parse(Buffer.from(tokens.access_token.split('.')[0] ?? '', 'base64url').toString())
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' })
      const claims = claimsOf(tokens.access_token)
      expect(claims).toEqual({
        id: String(user.id),
        sub: 'Casey.Nguyen@Example.com',
        given_name: 'Casey',
        family_name: 'Nguyen',
        rol: '1',
        sid: expect.any(String),
        iat: expect.any(Number),
        exp: (claims.iat as number) + 900,
        iss: config.siteUrl,
        aud: 'web',
      })
      expect((await profileOf(app, user.id, tokens.access_token)).statusCode).toBe(200)

      // Only the SHA-256 of the refresh token is stored.
      const stored = await app.db.selectFrom('refresh_tokens').select('token_hash').execute()
      expect(stored).toHaveLength(1)
      expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(stored)).not.toContain(tokens.refresh_token)
    })

    it('answers a wrong password, an unknown user and an archived user with the same 400', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app, { password: 'Arrow-board-42' })
      const archived = await createUser(app, { password: 'Arrow-board-42' })
      await app.db
        .updateTable('users')
        .set({ archived_at: new Date().toISOString() })
        .where('id', '=', archived.id)
        .execute()
      const answers = [
        await passwordGrant(app, user.email, 'Arrow-board-43'),
        await passwordGrant(app, 'nobody@example.com', 'Arrow-board-42'),
        await passwordGrant(app, archived.email, 'Arrow-board-42'),
      ]
      for (const response of answers) {
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual(SIGN_IN_FAILED)
      }
    })

    it('refuses an unknown client id', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const response = await app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { UserName: user.email, Password: user.password, ClientId: 'other', GrantType: 'password' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        Message: 'Invalid client.',
        error: 'invalid_client',
        requestId: expect.any(String),
      })
    })

    it("answers bad input with the requirements' ModelState messages", async () => {
      const { app } = await buildTestApp({ dialect })
      const empty = await app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { UserName: ' ', Password: '', ClientId: 'web', GrantType: 'password' },
      })
      expect(empty.statusCode).toBe(400)
      expect(empty.json()).toEqual({
        Message: 'The request is invalid.',
        ModelState: { UserName: ['Username is required.'], Password: ['Password is required.'] },
        requestId: expect.any(String),
      })
      const noGrant = await app.inject({ method: 'POST', url: TOKEN_URL, payload: { ClientId: 'web' } })
      expect(noGrant.statusCode).toBe(400)
      expect(noGrant.json().ModelState).toEqual({ GrantType: ['Invalid grant type.'] })
      const noRefresh = await app.inject({
        method: 'POST',
        url: TOKEN_URL,
        payload: { ClientId: 'web', GrantType: 'refresh_token' },
      })
      expect(noRefresh.json().ModelState).toEqual({ RefreshToken: ['Refresh token is required.'] })
    })
  })

  describe('grant refresh_token', () => {
    it('rotates the refresh token on every use', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const first = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      const response = await refreshGrant(app, first.refresh_token)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const second = response.json() as Tokens
      expect(second.refresh_token).not.toBe(first.refresh_token)
      expect(claimsOf(second.access_token)).toMatchObject({ id: String(user.id), rol: '1' })
      expect(claimsOf(second.access_token).sid).toBe(claimsOf(first.access_token).sid)
      const third = (await refreshGrant(app, second.refresh_token)).json() as Tokens
      expect((await profileOf(app, user.id, third.access_token)).statusCode).toBe(200)
    })

    it('revokes the whole family when a spent refresh token is reused, and only that family', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const stolen = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      const otherDevice = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      // The legitimate client rotates; the thief then replays the old token.
      const rotated = (await refreshGrant(app, stolen.refresh_token)).json() as Tokens
      const replay = await refreshGrant(app, stolen.refresh_token)
      expect(replay.statusCode).toBe(400)
      expect(replay.json()).toEqual(INVALID_REFRESH)
      // Every token of the family is dead now: the rotated refresh token and its access tokens.
      expect((await refreshGrant(app, rotated.refresh_token)).json()).toEqual(INVALID_REFRESH)
      expect((await profileOf(app, user.id, rotated.access_token)).statusCode).toBe(401)
      expect((await profileOf(app, user.id, stolen.access_token)).statusCode).toBe(401)
      // Another sign-in (another family) is untouched.
      expect((await profileOf(app, user.id, otherDevice.access_token)).statusCode).toBe(200)
      expect((await refreshGrant(app, otherDevice.refresh_token)).statusCode).toBe(200)
      const family = await app.db
        .selectFrom('refresh_token_families')
        .select(['revoked_reason'])
        .where('id', '=', String(claimsOf(stolen.access_token).sid))
        .executeTakeFirstOrThrow()
      expect(family.revoked_reason).toBe('reuse')
    })

    it('lets only one of two concurrent uses of a token win, and revokes the family', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const tokens = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      const answers = await Promise.all([
        refreshGrant(app, tokens.refresh_token),
        refreshGrant(app, tokens.refresh_token),
      ])
      const statuses = answers.map((answer) => answer.statusCode).sort()
      expect(statuses).toEqual([200, 400])
      const winner = answers.find((answer) => answer.statusCode === 200)?.json() as Tokens
      expect((await refreshGrant(app, winner.refresh_token)).statusCode).toBe(400)
    })

    it('refuses unknown, tampered and other-client refresh tokens with 400 Invalid refresh token.', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const tokens = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      for (const token of ['x'.repeat(43), tamper(tokens.refresh_token), tokens.access_token]) {
        const response = await refreshGrant(app, token)
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual(INVALID_REFRESH)
      }
      expect((await refreshGrant(app, tokens.refresh_token, 'other')).json()).toMatchObject({
        error: 'invalid_client',
      })
      // None of that spent the real token.
      expect((await refreshGrant(app, tokens.refresh_token)).statusCode).toBe(200)
    })

    it('expires a refresh token unused for 14 days', async () => {
      const { app, advance } = await appWithClock(dialect)
      const user = await createUser(app)
      const tokens = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      advance(14 * DAY_MS - 1000)
      const fresh = (await refreshGrant(app, tokens.refresh_token)).json() as Tokens
      advance(14 * DAY_MS)
      const response = await refreshGrant(app, fresh.refresh_token)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(INVALID_REFRESH)
    })

    it('ends a session 60 days after sign-in however often it is refreshed', async () => {
      const { app, advance } = await appWithClock(dialect)
      const user = await createUser(app)
      let tokens = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      for (let day = 10; day < 60; day += 10) {
        advance(10 * DAY_MS)
        const response = await refreshGrant(app, tokens.refresh_token)
        expect(response.statusCode, `day ${day}`).toBe(200)
        tokens = response.json() as Tokens
      }
      advance(10 * DAY_MS)
      expect((await refreshGrant(app, tokens.refresh_token)).json()).toEqual(INVALID_REFRESH)
    })

    it('refuses to refresh for an archived user', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const tokens = (await passwordGrant(app, user.email, user.password)).json() as Tokens
      await app.db
        .updateTable('users')
        .set({ archived_at: new Date().toISOString() })
        .where('id', '=', user.id)
        .execute()
      expect((await refreshGrant(app, tokens.refresh_token)).json()).toEqual(INVALID_REFRESH)
    })
  })

  describe('lock-out', () => {
    it('locks an account after 5 wrong passwords, refuses even the right one, lifts after 5 minutes, then grows', async () => {
      const { app, advance } = await appWithClock(dialect)
      const user = await createUser(app, { password: 'Arrow-board-42' })
      for (let i = 0; i < 5; i++) {
        expect((await passwordGrant(app, user.email, `wrong-${i}-1`)).statusCode).toBe(400)
      }
      const locked = await passwordGrant(app, user.email, 'Arrow-board-42')
      expect(locked.statusCode).toBe(429)
      expect(locked.headers['retry-after']).toBe('300')
      expect(locked.json()).toEqual({
        Message: 'Too many requests, please try again later.',
        requestId: expect.any(String),
      })
      // Another account from the same address is not affected.
      const other = await createUser(app)
      expect((await passwordGrant(app, other.email, other.password)).statusCode).toBe(200)

      advance(4 * 60 * 1000)
      expect((await passwordGrant(app, user.email, 'Arrow-board-42')).headers['retry-after']).toBe('60')
      advance(60 * 1000)
      expect((await passwordGrant(app, user.email, 'Arrow-board-42')).statusCode).toBe(200)

      // A success forgets the count; the next series starts again at 5 failures.
      for (let i = 0; i < 5; i++) await passwordGrant(app, user.email, `wrong-${i}-2`)
      expect((await passwordGrant(app, user.email, 'Arrow-board-42')).headers['retry-after']).toBe('300')
    })

    it('doubles the lock on each repeat without a success in between', async () => {
      const { app, advance } = await appWithClock(dialect)
      const user = await createUser(app)
      const retryAfters: string[] = []
      for (let round = 0; round < 4; round++) {
        for (let i = 0; i < 5; i++) await passwordGrant(app, user.email, `wrong-${round}-${i}`)
        const locked = await passwordGrant(app, user.email, user.password)
        expect(locked.statusCode).toBe(429)
        retryAfters.push(String(locked.headers['retry-after']))
        advance(Number(locked.headers['retry-after']) * 1000)
      }
      expect(retryAfters).toEqual(['300', '600', '1200', '2400'])
    })

    it('locks unknown accounts the same way, so that the lock-out reveals nothing', async () => {
      const { app } = await buildTestApp({ dialect })
      for (let i = 0; i < 5; i++) await passwordGrant(app, 'ghost@example.com', `wrong-${i}-1`)
      const locked = await passwordGrant(app, 'ghost@example.com', 'Whatever-1')
      expect(locked.statusCode).toBe(429)
      expect(locked.headers['retry-after']).toBe('300')
    })

    it('locks an address after 30 failed sign-ins across accounts; other addresses carry on', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      for (let i = 0; i < 30; i++) {
        expect(
          (await passwordGrant(app, `person${i}@example.com`, 'Wrong-pass-1', '203.0.113.7')).statusCode,
        ).toBe(400)
      }
      const locked = await passwordGrant(app, user.email, user.password, '203.0.113.7')
      expect(locked.statusCode).toBe(429)
      expect(locked.headers['retry-after']).toBe('900')
      expect((await passwordGrant(app, user.email, user.password, '198.51.100.4')).statusCode).toBe(200)
    })
  })
})

/** The same token with its last character changed. */
function tamper(token: string): string {
  return `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
}
