import {
  ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY,
  MEMBER_MESSAGES,
} from '@signalway/shared/customer-account-members'
import { CUSTOMER_ACCOUNT_MESSAGES } from '@signalway/shared/customer-accounts'
import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { addMember, type Headers, joinMailTo, openAccount } from './helpers.ts'

/*
 * Staff send an account's owner invitation again (requirements §18, ADR 045): only while it has no Account admin,
 * to the address the last one went to (else the billing email), replacing the open one, audited, within the
 * address's daily limit of invitations.
 */

const DAY_MS = 24 * 60 * 60 * 1000
const APPLICANT = 'accounts@elliscivil.example'

async function setUp(dialect: Dialect) {
  let now = new Date('2026-11-27T01:00:00.000Z')
  const { app } = await buildTestApp({ dialect, build: { clock: () => now } })
  const { id, staff } = await openAccount(app, null)
  return {
    app,
    id,
    staff,
    later: (ms: number) => {
      now = new Date(now.getTime() + ms)
    },
  }
}

function resend(app: FastifyInstance, id: number, headers: Headers) {
  return app.inject({ method: 'POST', url: `/api/admin/customer-accounts/${id}/owner-invitation`, headers })
}

function accept(app: FastifyInstance, headers: Headers, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/my-account/customer-account-invitations/accept',
    headers,
    payload: { token },
  })
}

describe.each(DIALECTS)("an account's owner invitation sent again on %s", (dialect) => {
  it('sends a new link after the first expired; the old link no longer works, the new one makes the owner', async () => {
    const { app, id, later } = await setUp(dialect)
    const first = await joinMailTo(app, APPLICANT)
    later(8 * DAY_MS)
    // Signed in afresh: a week on, the setup's token has expired.
    const sent = await resend(app, id, bearer(await tokenFor(app, await createAdmin(app))))
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json().invitations).toEqual([
      expect.objectContaining({ email: APPLICANT, role: 'account_admin', owner: true }),
    ])
    const second = await joinMailTo(app, APPLICANT)
    expect(second.token).not.toBe(first.token)
    expect(second.mail.text_body).toContain('Your role: Account admin.')
    const applicant = bearer(await tokenFor(app, await createUser(app, { memberType: 2, email: APPLICANT })))
    expect((await accept(app, applicant, first.token)).json().Message).toBe(MEMBER_MESSAGES.used)
    const joined = await accept(app, applicant, second.token)
    expect(joined.statusCode, joined.body).toBe(200)
    expect(joined.json()).toMatchObject({ id, role: 'account_admin' })
    // The new owner reads it in the account's own audit, as staff's.
    const audit = await app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${id}/audit`,
      headers: applicant,
    })
    expect(audit.json().items).toContainEqual(
      expect.objectContaining({ summary: `Owner invitation sent again to ${APPLICANT}.` }),
    )
  })

  it('replaces an open owner invitation: only the newest link works', async () => {
    const { app, id, staff } = await setUp(dialect)
    const first = await joinMailTo(app, APPLICANT)
    expect((await resend(app, id, staff)).statusCode).toBe(200)
    const second = await joinMailTo(app, APPLICANT)
    const open = await app.db
      .selectFrom('customer_account_invitations')
      .selectAll()
      .where('account_id', '=', id)
      .where('used_at', 'is', null)
      .execute()
    expect(open).toHaveLength(1)
    const check = (token: string) =>
      app.inject({ method: 'POST', url: '/api/customer-account-invitations/check', payload: { token } })
    expect((await check(first.token)).statusCode).toBe(400)
    expect((await check(second.token)).statusCode).toBe(200)
  })

  it('is audited on the account, with the address it went to', async () => {
    const { app, id, staff } = await setUp(dialect)
    expect((await resend(app, id, staff)).statusCode).toBe(200)
    const entry = (await findAuditEntries(app.db, 'customer-account', String(id))).find(
      (item) => item.action === 'customer-account.owner-invitation',
    )
    expect(entry?.actor_email).toMatch(/@/u)
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({ email: APPLICANT })
  })

  it('goes to the billing email when no owner invitation was recorded', async () => {
    const { app, id, staff } = await setUp(dialect)
    await app.db.deleteFrom('customer_account_invitations').where('account_id', '=', id).execute()
    await app.db
      .updateTable('customer_accounts')
      .set({ billing_email: 'ap@elliscivil.example' })
      .where('id', '=', id)
      .execute()
    expect((await resend(app, id, staff)).statusCode).toBe(200)
    expect((await joinMailTo(app, 'ap@elliscivil.example')).mail.text_body).toContain('Account admin')
  })

  it('refuses while the account has an Account admin (409) and sends nothing', async () => {
    const { app, id, staff } = await setUp(dialect)
    await addMember(app, id, 'account_admin')
    const before = (await findOutboxMessages(app.db)).length
    const refused = await resend(app, id, staff)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().Message).toBe(CUSTOMER_ACCOUNT_MESSAGES.ownerExists)
    expect((await findOutboxMessages(app.db)).length).toBe(before)
  })

  it('is staff’s alone: 401 signed out, 403 to customers, even the account’s own members', async () => {
    const { app, id, staff } = await setUp(dialect)
    expect((await resend(app, id, {})).statusCode).toBe(401)
    const orderer = await addMember(app, id, 'orderer')
    expect((await resend(app, id, orderer.headers)).statusCode).toBe(403)
    const customer = bearer(await tokenFor(app, await createUser(app, { memberType: 1 })))
    expect((await resend(app, id, customer)).statusCode).toBe(403)
    expect((await resend(app, 999_999, staff)).statusCode).toBe(404)
  })

  it('keeps to the address’s daily limit of invitations (429)', async () => {
    const { app, id, staff } = await setUp(dialect)
    for (let i = 0; i < ACCOUNT_INVITATIONS_PER_MAILBOX_PER_DAY; i += 1)
      expect((await resend(app, id, staff)).statusCode).toBe(200)
    const refused = await resend(app, id, staff)
    expect(refused.statusCode).toBe(429)
    expect(refused.json().Message).toBe(MEMBER_MESSAGES.recipientLimit)
  })
})
