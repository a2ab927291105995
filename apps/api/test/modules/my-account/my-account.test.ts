import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { linkTokenIn } from '../../helpers/email-change.ts'
import { nextIp, quote } from '../enquiries/helpers.ts'
import { UPDATE_URL } from '../users/helpers.ts'

/*
 * The account area (requirements §15): /api/my-account lists a signed-in user's enquiries and credit
 * applications with the status staff set. A record is theirs when it was sent while signed in with the account,
 * or its email is the account's and that address has been confirmed; nobody sees another's (IDOR tests on every
 * endpoint).
 */

async function sendQuote(app: FastifyInstance, email: string, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/get-a-quote',
    payload: { ...quote, email, company: 'Own Civil' },
    headers,
    remoteAddress: nextIp(),
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json().id as string
}

async function applyForCredit(app: FastifyInstance, email: string, headers: Record<string, string> = {}) {
  const payload = await creditApplicationFixture(1)
  payload.section1.email = email
  const response = await app.inject({
    method: 'POST',
    url: '/api/apply-for-credit',
    payload: payload as never,
    headers,
    remoteAddress: nextIp(),
  })
  expect(response.statusCode, response.body).toBe(200)
  return String(response.headers['x-application-reference'])
}

async function mine(app: FastifyInstance, user: TestUser) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/my-account',
    headers: bearer(await tokenFor(app, user)),
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['cache-control']).toBe('no-store')
  return response.json()
}

/** The account area's "Email me a confirmation link", and the link opened from the mailbox. */
async function confirmAddress(app: FastifyInstance, user: TestUser, email: string) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/my-account/confirm-email',
    headers: bearer(await tokenFor(app, user)),
  })
  expect(asked.statusCode, asked.body).toBe(202)
  expect(asked.json().email).toBe(email)
  const token = await linkTokenIn(app, email, '/confirm-email/')
  // Opened signed in to the account (ADR 040).
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/core/accounts/email/confirm',
    payload: { token },
    headers: bearer(await tokenFor(app, user)),
  })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
}

describe.each(DIALECTS)('the account area on %s', (dialect) => {
  it("lists what was sent while signed in, with the status staff set, and the application's PDF", async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { email: 'owner@example.com' })
    const signedIn = bearer(await tokenFor(app, user))
    // Sent while signed in, with other addresses: theirs all the same.
    const enquiryId = await sendQuote(app, 'site-office@example.com', signedIn)
    const reference = await applyForCredit(app, 'accounts@owner-civil.example', signedIn)

    let account = await mine(app, user)
    expect(account.email).toBe('owner@example.com')
    expect(account.emailConfirmed).toBe(false)
    expect(account.enquiries).toEqual([
      expect.objectContaining({
        id: enquiryId,
        kind: 'quote',
        status: 'new',
        services: ['Arrow Boards', 'VMS Boards'],
        hireDetails: { company: 'Own Civil' },
      }),
    ])
    expect(account.creditApplications).toEqual([
      expect.objectContaining({ reference, businessName: 'Ellis Civil Works', status: 'received' }),
    ])

    // Staff change the statuses; the account shows them.
    const admin = bearer(await tokenFor(app, await createAdmin(app)))
    const enquiry = await app.inject({
      method: 'PATCH',
      url: `/api/admin/enquiries/${enquiryId}`,
      headers: admin,
      payload: { status: 'in_progress' },
    })
    expect(enquiry.statusCode, enquiry.body).toBe(200)
    const decision = await app.inject({
      method: 'PATCH',
      url: `/api/admin/credit-applications/${reference}`,
      headers: admin,
      payload: { version: 1, status: 'under_review' },
    })
    expect(decision.statusCode, decision.body).toBe(200)
    account = await mine(app, user)
    expect(account.enquiries[0].status).toBe('in_progress')
    expect(account.creditApplications[0].status).toBe('under_review')

    const pdf = await app.inject({
      method: 'GET',
      url: `/api/my-account/credit-applications/${reference}/pdf`,
      headers: signedIn,
    })
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  })

  it('says whether the user is a driver, as staff set it in user management, so that it links to their runs', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { email: 'driver@example.com' })
    expect((await mine(app, user)).driver).toBe(false)
    const admin = bearer(await tokenFor(app, await createAdmin(app)))
    const depot = await app.db.selectFrom('depots').select('id').orderBy('id').executeTakeFirstOrThrow()
    const made = await app.inject({
      method: 'PUT',
      url: `/api/admin/users/${user.id}/driver`,
      headers: admin,
      payload: { depotId: depot.id },
    })
    expect(made.statusCode, made.body).toBe(200)
    expect((await mine(app, user)).driver).toBe(true)
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${user.id}/driver`,
      headers: admin,
    })
    expect(removed.statusCode, removed.body).toBe(200)
    expect((await mine(app, user)).driver).toBe(false)
  })

  it('shows what was sent signed out with the account’s email only once that address is confirmed', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { email: 'Casey@Example.com' })
    await sendQuote(app, 'casey@example.com')
    const reference = await applyForCredit(app, 'CASEY@example.com')

    // Unconfirmed: anyone can register with any address, so nothing sent with it shows yet.
    let account = await mine(app, user)
    expect(account.enquiries).toEqual([])
    expect(account.creditApplications).toEqual([])
    const refused = await app.inject({
      method: 'GET',
      url: `/api/my-account/credit-applications/${reference}/pdf`,
      headers: bearer(await tokenFor(app, user)),
    })
    expect(refused.statusCode).toBe(404)

    // The confirmation link, from the email, opened.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/my-account/confirm-email',
      headers: bearer(await tokenFor(app, user)),
    })
    expect(asked.statusCode, asked.body).toBe(202)
    const mail = (await findOutboxMessages(app.db)).find((message) =>
      message.subject.startsWith('Confirm your'),
    )
    expect(mail?.to_address).toBe('Casey@Example.com')
    const token = /\/confirm-email\/\?t=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ?? ''
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts/email/confirm',
      payload: { token },
      headers: bearer(await tokenFor(app, user)),
    })
    expect(confirmed.statusCode, confirmed.body).toBeLessThan(300)
    // Nothing changed: the answer says so (the page then says "confirmed", not "is now"), and no notice goes out.
    expect(confirmed.json()).toEqual({ email: 'Casey@Example.com', changed: false })
    expect(
      (await findOutboxMessages(app.db)).filter((message) =>
        /email address (has )?changed/i.test(message.subject),
      ),
    ).toEqual([])

    account = await mine(app, user)
    expect(account.emailConfirmed).toBe(true)
    expect(account.enquiries).toHaveLength(1)
    expect(account.creditApplications.map((item: { reference: string }) => item.reference)).toEqual([
      reference,
    ])
  })

  it('an address staff type into the account is unconfirmed: what was sent with it shows once its owner confirms it', async () => {
    const { app } = await buildTestApp({ dialect })
    const user = await createUser(app, { email: 'owner@example.com' })
    await confirmAddress(app, user, 'owner@example.com')
    expect((await mine(app, user)).emailConfirmed).toBe(true)
    // Sent signed out, by whoever holds the other address.
    const enquiryId = await sendQuote(app, 'site@owner-civil.example')
    const reference = await applyForCredit(app, 'site@owner-civil.example')

    const admin = bearer(await tokenFor(app, await createAdmin(app)))
    const updated = await app.inject({
      method: 'PUT',
      url: UPDATE_URL,
      headers: admin,
      payload: {
        id: String(user.id),
        firstName: user.first_name,
        lastName: user.last_name,
        email: 'Site@Owner-Civil.example',
        mobile: user.mobile,
        memberType: user.member_type,
      },
    })
    expect(updated.statusCode, updated.body).toBe(200)

    let account = await mine(app, user)
    expect(account.email).toBe('Site@Owner-Civil.example')
    expect(account.emailConfirmed).toBe(false)
    expect(account.enquiries).toEqual([])
    expect(account.creditApplications).toEqual([])
    const pdfUrl = `/api/my-account/credit-applications/${reference}/pdf`
    const refused = await app.inject({
      method: 'GET',
      url: pdfUrl,
      headers: bearer(await tokenFor(app, user)),
    })
    expect(refused.statusCode).toBe(404)

    // The owner of the new address confirms it from the account area.
    await confirmAddress(app, user, 'Site@Owner-Civil.example')
    account = await mine(app, user)
    expect(account.emailConfirmed).toBe(true)
    expect(account.enquiries.map((item: { id: string }) => item.id)).toEqual([enquiryId])
    expect(account.creditApplications.map((item: { reference: string }) => item.reference)).toEqual([
      reference,
    ])
    const pdf = await app.inject({ method: 'GET', url: pdfUrl, headers: bearer(await tokenFor(app, user)) })
    expect(pdf.statusCode).toBe(200)
  })

  it("never shows another person's records, and answers 404 for another's PDF as for an unknown one", async () => {
    const { app } = await buildTestApp({ dialect })
    const owner = await createUser(app, { email: 'owner@example.com' })
    const other = await createUser(app, { email: 'other@example.com' })
    const ownerHeaders = bearer(await tokenFor(app, owner))
    await sendQuote(app, 'other@example.com', ownerHeaders)
    const reference = await applyForCredit(app, 'other@example.com', ownerHeaders)
    // Sent signed out with the owner's (unconfirmed) address: nobody's yet.
    await sendQuote(app, 'owner@example.com')

    const others = await mine(app, other)
    expect(others.enquiries).toEqual([])
    expect(others.creditApplications).toEqual([])
    const otherHeaders = bearer(await tokenFor(app, other))
    for (const url of [
      `/api/my-account/credit-applications/${reference}/pdf`,
      '/api/my-account/credit-applications/CA-2026-NOSUCH00/pdf',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: otherHeaders })
      expect(response.statusCode, url).toBe(404)
      expect(response.json().Message).toBe('Credit application not found.')
    }
    // The owner's own list holds only what they sent signed in (their address is not confirmed).
    const owned = await mine(app, owner)
    expect(owned.enquiries).toHaveLength(1)
    expect(owned.creditApplications).toHaveLength(1)
  })

  it("an account registered with someone else's address never shows their records, whatever link they open", async () => {
    const { app } = await buildTestApp({ dialect })
    // The victim sent a quote request and a credit application signed out, with their address.
    await sendQuote(app, 'victim@example.com')
    const reference = await applyForCredit(app, 'victim@example.com')
    // The attacker registers an account with it; the welcome email and its link go to the victim.
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/core/accounts',
      remoteAddress: nextIp(),
      payload: {
        firstName: 'Mallory',
        lastName: 'Attacker',
        email: 'victim@example.com',
        mobile: '0412 345 678',
        password: 'Cone-stack-2026',
        confirmPassword: 'Cone-stack-2026',
        acceptedTheTerms: true,
      },
    })
    expect(registered.statusCode, registered.body).toBe(200)
    const attacker = { authorization: `Bearer ${registered.json().access_token}` }
    const token = await linkTokenIn(app, 'victim@example.com', '/confirm-email/')
    const open = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/core/accounts/email/confirm', payload: { token }, headers })

    // The victim opens it out of habit: signed out, and signed in to their own account elsewhere.
    expect((await open({})).statusCode).toBe(401)
    const victim = await createUser(app, { email: 'victim.own@example.com' })
    expect((await open(bearer(await tokenFor(app, victim)))).statusCode).toBe(403)

    const account = await app.inject({ method: 'GET', url: '/api/my-account', headers: attacker })
    expect(account.json()).toMatchObject({ emailConfirmed: false, enquiries: [], creditApplications: [] })
    const pdf = await app.inject({
      method: 'GET',
      url: `/api/my-account/credit-applications/${reference}/pdf`,
      headers: attacker,
    })
    expect(pdf.statusCode).toBe(404)
  })

  it('answers 401 without a session', async () => {
    const { app } = await buildTestApp({ dialect })
    for (const [method, url] of [
      ['GET', '/api/my-account'],
      ['GET', '/api/my-account/credit-applications/CA-2026-NOSUCH00/pdf'],
      ['POST', '/api/my-account/confirm-email'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode, url).toBe(401)
    }
  })
})
