import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { markEmailConfirmed } from '../../../src/modules/users/repository.ts'
import { bearer, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { requestEmailChange } from '../../helpers/email-change.ts'

/*
 * Requirements §10 (ASVS 6.2.3, 7.5.1): a stolen access token alone can no longer take the account over by
 * changing its email. The change needs the current password and happens only when the new address opens
 * its link; the old address is told at once and can cancel; until then sign-in uses the old email.
 */

const signIn = (app: FastifyInstance, email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: { UserName: email, Password: password, ClientId: 'web', GrantType: 'password' },
  })

/** Opens the confirmation link signed in as `as` (the link's own account, ADR 040), or signed out (null). */
const confirm = async (app: FastifyInstance, as: TestUser | null, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/email/confirm',
    payload: { token },
    ...(as ? { headers: bearer(await tokenFor(app, as)) } : {}),
  })
const cancel = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/core/accounts/email/cancel', payload: { token } })

async function setUp(dialect: Dialect, clock?: { now: Date }) {
  const { app } = await buildTestApp({ dialect, ...(clock ? { build: { clock: () => clock.now } } : {}) })
  const user: TestUser = await createUser(app, { email: 'old@example.com', firstName: 'Olive' })
  return { app, user }
}

describe.each(DIALECTS)('changing the email on %s', (dialect) => {
  it('needs the current password: none, or a wrong one, changes nothing and sends nothing', async () => {
    const { app, user } = await setUp(dialect)
    const none = await requestEmailChange(app, user, 'thief@example.com', null)
    expect(none.response.statusCode).toBe(400)
    expect(none.response.json()).toMatchObject({
      ModelState: { currentPassword: ['Enter your current password to change your email address.'] },
    })
    const wrong = await requestEmailChange(app, user, 'thief@example.com', 'guess-1234')
    expect(wrong.response.json()).toMatchObject({
      ModelState: { currentPassword: ['The current password is incorrect.'] },
    })
    expect(await findOutboxMessages(app.db)).toEqual([])
    expect((await signIn(app, 'old@example.com', user.password)).statusCode).toBe(200)
  })

  it('takes effect when the new address opens its link, once; the old address is told twice', async () => {
    const { app, user } = await setUp(dialect)
    // A confirmed address is told which address the change is to (an unconfirmed one is not: mail-names.test.ts).
    await markEmailConfirmed(app.db, user.id, app.clock())
    const { response, confirm: token } = await requestEmailChange(app, user, 'new@example.com')
    expect(response.json()).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' })
    // Until then: the old email signs in, the new one does not.
    expect((await signIn(app, 'old@example.com', user.password)).statusCode).toBe(200)
    expect((await signIn(app, 'new@example.com', user.password)).statusCode).toBe(400)
    const mail = await findOutboxMessages(app.db)
    expect(mail.find((message) => message.to_address === 'new@example.com')?.subject).toBe(
      'Confirm your new Signalway Traffic Hire email address',
    )
    expect(mail.find((message) => message.to_address === 'old@example.com')?.text_body).toContain(
      'new@example.com',
    )

    const confirmed = await confirm(app, user, token ?? '')
    expect(confirmed.statusCode).toBe(200)
    // An actual change: the page says the address is now the new one.
    expect(confirmed.json()).toEqual({ email: 'new@example.com', changed: true })
    expect((await signIn(app, 'new@example.com', user.password)).statusCode).toBe(200)
    expect((await signIn(app, 'old@example.com', user.password)).statusCode).toBe(400)
    const told = (await findOutboxMessages(app.db)).filter(
      (message) => message.to_address === 'old@example.com',
    )
    expect(told.map((message) => message.subject)).toEqual([
      'A change of your Signalway Traffic Hire email address was requested',
      'Your Signalway Traffic Hire email address has been changed',
    ])

    const again = await confirm(app, user, token ?? '')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({
      Message: 'This link is not valid any more. Please change your email address again from your profile.',
    })
  })

  it('the old address cancels it: the confirmation link then does nothing', async () => {
    const { app, user } = await setUp(dialect)
    const { confirm: token, cancel: cancelToken } = await requestEmailChange(app, user, 'new@example.com')
    expect((await cancel(app, cancelToken ?? '')).statusCode).toBe(200)
    expect((await confirm(app, user, token ?? '')).statusCode).toBe(400)
    expect((await cancel(app, cancelToken ?? '')).statusCode).toBe(400)
    expect((await signIn(app, 'old@example.com', user.password)).statusCode).toBe(200)
  })

  it('a newer request replaces the older one, and a link older than 24 hours has expired', async () => {
    const clock = { now: new Date('2026-11-25T00:00:00.000Z') }
    const { app, user } = await setUp(dialect, clock)
    const first = await requestEmailChange(app, user, 'first@example.com')
    const second = await requestEmailChange(app, user, 'second@example.com')
    expect((await confirm(app, user, first.confirm ?? '')).statusCode).toBe(400)
    clock.now = new Date(clock.now.getTime() + 24 * 60 * 60 * 1000 + 1)
    expect((await confirm(app, user, second.confirm ?? '')).statusCode).toBe(400)
    expect((await signIn(app, 'old@example.com', user.password)).statusCode).toBe(200)
  })

  it('answers 409 when another account took the address before the link was opened', async () => {
    const { app, user } = await setUp(dialect)
    const { confirm: token } = await requestEmailChange(app, user, 'new@example.com')
    await createUser(app, { email: 'new@example.com' })
    expect((await confirm(app, user, token ?? '')).statusCode).toBe(409)
    const profile = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${user.id}/profile/settings`,
      headers: bearer(await tokenFor(app, user)),
    })
    expect(profile.json()).toMatchObject({ email: 'old@example.com' })
  })
})

/*
 * ADR 040: the link proves the mailbox, the session proves the account, and only both together confirm. Without
 * it, someone who asked to change their address to another person's got it confirmed the moment that person
 * opened the link out of habit.
 */
describe.each(DIALECTS)('the confirmation link needs its own account signed in, on %s', (dialect) => {
  const DENIED = 'Authorization has been denied for this request.'
  const OTHER_ACCOUNT =
    'This link belongs to another account. Please log out, log in to the account it was sent for, and open the link again.'

  it('signed out: 401, and the link still works for its account afterwards', async () => {
    const { app, user } = await setUp(dialect)
    const { confirm: token } = await requestEmailChange(app, user, 'new@example.com')
    const signedOut = await confirm(app, null, token ?? '')
    expect(signedOut.statusCode).toBe(401)
    expect(signedOut.json()).toMatchObject({ Message: DENIED })
    expect((await signIn(app, 'new@example.com', user.password)).statusCode).toBe(400)

    const owner = await confirm(app, user, token ?? '')
    expect(owner.statusCode, owner.body).toBe(200)
    expect(owner.json()).toEqual({ email: 'new@example.com', changed: true })
    expect((await signIn(app, 'new@example.com', user.password)).statusCode).toBe(200)
  })

  it('signed in to another account: 403 in words that say so, nothing changes, and the link is not spent', async () => {
    const { app, user } = await setUp(dialect)
    const other = await createUser(app, { email: 'someone-else@example.com' })
    const { confirm: token } = await requestEmailChange(app, user, 'new@example.com')
    const refused = await confirm(app, other, token ?? '')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({ Message: OTHER_ACCOUNT })
    for (const who of [user, other]) {
      const profile = await app.inject({
        method: 'GET',
        url: `/api/v1/core/accounts/${who.id}/profile/settings`,
        headers: bearer(await tokenFor(app, who)),
      })
      expect(profile.json().email).toBe(who.email)
    }
    // Only the request's own notice went out: no "your address has changed".
    expect((await findOutboxMessages(app.db)).map((message) => message.subject)).not.toContain(
      'Your Signalway Traffic Hire email address has been changed',
    )

    expect((await confirm(app, user, token ?? '')).json()).toEqual({
      email: 'new@example.com',
      changed: true,
    })
  })

  it('signed in to its own account: confirmed, once', async () => {
    const { app, user } = await setUp(dialect)
    const { confirm: token } = await requestEmailChange(app, user, 'new@example.com')
    expect((await confirm(app, user, token ?? '')).statusCode).toBe(200)
    expect((await confirm(app, user, token ?? '')).statusCode).toBe(400)
  })
})
