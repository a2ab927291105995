import { MEMBER_MESSAGES } from '@signalway/shared/customer-account-members'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { bearer, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { addMember, addSite, type Headers, joinMailTo, openAccount } from './helpers.ts'

/*
 * A customer account's invitations and members (requirements §18, ADR 045): an Account admin invites by email (a
 * single-use link for 7 days, its token stored as a hash, the email without anyone's words), the invitee joins
 * signed in with the invited address; members are changed and removed by an Account admin, never leaving the
 * account without one; all audited, and the account's own audit is its admins' to read.
 */

const DAY_MS = 24 * 60 * 60 * 1000

async function setUp(dialect: Dialect) {
  let now = new Date('2026-11-27T01:00:00.000Z')
  const { app } = await buildTestApp({ dialect, build: { clock: () => now } })
  const ownerUser = await createUser(app, { memberType: 2, firstName: 'Olive', lastName: 'Owner' })
  const { id, staff } = await openAccount(app, ownerUser)
  return {
    app,
    id,
    staff,
    ownerUser,
    owner: bearer(await tokenFor(app, ownerUser)),
    base: `/api/my-account/customer-accounts/${id}`,
    later: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
  }
}

async function invite(app: FastifyInstance, base: string, headers: Headers, payload: object) {
  return app.inject({ method: 'POST', url: `${base}/invitations`, headers, payload })
}

async function accept(app: FastifyInstance, headers: Headers, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/my-account/customer-account-invitations/accept',
    headers,
    payload: { token },
  })
}

async function members(app: FastifyInstance, base: string, headers: Headers) {
  const response = await app.inject({ method: 'GET', url: `${base}/members`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().items as { id: number; name: string; role: string; version: number; you: boolean }[]
}

describe.each(DIALECTS)("an account's invitations and members on %s", (dialect) => {
  it('invites by email without free text; the invitee joins with the role and limit, once', async () => {
    const { app, id, owner, base } = await setUp(dialect)
    const invited = await invite(app, base, owner, {
      email: 'Orla.Orderer@Example.com',
      role: 'orderer',
      approvalLimitCents: 250_000,
    })
    expect(invited.statusCode, invited.body).toBe(201)
    expect(invited.json()).toMatchObject({
      email: 'Orla.Orderer@Example.com',
      role: 'orderer',
      approvalLimitCents: 250_000,
      invitedBy: 'Olive Owner',
      owner: false,
    })
    expect(Date.parse(invited.json().expiresAt) - Date.parse(invited.json().createdAt)).toBe(7 * DAY_MS)
    // Only the token's SHA-256 is kept.
    const { mail, token } = await joinMailTo(app, 'Orla.Orderer@Example.com')
    const row = await app.db
      .selectFrom('customer_account_invitations')
      .selectAll()
      .where('id', '=', invited.json().id)
      .executeTakeFirstOrThrow()
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/u)
    expect(row.token_hash).not.toContain(token)
    expect(mail.subject).toMatch(/^Join the Signalway Traffic Hire account of .+/u)
    expect(mail.text_body).toContain('Olive Owner has invited you to join')
    expect(mail.text_body).toContain('Your role: Orderer.')
    expect(mail.text_body).toContain('within 7 days')

    const listed = await app.inject({ method: 'GET', url: `${base}/invitations`, headers: owner })
    expect(listed.json().items.map((item: { email: string }) => item.email)).toEqual([
      'Orla.Orderer@Example.com',
    ])

    const check = await app.inject({
      method: 'POST',
      url: '/api/customer-account-invitations/check',
      payload: { token },
    })
    expect(check.statusCode, check.body).toBe(200)
    expect(check.json()).toMatchObject({ role: 'orderer', email: 'Orla.Orderer@Example.com' })

    const orla = await createUser(app, {
      memberType: 1,
      email: 'orla.orderer@example.com',
      firstName: 'Orla',
      lastName: 'Orderer',
    })
    const orlaHeaders = bearer(await tokenFor(app, orla))
    const joined = await accept(app, orlaHeaders, token)
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json()).toMatchObject({ id, role: 'orderer' })
    const mine = await app.inject({
      method: 'GET',
      url: '/api/my-account/customer-accounts',
      headers: orlaHeaders,
    })
    expect(mine.json().items.map((item: { id: number }) => item.id)).toEqual([id])
    const all = await members(app, base, owner)
    expect(all.find((member) => member.name === 'Orla Orderer')).toMatchObject({
      role: 'orderer',
      approvalLimitCents: 250_000,
      you: false,
    })
    // Single use: the same link again says it was used.
    const again = await accept(app, orlaHeaders, token)
    expect(again.statusCode).toBe(400)
    expect(again.json().Message).toBe(MEMBER_MESSAGES.used)
    expect(
      (await app.inject({ method: 'GET', url: `${base}/invitations`, headers: owner })).json().items,
    ).toEqual([])
    const actions = (await findAuditEntries(app.db, 'customer-account', String(id))).map(
      (entry) => entry.action,
    )
    expect(actions).toEqual(['customer-account.open', 'customer-account.invite', 'customer-account.join'])
  })

  it('refuses a leaked link to another user, signed out, expired, withdrawn or unknown', async () => {
    const { app, base, owner: firstOwner, later, ownerUser } = await setUp(dialect)
    let owner = firstOwner
    expect((await invite(app, base, owner, { email: 'sam@example.com', role: 'accounts' })).statusCode).toBe(
      201,
    )
    const { token } = await joinMailTo(app, 'sam@example.com')
    const attacker = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))
    const stolen = await accept(app, attacker, token)
    expect(stolen.statusCode).toBe(403)
    expect(stolen.json().Message).toBe(MEMBER_MESSAGES.wrongUser)
    const signedOut = await accept(app, {}, token)
    expect(signedOut.statusCode).toBe(401)
    const unknown = await accept(app, attacker, 'A'.repeat(43))
    expect(unknown.json().Message).toBe(MEMBER_MESSAGES.invalid)

    const samUser = await createUser(app, { email: 'sam@example.com' })
    // The same link still works for Sam until it expires: the refusals above did not use it.
    later(7 * DAY_MS + 1000)
    // Signed in after the week: the access tokens of before have expired.
    const sam = bearer(await tokenFor(app, samUser))
    const fresh = bearer(await tokenFor(app, ownerUser))
    const expired = await accept(app, sam, token)
    expect(expired.statusCode).toBe(400)
    expect(expired.json().Message).toBe(MEMBER_MESSAGES.expired)
    expect(expired.json().Message).toContain('ask the account’s Account admin to send you a new one')

    owner = fresh
    // A new invitation works; withdrawn, its link does not.
    const renewed = await invite(app, base, owner, { email: 'sam@example.com', role: 'accounts' })
    expect(renewed.statusCode, renewed.body).toBe(201)
    const { token: second } = await joinMailTo(app, 'sam@example.com')
    const revoked = await app.inject({
      method: 'DELETE',
      url: `${base}/invitations/${renewed.json().id}`,
      headers: owner,
    })
    expect(revoked.statusCode, revoked.body).toBe(204)
    expect((await accept(app, sam, second)).json().Message).toBe(MEMBER_MESSAGES.invalid)
  })

  it('says when the address is a member already, and checks roles, sites and limits', async () => {
    const { app, id, base, owner } = await setUp(dialect)
    const member = await addMember(app, id, 'accounts')
    const twice = await invite(app, base, owner, { email: member.user.email.toUpperCase(), role: 'orderer' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().Message).toBe(MEMBER_MESSAGES.alreadyMember)

    const other = await openAccount(app, await createUser(app, { memberType: 2 }), 'Other Civil')
    const foreignSite = await addSite(app, other.id)
    const site = await addSite(app, id)
    const foreign = await invite(app, base, owner, {
      email: 'a@example.com',
      role: 'site_supervisor',
      siteIds: [foreignSite],
    })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().ModelState.siteIds).toEqual([MEMBER_MESSAGES.siteNotOfAccount])
    const none = await invite(app, base, owner, { email: 'a@example.com', role: 'site_supervisor' })
    expect(none.statusCode).toBe(400)
    const limit = await invite(app, base, owner, {
      email: 'a@example.com',
      role: 'accounts',
      approvalLimitCents: 100,
    })
    expect(limit.statusCode).toBe(400)
    const freeText = await invite(app, base, owner, {
      email: 'a@example.com',
      role: 'accounts',
      message: 'Hi!',
    })
    expect(freeText.statusCode).toBe(400)
    const supervisor = await invite(app, base, owner, {
      email: 'a@example.com',
      role: 'site_supervisor',
      siteIds: [site],
    })
    expect(supervisor.statusCode, supervisor.body).toBe(201)
    const { token } = await joinMailTo(app, 'a@example.com')
    const a = bearer(await tokenFor(app, await createUser(app, { email: 'a@example.com' })))
    expect((await accept(app, a, token)).statusCode).toBe(200)
    const sites = await app.inject({ method: 'GET', url: `${base}/sites`, headers: a })
    expect(sites.json().items.map((item: { id: number }) => item.id)).toEqual([site])
  })

  it('limits invitations per address and per account', async () => {
    const { app, base, owner, later, ownerUser } = await setUp(dialect)
    for (let sent = 0; sent < 3; sent += 1)
      expect(
        (await invite(app, base, owner, { email: 'busy@example.com', role: 'accounts' })).statusCode,
      ).toBe(201)
    const fourth = await invite(app, base, owner, { email: 'busy@example.com', role: 'accounts' })
    expect(fourth.statusCode).toBe(429)
    expect(fourth.json().Message).toBe(MEMBER_MESSAGES.recipientLimit)
    // Only the newest link works.
    const open = await app.inject({ method: 'GET', url: `${base}/invitations`, headers: owner })
    expect(open.json().items).toHaveLength(1)
    for (let sent = 3; sent < 20; sent += 1)
      expect(
        (await invite(app, base, owner, { email: `p${sent}@example.com`, role: 'accounts' })).statusCode,
      ).toBe(201)
    const over = await invite(app, base, owner, { email: 'p99@example.com', role: 'accounts' })
    expect(over.statusCode).toBe(429)
    expect(over.json().Message).toBe(MEMBER_MESSAGES.accountLimit)
    later(DAY_MS + 1000)
    // Signed in again: the access token has expired meanwhile.
    const fresh = bearer(await tokenFor(app, ownerUser))
    const nextDay = await invite(app, base, fresh, { email: 'p99@example.com', role: 'accounts' })
    expect(nextDay.statusCode, nextDay.body).toBe(201)
  })

  it('changes and removes members from the version seen, and never leaves the account without an Account admin', async () => {
    const { app, id, base, owner } = await setUp(dialect)
    const site = await addSite(app, id)
    const orderer = await addMember(app, id, 'orderer')
    const [me] = (await members(app, base, owner)).filter((member) => member.you)
    expect(me).toMatchObject({ role: 'account_admin', version: 1 })
    const url = (memberId: number) => `${base}/members/${memberId}`
    const demoteSelf = await app.inject({
      method: 'PUT',
      url: url(me?.id ?? 0),
      headers: owner,
      payload: { version: 1, role: 'orderer' },
    })
    expect(demoteSelf.statusCode).toBe(409)
    expect(demoteSelf.json().Message).toBe(MEMBER_MESSAGES.lastAdmin)
    const removeSelf = await app.inject({
      method: 'DELETE',
      url: `${url(me?.id ?? 0)}?version=1`,
      headers: owner,
    })
    expect(removeSelf.statusCode).toBe(409)

    const changed = await app.inject({
      method: 'PUT',
      url: url(orderer.memberId),
      headers: owner,
      payload: { version: 1, role: 'site_supervisor', siteIds: [site] },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ role: 'site_supervisor', siteIds: [site], version: 2 })
    const stale = await app.inject({
      method: 'PUT',
      url: url(orderer.memberId),
      headers: owner,
      payload: { version: 1, role: 'accounts' },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toBe(MEMBER_MESSAGES.conflict)
    // A second Account admin: then the first may step down.
    const promoted = await app.inject({
      method: 'PUT',
      url: url(orderer.memberId),
      headers: owner,
      payload: { version: 2, role: 'account_admin' },
    })
    expect(promoted.statusCode, promoted.body).toBe(200)
    expect(promoted.json().siteIds).toEqual([])
    expect(
      (await app.inject({ method: 'DELETE', url: `${url(me?.id ?? 0)}?version=1`, headers: owner }))
        .statusCode,
    ).toBe(204)
    expect((await app.inject({ method: 'GET', url: `${base}/members`, headers: owner })).statusCode).toBe(404)
    const left = await members(app, base, orderer.headers)
    expect(left.map((member) => member.role)).toEqual(['account_admin'])
    const actions = (await findAuditEntries(app.db, 'customer-account', String(id))).map(
      (entry) => entry.action,
    )
    expect(actions.slice(-3)).toEqual([
      'customer-account.member-update',
      'customer-account.member-update',
      'customer-account.member-remove',
    ])
  })

  it('shows the account’s audit to its admins, newest first and paged, without the staff’s reasons', async () => {
    const { app, id, base, owner, staff } = await setUp(dialect)
    const { version } = (
      await app.inject({ method: 'GET', url: `/api/admin/customer-accounts/${id}`, headers: staff })
    ).json()
    const held = await app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${id}/hold`,
      headers: staff,
      payload: { version, reason: 'Secret: the director is in court' },
    })
    expect(held.statusCode, held.body).toBe(200)
    expect((await invite(app, base, owner, { email: 'x@example.com', role: 'accounts' })).statusCode).toBe(
      201,
    )
    const page = await app.inject({ method: 'GET', url: `${base}/audit?pageSize=2`, headers: owner })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(page.json().items).toEqual([
      expect.objectContaining({
        action: 'customer-account.invite',
        by: 'Olive Owner',
        summary: 'x@example.com invited as Accounts.',
      }),
      expect.objectContaining({
        action: 'customer-account.hold',
        by: 'Signalway staff',
        summary: 'Account put on hold.',
      }),
    ])
    expect(page.body).not.toContain('Secret')
    const second = await app.inject({ method: 'GET', url: `${base}/audit?pageSize=2&page=2`, headers: owner })
    expect(second.json().items.map((item: { action: string }) => item.action)).toEqual([
      'customer-account.open',
    ])
  })

  it('mails the owner’s invitation when an application sent signed out is approved; the owner joins as Account admin', async () => {
    const { app } = await buildTestApp({ dialect })
    const { id } = await openAccount(app, null)
    const { mail, token } = await joinMailTo(app, 'accounts@elliscivil.example')
    expect(mail.text_body).toContain('Your application for credit has been approved')
    expect(mail.text_body).toContain('Your role: Account admin.')
    const applicant = bearer(
      await tokenFor(app, await createUser(app, { memberType: 2, email: 'accounts@elliscivil.example' })),
    )
    const joined = await accept(app, applicant, token)
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json()).toMatchObject({ id, role: 'account_admin' })
    // A person in two accounts sees both.
    const invitedAgain = await openAccount(app, await createUser(app, { memberType: 2 }), 'Second Civil')
    const other = await app.db
      .selectFrom('customer_account_members')
      .innerJoin('users', 'users.id', 'customer_account_members.user_id')
      .select('users.id')
      .where('account_id', '=', invitedAgain.id)
      .executeTakeFirstOrThrow()
    const otherOwner = bearer(
      await tokenFor(app, {
        ...(await app.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', other.id)
          .executeTakeFirstOrThrow()),
      }),
    )
    const base = `/api/my-account/customer-accounts/${invitedAgain.id}`
    expect(
      (await invite(app, base, otherOwner, { email: 'accounts@elliscivil.example', role: 'orderer' }))
        .statusCode,
    ).toBe(201)
    const second = await joinMailTo(app, 'accounts@elliscivil.example')
    expect((await accept(app, applicant, second.token)).statusCode).toBe(200)
    const mine = await app.inject({
      method: 'GET',
      url: '/api/my-account/customer-accounts',
      headers: applicant,
    })
    expect(
      mine
        .json()
        .items.map((item: { role: string }) => item.role)
        .sort(),
    ).toEqual(['account_admin', 'orderer'])
  })
})
