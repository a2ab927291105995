import { INVITATION_MESSAGES } from '@signalway/shared/invitations'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { hashToken } from '../../../src/modules/auth/tokens.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { findUserByEmail } from '../../../src/modules/users/repository.ts'
import { bearer, createUser, signIn, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { linkTokenIn } from '../../helpers/email-change.ts'
import { archiveUrl, signedInAdmin, UPDATE_URL } from './helpers.ts'

/*
 * Invitations to set one's own password (ADR 035): created by an administrator with the user, emailed to the
 * address with nothing staff typed, a random token stored only as its hash, single use, 72 hours, at most three a
 * day to one mailbox; the link sets a password by the registration's rules and confirms the address. Both ends
 * are in the audit log.
 */

const INVITE_URL = '/api/v1/core/accounts/admin/invite'
const CHECK_URL = '/api/v1/core/accounts/invitation/check'
const ACCEPT_URL = '/api/v1/core/accounts/invitation/accept'
const PATH = '/accept-invitation/'
const HOUR = 60 * 60 * 1000
const SITE_URL = 'https://hire.example.com'

const PERSON = {
  firstName: 'Quinlan',
  lastName: 'Marchetti',
  email: 'quinlan.marchetti@example.com',
  mobile: '0412 345 678',
  memberType: '2',
}

async function setUp(dialect: Dialect) {
  const clock = { now: new Date('2026-11-26T00:00:00.000Z') }
  const { app } = await buildTestApp({ dialect, env: { SITE_URL }, build: { clock: () => clock.now } })
  const session = await signedInAdmin(app)
  return { app, ...session, advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) }
}

function invite(app: FastifyInstance, headers: { authorization: string }, payload: object = PERSON) {
  return app.inject({ method: 'POST', url: INVITE_URL, headers, payload })
}

function accept(app: FastifyInstance, token: string, password = 'Signals-2026', confirmPassword = password) {
  return app.inject({ method: 'POST', url: ACCEPT_URL, payload: { token, password, confirmPassword } })
}

function check(app: FastifyInstance, token: string) {
  return app.inject({ method: 'POST', url: CHECK_URL, payload: { token } })
}

describe.each(DIALECTS)('invitations on %s', (dialect) => {
  it('creates the user and emails a single-use link with no name and nothing staff typed', async () => {
    const { app, admin, headers } = await setUp(dialect)
    const response = await invite(app, headers)
    expect(response.statusCode).toBe(201)
    expect(response.json()).toMatchObject({ email: PERSON.email, userType: 2, firstName: 'Quinlan' })

    const user = await findUserByEmail(app.db, PERSON.email)
    expect(user?.email_confirmed_at).toBeNull()
    const [mail, ...others] = (await findOutboxMessages(app.db)).filter(
      (row) => row.to_address === PERSON.email,
    )
    expect(others).toEqual([])
    expect(mail?.subject).toBe('Set the password of your Signalway Traffic Hire account')
    expect(mail?.text_body).toMatch(/^Hello,\n/)
    expect(mail?.text_body).toContain('within 72 hours')
    for (const typed of [PERSON.firstName, PERSON.lastName, admin.first_name, admin.last_name, '0412'])
      expect(mail?.text_body).not.toContain(typed)

    // 256 random bits, and only their hash is kept.
    const token = await linkTokenIn(app, PERSON.email, PATH)
    expect(token).toMatch(/^[\w-]{43}$/)
    const rows = await app.db.selectFrom('user_invitations').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]?.token_hash).toBe(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)

    // Nobody can sign in before the person has set their password.
    const grant = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/token',
      payload: { UserName: PERSON.email, Password: '', ClientId: 'web', GrantType: 'password' },
    })
    expect(grant.statusCode).toBe(400)

    const [entry] = await findAuditEntries(app.db, 'user', String(user?.id))
    expect(entry).toMatchObject({ action: 'user.invite', actor_id: admin.id })
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      email: PERSON.email,
      emailConfirmed: false,
      invitationExpiresAt: '2026-11-29T00:00:00.000Z',
    })
    expect(entry?.after).not.toContain(token)
  })

  it('lets the person set a password by the registration rules, confirms the address, and works once', async () => {
    const { app, headers } = await setUp(dialect)
    await invite(app, headers)
    const token = await linkTokenIn(app, PERSON.email, PATH)

    expect((await check(app, token)).json()).toEqual({ email: PERSON.email })
    const short = await accept(app, token, 'abc1')
    expect(short.statusCode).toBe(400)
    expect(short.json().ModelState.password).toContain('Password must have at least 8 characters.')
    const noDigit = await accept(app, token, 'Signals-only')
    expect(noDigit.json().ModelState.password).toContain('Must have a number.')
    const mismatch = await accept(app, token, 'Signals-2026', 'Signals-2027')
    expect(mismatch.json().ModelState.confirmPassword).toEqual(['Passwords must match.'])

    const done = await accept(app, token)
    expect(done.statusCode).toBe(200)
    expect(done.json()).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String) })
    const user = await findUserByEmail(app.db, PERSON.email)
    expect(user?.email_confirmed_at).not.toBeNull()
    await expect(signIn(app, PERSON.email, 'Signals-2026')).resolves.toEqual(expect.any(String))

    // Used: says so, and sets nothing.
    const again = await accept(app, token, 'Hijack-2026')
    expect(again.statusCode).toBe(400)
    expect(again.json().Message).toBe(INVITATION_MESSAGES.used)
    expect((await check(app, token)).json().Message).toBe(INVITATION_MESSAGES.used)
    await expect(signIn(app, PERSON.email, 'Hijack-2026')).rejects.toThrow()

    const entries = await findAuditEntries(app.db, 'user', String(user?.id))
    expect(entries.map((entry) => entry.action)).toEqual(['user.invite', 'user.invitation-accept'])
    expect(entries[1]).toMatchObject({ actor_id: user?.id, actor_email: PERSON.email })
    expect(JSON.parse(entries[1]?.before ?? '{}')).toMatchObject({
      emailConfirmed: false,
      passwordSet: false,
    })
    expect(JSON.parse(entries[1]?.after ?? '{}')).toMatchObject({ emailConfirmed: true, passwordSet: true })
    expect(`${entries[1]?.before}${entries[1]?.after}`).not.toMatch(/Signals-2026|hash|argon/i)
  })

  it('expires after 72 hours and says so; an unknown token is not valid', async () => {
    const { app, headers, advance } = await setUp(dialect)
    await invite(app, headers)
    const token = await linkTokenIn(app, PERSON.email, PATH)
    advance(72 * HOUR - 1000)
    expect((await check(app, token)).statusCode).toBe(200)
    advance(1000)
    const expired = await accept(app, token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().Message).toBe(INVITATION_MESSAGES.expired)
    expect((await check(app, token)).json().Message).toBe(INVITATION_MESSAGES.expired)
    expect((await check(app, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).json().Message).toBe(
      INVITATION_MESSAGES.invalid,
    )
    expect((await findUserByEmail(app.db, PERSON.email))?.email_confirmed_at).toBeNull()
  })

  it('ends the link when staff change the address, when a reset sets the password, and when the user is deleted', async () => {
    const { app, headers } = await setUp(dialect)
    const first = (await invite(app, headers)).json() as { id: string }
    const moved = await linkTokenIn(app, PERSON.email, PATH)
    const update = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: { ...PERSON, id: first.id, email: 'quinlan.new@example.com' },
    })
    expect(update.statusCode).toBe(200)
    expect((await accept(app, moved)).json().Message).toBe(INVITATION_MESSAGES.ended)

    await invite(app, headers, { ...PERSON, email: 'reset.person@example.com' })
    const reset = await linkTokenIn(app, 'reset.person@example.com', PATH)
    await app.inject({
      method: 'PATCH',
      url: '/api/v1/core/accounts/reset.person@example.com/password/reset/request',
    })
    const resetToken = await linkTokenIn(app, 'reset.person@example.com', '/reset-password/')
    const done = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/password/reset',
      payload: { password: 'Reset-2026', confirmPassword: 'Reset-2026', resetToken },
    })
    expect(done.statusCode).toBe(200)
    expect((await accept(app, reset)).json().Message).toBe(INVITATION_MESSAGES.ended)

    const third = (await invite(app, headers, { ...PERSON, email: 'gone@example.com' })).json() as {
      id: string
    }
    const gone = await linkTokenIn(app, 'gone@example.com', PATH)
    expect((await app.inject({ method: 'PATCH', url: archiveUrl(third.id), headers })).statusCode).toBe(204)
    expect((await accept(app, gone)).json().Message).toBe(INVITATION_MESSAGES.invalid)
  })

  it('sends one mailbox at most three invitations a day, however its address is written', async () => {
    const { app, admin, headers, advance } = await setUp(dialect)
    const variants = ['jo.citizen@gmail.com', 'JoCitizen+a@gmail.com', 'j.o.citizen+b@googlemail.com']
    for (const email of variants)
      expect((await invite(app, headers, { ...PERSON, email })).statusCode).toBe(201)
    const refused = await invite(app, headers, { ...PERSON, email: 'jocitizen+c@gmail.com' })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().Message).toBe(INVITATION_MESSAGES.limit)
    // Refused as a whole: no user, no email.
    expect(await findUserByEmail(app.db, 'jocitizen+c@gmail.com')).toBeUndefined()
    expect(
      (await findOutboxMessages(app.db)).filter((row) => row.subject.startsWith('Set the password')),
    ).toHaveLength(3)
    // Another mailbox is not held back, and a day later this one may be invited again.
    expect((await invite(app, headers, { ...PERSON, email: 'other@example.com' })).statusCode).toBe(201)
    advance(24 * HOUR)
    const later = bearer(await tokenFor(app, admin))
    expect((await invite(app, later, { ...PERSON, email: 'jocitizen+c@gmail.com' })).statusCode).toBe(201)
  })

  it('is for administrators only, and refuses a taken address', async () => {
    const { app, headers } = await setUp(dialect)
    expect((await app.inject({ method: 'POST', url: INVITE_URL, payload: PERSON })).statusCode).toBe(401)
    for (const memberType of [1, 2] as const) {
      const user = await createUser(app, { memberType })
      const refused = await invite(app, bearer(await tokenFor(app, user)), {
        ...PERSON,
        email: `x${memberType}@example.com`,
      })
      expect(refused.statusCode).toBe(403)
    }
    const taken = await createUser(app)
    const conflict = await invite(app, headers, { ...PERSON, email: taken.email.toUpperCase() })
    expect(conflict.statusCode).toBe(409)
    const invalid = await invite(app, headers, { ...PERSON, firstName: 'Q', password: 'ignored1' })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().ModelState.firstName).toEqual(['First name must have at least 2 characters.'])
    expect(await app.db.selectFrom('user_invitations').selectAll().execute()).toEqual([])
  })
})
