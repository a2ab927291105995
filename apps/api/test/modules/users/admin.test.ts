import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { findUserById, markEmailConfirmed } from '../../../src/modules/users/repository.ts'
import {
  bearer,
  createUser,
  enrolTotp,
  signIn,
  TEST_CLIENT,
  type TestUser,
  tokenFor,
} from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { linkTokenIn, requestEmailChange } from '../../helpers/email-change.ts'
import {
  ALL,
  archiveUrl,
  CREATE_URL,
  detailUrl,
  FILTER_URL,
  filter,
  idsOf,
  resetSecondFactorUrl,
  signedInAdmin,
  UPDATE_URL,
} from './helpers.ts'

const NEW_USER = {
  firstName: 'Casey',
  lastName: 'Nguyen',
  email: 'Casey.Nguyen@Example.com',
  mobile: '0412 345 678',
  memberType: '3',
  password: 'Hire-2026-Signs',
  confirmPassword: 'Hire-2026-Signs',
}

async function passwordGrant(app: FastifyInstance, UserName: string, Password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: { UserName, Password, ClientId: 'web', GrantType: 'password' },
  })
}

/** The Update User payload that keeps everything of `user` but the email. */
function withEmail(user: TestUser, email: string) {
  return {
    id: String(user.id),
    firstName: user.first_name,
    lastName: user.last_name,
    email,
    mobile: user.mobile,
    memberType: user.member_type,
  }
}

/** A string that must not appear anywhere in the audit log. */
function expectNoSecrets(serialised: string, ...secrets: string[]) {
  for (const secret of secrets) expect(serialised).not.toContain(secret)
  expect(serialised).not.toMatch(/password|hash|\$argon2/i)
}

describe.each(DIALECTS)('admin user management on %s', (dialect) => {
  it('closes every endpoint to anonymous callers (401) and to non-admins (403)', async () => {
    const { app } = await buildTestApp({ dialect })
    const target = await createUser(app)
    const company = await createUser(app, { memberType: 2 })
    const calls = [
      { method: 'POST', url: FILTER_URL, payload: ALL },
      { method: 'GET', url: detailUrl(target.id) },
      { method: 'POST', url: CREATE_URL, payload: NEW_USER },
      {
        method: 'PUT',
        url: UPDATE_URL,
        payload: { id: String(target.id), ...NEW_USER, memberType: 1 },
      },
      { method: 'PATCH', url: archiveUrl(target.id) },
    ] as const
    for (const call of calls) {
      const anonymous = await app.inject(call)
      expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401)
      for (const user of [target, company]) {
        const refused = await app.inject({ ...call, headers: bearer(await tokenFor(app, user)) })
        expect(refused.statusCode, `${call.method} ${call.url} as type ${user.member_type}`).toBe(403)
        expect(refused.json()).toMatchObject({ Message: expect.any(String) })
      }
    }
    // Nothing was changed on the way.
    expect((await findUserById(app.db, target.id))?.archived_at).toBeNull()
    expect(await findAuditEntries(app.db, 'user', String(target.id))).toEqual([])
  })

  it('GET /v1/users/{id} answers the details with userType; 404 for unknown ids', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const user = await createUser(app, {
      memberType: 2,
      registrationDate: new Date('2026-01-02T03:04:05.000Z'),
    })
    const response = await app.inject({ method: 'GET', url: detailUrl(user.id), headers })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      id: String(user.id),
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      mobile: user.mobile,
      userType: 2,
      registationDate: '2026-01-02T03:04:05.000Z',
      isActive: true,
      secondFactor: false,
    })
    for (const id of ['999999', 'abc', '0']) {
      const missing = await app.inject({ method: 'GET', url: detailUrl(id), headers })
      expect(missing.statusCode).toBe(404)
      expect(missing.json().Message).toBe('User not found.')
    }
  })

  it('creates a user who can sign in, with an audit entry free of secrets', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers } = await signedInAdmin(app)
    const response = await app.inject({ method: 'POST', url: CREATE_URL, headers, payload: NEW_USER })
    expect(response.statusCode).toBe(201)
    const created = response.json()
    expect(created).toMatchObject({
      firstName: 'Casey',
      lastName: 'Nguyen',
      email: 'Casey.Nguyen@Example.com',
      mobile: '0412345678',
      userType: 3,
      isActive: true,
    })
    expect(await signIn(app, 'casey.nguyen@example.com', NEW_USER.password)).toEqual(expect.any(String))

    const [entry, ...more] = await findAuditEntries(app.db, 'user', created.id)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ action: 'user.create', actor_id: admin.id, actor_email: admin.email })
    expect(entry?.before).toBeNull()
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      id: created.id,
      email: NEW_USER.email,
      memberType: 3,
    })
    const stored = await findUserById(app.db, Number(created.id))
    expectNoSecrets(JSON.stringify(entry), NEW_USER.password, stored?.password_hash ?? '<none>')
  })

  it('refuses an invalid create with the ModelState messages of requirements §5', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const invalid = await app.inject({
      method: 'POST',
      url: CREATE_URL,
      headers,
      payload: {
        firstName: 'C',
        lastName: '',
        email: 'not-an-email',
        mobile: '',
        memberType: '',
        password: 'short',
        confirmPassword: 'other',
      },
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().ModelState).toEqual({
      firstName: ['First name must have at least 2 characters.'],
      lastName: ['Last name is required.'],
      email: ['Invalid email address'],
      mobile: ['Mobile is required.'],
      memberType: ['Member type is required.'],
      password: ['Password must have at least 8 characters.', 'Must have a number.'],
      confirmPassword: ['Passwords must match'],
    })

    const tooLong = await app.inject({
      method: 'POST',
      url: CREATE_URL,
      headers,
      payload: { ...NEW_USER, firstName: 'x'.repeat(31), lastName: 'y', email: '' },
    })
    expect(tooLong.json().ModelState).toEqual({
      firstName: ['First name is too long.'],
      lastName: ['First name must have at least 2 characters.'],
      email: ['Email is required.'],
    })

    const common = await app.inject({
      method: 'POST',
      url: CREATE_URL,
      headers,
      payload: { ...NEW_USER, password: 'password1', confirmPassword: 'password1' },
    })
    expect(common.statusCode).toBe(400)
    expect(common.json().ModelState).toEqual({ password: ['Password is too common.'] })

    await createUser(app, { email: 'taken@example.com' })
    const taken = await app.inject({
      method: 'POST',
      url: CREATE_URL,
      headers,
      payload: { ...NEW_USER, email: 'TAKEN@example.com' },
    })
    expect(taken.statusCode).toBe(409)
    expect(taken.json().Message).toBe('An account with this email address already exists.')
  })

  it('updates a user, audits before and after, and refuses a taken email or a change of own type', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers } = await signedInAdmin(app)
    const user = await createUser(app, { firstName: 'Sam', memberType: 1 })
    await createUser(app, { email: 'other@example.com' })
    const payload = {
      id: String(user.id),
      firstName: 'Samantha',
      lastName: 'Lee',
      email: 'sam.lee@example.com',
      mobile: '0498 765 432',
      memberType: 2,
    }
    const response = await app.inject({ method: 'PUT', url: UPDATE_URL, headers, payload })
    expect(response.statusCode).toBe(200)
    const { memberType: _memberType, ...fields } = payload
    expect(response.json()).toMatchObject({ ...fields, mobile: '0498765432', userType: 2 })
    const detail = await app.inject({ method: 'GET', url: detailUrl(user.id), headers })
    expect(detail.json()).toMatchObject({ firstName: 'Samantha', userType: 2 })

    const [entry] = await findAuditEntries(app.db, 'user', String(user.id))
    expect(entry).toMatchObject({ action: 'user.update', actor_id: admin.id })
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({ firstName: 'Sam', memberType: 1 })
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ firstName: 'Samantha', memberType: 2 })
    expectNoSecrets(JSON.stringify(entry), user.password_hash)

    const taken = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: { ...payload, email: 'Other@Example.com' },
    })
    expect(taken.statusCode).toBe(409)

    const ownType = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: {
        id: String(admin.id),
        firstName: 'Ada',
        lastName: 'Admin',
        email: admin.email,
        mobile: admin.mobile,
        memberType: 1,
      },
    })
    expect(ownType.statusCode).toBe(409)
    expect(ownType.json().Message).toBe('You cannot change your own user type.')

    const missing = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: { ...payload, id: '999999' },
    })
    expect(missing.statusCode).toBe(404)

    const invalid = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: { id: '', firstName: '', lastName: 'L', email: 'x', mobile: '', memberType: 7 },
    })
    expect(invalid.statusCode).toBe(400)
    expect(Object.keys(invalid.json().ModelState).sort()).toEqual(
      ['email', 'firstName', 'id', 'lastName', 'memberType', 'mobile'].sort(),
    )
    expect(invalid.json().ModelState.firstName).toEqual(['First name is required.'])
  })

  it("stores an email staff type in as unconfirmed and ends the user's open email change and reset links", async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const user = await createUser(app, { email: 'olive@example.com' })
    await markEmailConfirmed(app.db, user.id, app.clock())
    // An email change the user started, and a reset link, both open.
    const change = await requestEmailChange(app, user, 'olive.new@example.com')
    expect(change.response.statusCode, change.response.body).toBe(200)
    const resetRequest = await app.inject({
      method: 'PATCH',
      url: `/api/v1/core/accounts/${encodeURIComponent(user.email)}/password/reset/request`,
    })
    expect(resetRequest.statusCode, resetRequest.body).toBeLessThan(300)
    const resetToken = decodeURIComponent(await linkTokenIn(app, user.email, '/reset-password/'))
    const validate = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/core/accounts/token/validate',
        payload: { resetToken },
      })
    expect((await validate()).statusCode).toBe(200)

    const response = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: withEmail(user, 'olive@staff-typed.example'),
    })
    expect(response.statusCode, response.body).toBe(200)
    const stored = await findUserById(app.db, user.id)
    expect(stored?.email).toBe('olive@staff-typed.example')
    expect(stored?.email_confirmed_at).toBeNull()
    const [entry] = await findAuditEntries(app.db, 'user', String(user.id))
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({
      email: 'olive@example.com',
      emailConfirmed: true,
    })
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      email: 'olive@staff-typed.example',
      emailConfirmed: false,
    })

    // The links sent before stop working: the confirmation, the cancel and the reset.
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/email/confirm',
      payload: { token: change.confirm },
      // Signed in to the account the link was sent for (ADR 040).
      headers: bearer(await tokenFor(app, user)),
    })
    expect(confirmed.statusCode).toBe(400)
    expect(confirmed.json().Message).toBe(
      'This link is not valid any more. Please change your email address again from your profile.',
    )
    const cancelled = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/email/cancel',
      payload: { token: change.cancel },
    })
    expect(cancelled.statusCode).toBe(400)
    expect((await validate()).statusCode).toBe(400)
    const after = await findUserById(app.db, user.id)
    expect(after?.email).toBe('olive@staff-typed.example')
    expect(after?.email_confirmed_at).toBeNull()
  })

  it('keeps the confirmation and the open links when staff change only the letter case of the email', async () => {
    const { app } = await buildTestApp({ dialect })
    const { headers } = await signedInAdmin(app)
    const user = await createUser(app, { email: 'olive@example.com' })
    await markEmailConfirmed(app.db, user.id, app.clock())
    const change = await requestEmailChange(app, user, 'olive.new@example.com')
    const response = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers,
      payload: withEmail(user, 'Olive@Example.com'),
    })
    expect(response.statusCode, response.body).toBe(200)
    const stored = await findUserById(app.db, user.id)
    expect(stored?.email).toBe('Olive@Example.com')
    expect(stored?.email_confirmed_at).toEqual(expect.any(String))
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/email/confirm',
      payload: { token: change.confirm },
      // Signed in to the account the link was sent for (ADR 040).
      headers: bearer(await tokenFor(app, user)),
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
  })

  it('archives a user: out of the list, no sign-in, refresh and access tokens refused, audited', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers, seeded } = await signedInAdmin(app)
    const user = await createUser(app)
    const grant = await passwordGrant(app, user.email, user.password)
    expect(grant.statusCode).toBe(200)
    const { access_token: accessToken, refresh_token: refreshToken } = grant.json()
    const profileUrl = `/api/v1/core/accounts/${user.id}/profile/settings`
    expect(
      (await app.inject({ method: 'GET', url: profileUrl, headers: bearer(accessToken) })).statusCode,
    ).toBe(200)

    const archived = await app.inject({ method: 'PATCH', url: archiveUrl(user.id), headers })
    expect(archived.statusCode).toBe(204)
    expect(archived.body).toBe('')

    expect(idsOf((await filter(app, headers, ALL)).json()).sort()).toEqual([...seeded, admin.id].sort())
    expect((await app.inject({ method: 'GET', url: detailUrl(user.id), headers })).statusCode).toBe(404)
    expect(
      (await app.inject({ method: 'GET', url: profileUrl, headers: bearer(accessToken) })).statusCode,
    ).toBe(401)
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/token',
      payload: { RefreshToken: refreshToken, ClientId: 'web', GrantType: 'refresh_token' },
    })
    expect(refreshed.statusCode).toBe(400)
    expect(refreshed.json().error).toBe('invalid_grant')
    expect((await passwordGrant(app, user.email, user.password)).statusCode).toBe(400)

    const [entry] = await findAuditEntries(app.db, 'user', String(user.id))
    expect(entry).toMatchObject({ action: 'user.archive', actor_id: admin.id, actor_email: admin.email })
    expect(JSON.parse(entry?.before ?? '{}').archivedAt).toBeNull()
    expect(JSON.parse(entry?.after ?? '{}').archivedAt).toEqual(expect.any(String))
    expect(entry?.request_id).toEqual(expect.any(String))
    expectNoSecrets(JSON.stringify(entry), user.password, user.password_hash, refreshToken, accessToken)

    // Archiving again: the user is gone.
    expect((await app.inject({ method: 'PATCH', url: archiveUrl(user.id), headers })).statusCode).toBe(404)
  })

  it("resets a user's lost second factor: audited, sessions ended, the user told; then a password signs in", async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers } = await signedInAdmin(app)
    const user = await createUser(app)
    const { recoveryCodes } = await enrolTotp(app, user)
    const session = await app.tokens.startSession(app.db, user, app.accessTokens.audience, TEST_CLIENT)
    expect((await passwordGrant(app, user.email, user.password)).json().error).toBe('mfa_required')
    const detail = await app.inject({ method: 'GET', url: detailUrl(user.id), headers })
    expect(detail.json().secondFactor).toBe(true)

    const reset = await app.inject({ method: 'POST', url: resetSecondFactorUrl(user.id), headers })
    expect(reset.statusCode).toBe(204)

    expect((await app.inject({ method: 'GET', url: detailUrl(user.id), headers })).json().secondFactor).toBe(
      false,
    )
    // Their sessions ended; the password alone signs in again, and they may set up a new app.
    const profile = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${user.id}/profile/settings`,
      headers: bearer(session.access_token),
    })
    expect(profile.statusCode).toBe(401)
    expect((await passwordGrant(app, user.email, user.password)).statusCode).toBe(200)
    expect(
      await app.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([])
    const mail = (await findOutboxMessages(app.db)).filter((message) => message.to_address === user.email)
    expect(mail.map((message) => message.subject)).toEqual([
      'Two-step sign-in was reset on your Signalway Traffic Hire account',
    ])
    const [entry] = await findAuditEntries(app.db, 'user', String(user.id))
    expect(entry).toMatchObject({
      action: 'user.second-factor-reset',
      actor_id: admin.id,
      actor_email: admin.email,
    })
    expect(JSON.parse(entry?.before ?? '{}').secondFactor).toBe(true)
    expect(JSON.parse(entry?.after ?? '{}').secondFactor).toBe(false)
    expectNoSecrets(JSON.stringify(entry), user.password, user.password_hash, ...recoveryCodes)

    // Nothing left to reset; never one's own (the Security section is for that); unknown users 404.
    const again = await app.inject({ method: 'POST', url: resetSecondFactorUrl(user.id), headers })
    expect(again.statusCode).toBe(409)
    expect(again.json().Message).toBe('This user has not set up two-step sign-in.')
    const own = await app.inject({ method: 'POST', url: resetSecondFactorUrl(admin.id), headers })
    expect(own.statusCode).toBe(409)
    expect(await app.secondFactors.isEnrolled(admin.id)).toBe(true)
    expect(
      (await app.inject({ method: 'POST', url: resetSecondFactorUrl(999999), headers })).statusCode,
    ).toBe(404)
  })

  it('refuses an admin archiving themself, and changes nothing', async () => {
    const { app } = await buildTestApp({ dialect })
    const { admin, headers } = await signedInAdmin(app)
    const response = await app.inject({ method: 'PATCH', url: archiveUrl(admin.id), headers })
    expect(response.statusCode).toBe(409)
    expect(response.json().Message).toBe('You cannot delete your own account.')
    expect((await findUserById(app.db, admin.id))?.archived_at).toBeNull()
    expect(await findAuditEntries(app.db, 'user', String(admin.id))).toEqual([])
    expect((await filter(app, headers, ALL)).statusCode).toBe(200)
  })
})
