import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createUser, type TestUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { logCollector } from '../../helpers/logs.ts'

/*
 * Sessions (ASVS 7.4, 7.5; requirements §10): logout ends the session on the server, a person sees and ends their
 * own sessions, every authenticated answer is no-store, and changing the password ends the other sessions.
 */

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'

interface Tokens {
  access_token: string
  refresh_token: string
}

async function signIn(
  app: FastifyInstance,
  user: TestUser,
  userAgent = CHROME_WINDOWS,
  remoteAddress = '203.0.113.7',
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    headers: { 'user-agent': userAgent },
    remoteAddress,
    payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
  })
  expect(response.statusCode).toBe(200)
  return response.json() as Tokens
}

const refresh = (app: FastifyInstance, token: string, remoteAddress = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    remoteAddress,
    payload: { RefreshToken: token, ClientId: 'web', GrantType: 'refresh_token' },
  })

const revoke = (app: FastifyInstance, token: string, ClientId = 'web') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/revoke',
    payload: { ClientId, token, token_type_hint: 'refresh_token' },
  })

const sessions = (app: FastifyInstance, access: string) =>
  app.inject({ method: 'GET', url: '/api/v1/core/auth/sessions', headers: bearer(access) })

const profile = (app: FastifyInstance, user: TestUser, access: string) =>
  app.inject({
    method: 'GET',
    url: `/api/v1/core/accounts/${user.id}/profile/settings`,
    headers: bearer(access),
  })

describe.each(DIALECTS)('sessions on %s', (dialect) => {
  describe('logout (POST /api/v1/core/auth/revoke)', () => {
    it('ends the whole session: its refresh token and its access token stop working at once', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const first = await signIn(app, user)
      // A rotation: the family now has a spent token and a live one; revoking the live one ends both.
      const rotated = (await refresh(app, first.refresh_token)).json() as Tokens
      const other = await signIn(app, user, SAFARI_IPHONE)

      const response = await revoke(app, rotated.refresh_token)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({})
      expect(response.headers['cache-control']).toBe('no-store')

      expect((await refresh(app, rotated.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' })
      expect((await profile(app, user, rotated.access_token)).statusCode).toBe(401)
      // Only that session: the other device stays signed in.
      expect((await profile(app, user, other.access_token)).statusCode).toBe(200)
      expect((await refresh(app, other.refresh_token)).statusCode).toBe(200)
    })

    it('answers 200 for an unknown or spent token (RFC 7009 2.2), and a spent one ends nothing', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const first = await signIn(app, user)
      const rotated = (await refresh(app, first.refresh_token)).json() as Tokens

      expect((await revoke(app, 'A'.repeat(43))).statusCode).toBe(200)
      // A copy of an old token (stolen, or a second tab) cannot sign the owner out.
      expect((await revoke(app, first.refresh_token)).statusCode).toBe(200)
      expect((await profile(app, user, rotated.access_token)).statusCode).toBe(200)
    })

    it('refuses another client (400 invalid_client) and ends nothing', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const tokens = await signIn(app, user)
      const response = await revoke(app, tokens.refresh_token, 'someone-else')
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'invalid_client' })
      expect((await profile(app, user, tokens.access_token)).statusCode).toBe(200)
    })
  })

  describe('the signed-in user’s sessions', () => {
    it('lists only their live sessions, with browser, system, address, times and "this device"', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const stranger = await createUser(app)
      const laptop = await signIn(app, user, CHROME_WINDOWS, '203.0.113.7')
      const phone = await signIn(app, user, SAFARI_IPHONE, '198.51.100.20')
      await signIn(app, stranger)
      const ended = await signIn(app, user)
      await revoke(app, ended.refresh_token)
      // The phone is used again from another address: the list shows where it was last used.
      const phoneNow = (await refresh(app, phone.refresh_token, '198.51.100.99')).json() as Tokens

      const response = await sessions(app, laptop.access_token)
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-store')
      const { items } = response.json() as { items: Record<string, unknown>[] }
      expect(items).toHaveLength(2)
      const [mostRecent, older] = items
      expect(mostRecent).toMatchObject({
        browser: 'Safari 18',
        system: 'iOS',
        ip: '198.51.100.99',
        current: false,
      })
      expect(older).toMatchObject({
        browser: 'Chrome 131',
        system: 'Windows',
        ip: '203.0.113.7',
        current: true,
      })
      for (const item of items) {
        expect(Date.parse(String(item.startedAt))).not.toBeNaN()
        expect(Date.parse(String(item.lastUsedAt))).not.toBeNaN()
      }
      // From the phone, the phone is "this device".
      const fromPhone = (await sessions(app, phoneNow.access_token)).json() as {
        items: { current: boolean }[]
      }
      expect(fromPhone.items.map((item) => item.current)).toEqual([true, false])
    })

    it('signs out one session of one’s own; another person’s session is 404 and stays alive', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const stranger = await createUser(app)
      const laptop = await signIn(app, user)
      const phone = await signIn(app, user, SAFARI_IPHONE)
      const theirs = await signIn(app, stranger)
      const list = (await sessions(app, laptop.access_token)).json() as {
        items: { id: string; current: boolean }[]
      }
      const phoneId = list.items.find((item) => !item.current)?.id ?? ''
      const theirId = ((await sessions(app, theirs.access_token)).json() as { items: { id: string }[] })
        .items[0]?.id

      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/v1/core/auth/sessions/${theirId}`,
        headers: bearer(laptop.access_token),
      })
      expect(foreign.statusCode).toBe(404)
      expect((await profile(app, stranger, theirs.access_token)).statusCode).toBe(200)

      const own = await app.inject({
        method: 'DELETE',
        url: `/api/v1/core/auth/sessions/${phoneId}`,
        headers: bearer(laptop.access_token),
      })
      expect(own.statusCode).toBe(200)
      expect((await profile(app, user, phone.access_token)).statusCode).toBe(401)
      expect((await refresh(app, phone.refresh_token)).statusCode).toBe(400)
      expect((await profile(app, user, laptop.access_token)).statusCode).toBe(200)
    })

    it('signs out everywhere else and keeps this session', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const laptop = await signIn(app, user)
      const phone = await signIn(app, user, SAFARI_IPHONE)
      const tablet = await signIn(app, user)
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/sessions/revoke-others',
        headers: bearer(laptop.access_token),
      })
      expect(response.json()).toEqual({ revoked: 2 })
      expect((await profile(app, user, phone.access_token)).statusCode).toBe(401)
      expect((await profile(app, user, tablet.access_token)).statusCode).toBe(401)
      expect((await profile(app, user, laptop.access_token)).statusCode).toBe(200)
      expect((await refresh(app, laptop.refresh_token)).statusCode).toBe(200)
    })
  })

  describe('change password (POST /api/v1/core/accounts/password/change)', () => {
    const change = (app: FastifyInstance, access: string, payload: Record<string, unknown>) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/core/accounts/password/change',
        headers: bearer(access),
        payload,
      })

    it('needs the current password, ends every other session, emails a notice; the new password signs in', async () => {
      const { lines, stream } = logCollector()
      const { app } = await buildTestApp({
        dialect,
        env: { LOG_LEVEL: 'info' },
        build: { logStream: stream },
      })
      const user = await createUser(app)
      const laptop = await signIn(app, user)
      const phone = await signIn(app, user, SAFARI_IPHONE)
      const next = 'Barrier-board-77'

      const wrong = await change(app, laptop.access_token, {
        currentPassword: 'not-it-123',
        password: next,
        confirmPassword: next,
      })
      expect(wrong.statusCode).toBe(400)
      expect(wrong.json()).toMatchObject({
        ModelState: { currentPassword: ['The current password is incorrect.'] },
      })

      const common = await change(app, laptop.access_token, {
        currentPassword: user.password,
        password: 'Password1',
        confirmPassword: 'Password1',
      })
      expect(common.json()).toMatchObject({ ModelState: { password: ['Password is too common.'] } })

      const response = await change(app, laptop.access_token, {
        currentPassword: user.password,
        password: next,
        confirmPassword: next,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ revoked: 1, passkeys: [] })
      expect((await profile(app, user, phone.access_token)).statusCode).toBe(401)
      expect((await profile(app, user, laptop.access_token)).statusCode).toBe(200)

      const mail = (await findOutboxMessages(app.db)).filter((message) => message.to_address === user.email)
      expect(mail.map((message) => message.subject)).toEqual([
        'Your Signalway Traffic Hire password has been changed',
      ])

      const old = await app.inject({
        method: 'POST',
        url: '/api/v1/core/auth/token',
        payload: { UserName: user.email, Password: user.password, ClientId: 'web', GrantType: 'password' },
      })
      expect(old.statusCode).toBe(400)
      expect((await signIn(app, { ...user, password: next })).access_token).toBeTruthy()

      // The events are logged with the account id and the request id, never a password.
      const events = lines.filter((line) => typeof line.authEvent === 'string')
      expect(events.map((line) => line.authEvent)).toEqual(
        expect.arrayContaining(['sign-in', 'password-change-failed', 'password-changed', 'sign-in-failed']),
      )
      for (const line of events) expect(line.requestId).toEqual(expect.any(String))
      expect(events.find((line) => line.authEvent === 'password-changed')).toMatchObject({
        userId: String(user.id),
      })
      const everything = JSON.stringify(lines)
      for (const secret of [user.password, next, 'not-it-123', laptop.refresh_token]) {
        expect(everything).not.toContain(secret)
      }
    })

    it('counts wrong current passwords towards the account lock-out', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const tokens = await signIn(app, user)
      const statuses: number[] = []
      for (let attempt = 0; attempt < 6; attempt++) {
        const response = await change(app, tokens.access_token, {
          currentPassword: `wrong-${attempt}-x`,
          password: 'Barrier-board-77',
          confirmPassword: 'Barrier-board-77',
        })
        statuses.push(response.statusCode)
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
      expect(statuses[5]).toBe(429)
    })
  })
})
