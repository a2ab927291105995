import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { WELCOME_MAILS } from '../../../src/modules/accounts/service.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { findUserByEmail } from '../../../src/modules/users/repository.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'

/*
 * Registration sends a welcome email with the link that confirms the address (ADR 032's rules: to the address
 * just registered, within a daily limit per mailbox, with nothing the registrant typed in it).
 */

const SUBJECT = 'Welcome to Signalway Traffic Hire'
const FIRST = 'Zebedee'
const LAST = 'Quartermaine'
const MOBILE = '0498 765 432'

let address = 0
const register = (app: FastifyInstance, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts',
    // Each from its own network address: the per-address registration limit is another test's.
    remoteAddress: `10.9.0.${++address % 250}`,
    payload: {
      firstName: FIRST,
      lastName: LAST,
      email,
      mobile: MOBILE,
      password: 'Cone-stack-2026',
      confirmPassword: 'Cone-stack-2026',
      acceptedTheTerms: true,
      memberType: '1',
    },
  })

/** Opens the confirmation link in a browser signed in with `accessToken` (the link's own account, ADR 040). */
const confirm = (app: FastifyInstance, accessToken: string, token: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/email/confirm',
    payload: { token },
    headers: { authorization: `Bearer ${accessToken}` },
  })

const welcomes = async (app: FastifyInstance) =>
  (await findOutboxMessages(app.db)).filter((message) => message.subject === SUBJECT)

const linkToken = (text: string | null) => /\/confirm-email\/\?t=([A-Za-z0-9_-]+)/u.exec(text ?? '')?.[1]

async function setUp(dialect: Dialect, clock = { now: new Date('2026-12-01T00:00:00Z') }) {
  const { app } = await buildTestApp({ dialect, build: { clock: () => clock.now } })
  return { app, clock }
}

describe.each(DIALECTS)('the welcome email on %s', (dialect) => {
  it('goes to the address just registered, with the confirmation link and nothing the registrant typed', async () => {
    const { app } = await setUp(dialect)
    const response = await register(app, 'Riley.Cooper@Example.com')
    // Signed in at once, as before.
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().access_token).toEqual(expect.any(String))

    const [mail, ...others] = await welcomes(app)
    expect(others).toEqual([])
    expect(mail?.to_address).toBe('Riley.Cooper@Example.com')
    const text = mail?.text_body ?? ''
    expect(text.startsWith('Hello,\n')).toBe(true)
    for (const typed of [FIRST, LAST, MOBILE, MOBILE.replaceAll(' ', '')]) expect(text).not.toContain(typed)
    expect(text).toContain('http://localhost:3000/login/')
    const token = linkToken(text)
    expect(token).toBeDefined()

    // The link confirms the account's own address: nothing changed, said so.
    expect((await findUserByEmail(app.db, 'riley.cooper@example.com'))?.email_confirmed_at).toBeNull()
    const signedIn = response.json().access_token as string
    const confirmed = await confirm(app, signedIn, token ?? '')
    expect(confirmed.json()).toEqual({ email: 'Riley.Cooper@Example.com', changed: false })
    expect((await findUserByEmail(app.db, 'riley.cooper@example.com'))?.email_confirmed_at).not.toBeNull()
    // Once only.
    expect((await confirm(app, signedIn, token ?? '')).statusCode).toBe(400)
    // No "your address has changed" notice follows.
    expect((await findOutboxMessages(app.db)).map((message) => message.subject)).toEqual([SUBJECT])
  })

  it('respects a daily limit per mailbox: variants of one address register, the welcomes past it are skipped', async () => {
    const { app, clock } = await setUp(dialect)
    const variants = [
      'victim@gmail.com',
      'vic.tim@gmail.com',
      'victim+1@gmail.com',
      'Victim+2@googlemail.com',
    ]
    for (const email of variants) expect((await register(app, email)).statusCode).toBe(200)
    const sent = await welcomes(app)
    expect(sent).toHaveLength(WELCOME_MAILS.perDay)
    expect(sent.map((message) => message.to_address)).toEqual(variants.slice(0, WELCOME_MAILS.perDay))

    // A day later the mailbox has its budget again.
    clock.now = new Date(clock.now.getTime() + 24 * 60 * 60 * 1000 + 1000)
    expect((await register(app, 'victim+3@gmail.com')).statusCode).toBe(200)
    expect((await welcomes(app)).map((message) => message.to_address).at(-1)).toBe('victim+3@gmail.com')
  })

  it("gives each account its own link: one registration's link confirms nobody else", async () => {
    const { app } = await setUp(dialect)
    const signedIn = (await register(app, 'first@example.com')).json().access_token as string
    await register(app, 'second@example.com')
    const [first] = await welcomes(app)
    const confirmed = await confirm(app, signedIn, linkToken(first?.text_body ?? null) ?? '')
    expect(confirmed.json()).toEqual({ email: 'first@example.com', changed: false })
    expect((await findUserByEmail(app.db, 'second@example.com'))?.email_confirmed_at).toBeNull()
  })
})
