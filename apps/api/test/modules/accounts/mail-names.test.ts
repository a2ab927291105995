import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { creditDecisionMail } from '../../../src/modules/credit/mail.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { markEmailConfirmed } from '../../../src/modules/users/repository.ts'
import { bearer, createAdmin, createUser, enrolTotp, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

/*
 * Mail to an address nobody has shown is theirs carries nothing the sender typed: an account's name goes only to
 * its confirmed address (else anyone could register a stranger's address under a "name" of their choosing and
 * have the business mail it to them), and never to an address being changed to.
 */

const NAME = 'Zebedee'

async function newestTo(app: FastifyInstance, address: string): Promise<string> {
  const mail = (await findOutboxMessages(app.db)).filter((row) => row.to_address === address)
  const text = mail.at(-1)?.text_body
  expect(text, `an email to ${address}`).toBeDefined()
  return text ?? ''
}

const changeEmail = async (app: FastifyInstance, user: TestUser, email: string) =>
  app.inject({
    method: 'PUT',
    url: '/api/v1/core/accounts/update/own-profile',
    headers: bearer(await tokenFor(app, user)),
    payload: {
      firstName: user.first_name,
      lastName: user.last_name,
      email,
      mobile: '0412345678',
      memberType: 1,
      currentPassword: user.password,
    },
  })

const requestReset = (app: FastifyInstance, user: TestUser) =>
  app.inject({
    method: 'PATCH',
    url: `/api/v1/core/accounts/${encodeURIComponent(user.email)}/password/reset/request`,
  })

describe.each(DIALECTS)('names in mail on %s', (dialect) => {
  it('greets by name only at a confirmed address', async () => {
    const { app } = await buildTestApp({ dialect })
    const unconfirmed = await createUser(app, { firstName: NAME })
    const confirmed = await createUser(app, { firstName: NAME })
    await markEmailConfirmed(app.db, confirmed.id, app.clock())

    await requestReset(app, unconfirmed)
    await requestReset(app, confirmed)
    const toUnconfirmed = await newestTo(app, unconfirmed.email)
    expect(toUnconfirmed).toMatch(/^Hello,\n/u)
    expect(toUnconfirmed).not.toContain(NAME)
    expect(await newestTo(app, confirmed.email)).toMatch(new RegExp(`^Hello ${NAME},\\n`, 'u'))
  })

  it('sends no name to a new address before it is confirmed, nor in the link My Account sends', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { firstName: NAME })
    await markEmailConfirmed(app.db, user.id, app.clock())
    const headers = bearer(await tokenFor(app, user))
    const newEmail = `new-${user.email}`
    const changed = await app.inject({
      method: 'PUT',
      url: '/api/v1/core/accounts/update/own-profile',
      headers,
      payload: {
        firstName: NAME,
        lastName: 'Nguyen',
        email: newEmail,
        mobile: '0412345678',
        memberType: 1,
        currentPassword: user.password,
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    const toNew = await newestTo(app, newEmail)
    expect(toNew).toMatch(/^Hello,\n/u)
    expect(toNew).not.toContain(NAME)
    // The confirmed old address is told, by name.
    expect(await newestTo(app, user.email)).toContain(`Hello ${NAME},`)

    const other = await createUser(app, { firstName: NAME })
    const confirmLink = await app.inject({
      method: 'POST',
      url: '/api/my-account/confirm-email',
      headers: bearer(await tokenFor(app, other)),
    })
    expect(confirmLink.statusCode, confirmLink.body).toBe(202)
    const toOther = await newestTo(app, other.email)
    expect(toOther).toMatch(/^Hello,\n/u)
    expect(toOther).not.toContain(NAME)
  })

  it('tells an unconfirmed old address of a change without the new address typed', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { firstName: NAME })
    const newEmail = `call-0400-refund-${user.id}@example.com`
    const changed = await changeEmail(app, user, newEmail)
    expect(changed.statusCode, changed.body).toBe(200)
    const notice = await newestTo(app, user.email)
    expect(notice).toContain('asked to change its email address.')
    expect(notice).not.toContain(newEmail)
  })

  it('sends one new address at most five confirmation links a day, then says so', async () => {
    const { app } = await buildTestApp({ dialect })
    const target = 'someone-else@example.com'
    for (let n = 0; n < 5; n++) {
      const user = await createUser(app)
      expect((await changeEmail(app, user, target)).statusCode).toBe(200)
    }
    const sixth = await changeEmail(app, await createUser(app), target)
    expect(sixth.statusCode).toBe(429)
    expect(sixth.json().Message).toBe(
      'We have sent as many emails to this address today as we send in a day. Please try again tomorrow.',
    )
    expect(sixth.headers['retry-after']).toBeDefined()
    const links = (await findOutboxMessages(app.db)).filter((row) => row.to_address === target)
    expect(links).toHaveLength(5)

    // My Account's link to an account's own unconfirmed address has the same limit.
    const member = await createUser(app)
    const headers = bearer(await tokenFor(app, member))
    const ask = () => app.inject({ method: 'POST', url: '/api/my-account/confirm-email', headers })
    for (let n = 0; n < 5; n++) expect((await ask()).statusCode).toBe(202)
    expect((await ask()).statusCode).toBe(429)
  })

  it("tells an unconfirmed address of a second factor's reset without its name", async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { firstName: NAME })
    await enrolTotp(app, user)
    const admin = await createAdmin(app)
    const reset = await app.inject({
      method: 'POST',
      url: `/api/v1/users/${user.id}/second-factor/reset`,
      headers: bearer(await tokenFor(app, admin)),
    })
    expect(reset.statusCode, reset.body).toBe(204)
    const text = await newestTo(app, user.email)
    expect(text).toMatch(/^Hello,\n/u)
    expect(text).not.toContain(NAME)
  })
})

describe("a credit decision's email", () => {
  it('names the application by its reference only', () => {
    for (const status of ['approved', 'declined', 'more_information_needed'] as const) {
      const mail = creditDecisionMail(status, {
        reference: 'CA-2026-00042',
        creditLimit: 5000,
        paymentTermsDays: 30,
        question: 'What is your trading history?',
      })
      expect(mail?.text).toMatch(/^Hello,\n/u)
      expect(mail?.text).toContain('CA-2026-00042')
    }
  })
})
