import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { bearer, createAdmin, createUser, expectAdminOnly, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from '../credit/helpers.ts'

/*
 * Company customer accounts (ADR 045, requirements §18): an approval opens the account once, numbered without gaps;
 * staff keep it (details, credit limit with a reason, hold and release), each change version-checked and audited;
 * a member reads their own accounts in My Account and nobody else's.
 */

type Headers = Record<string, string>

async function setUp(dialect: Dialect) {
  const { app } = await buildTestApp({ dialect })
  const admin = await createAdmin(app, { firstName: 'Ada', lastName: 'Admin' })
  return { app, admin, headers: bearer(await tokenFor(app, admin)) }
}

/** A Pty Ltd's application, sent signed in as `applicant` when given, else signed out; answers its reference. */
async function applyFor(
  app: FastifyInstance,
  applicant?: Parameters<typeof tokenFor>[1],
  name = 'Ellis Civil',
) {
  const payload = await creditApplicationFixture(0)
  payload.section1.businessName = name
  const headers = applicant ? bearer(await tokenFor(app, applicant)) : {}
  const response = await apply(app, payload, headers)
  expect(response.statusCode, response.body).toBe(200)
  return response.headers['x-application-reference'] as string
}

const decisionUrl = (reference: string) => `/api/admin/credit-applications/${encodeURIComponent(reference)}`

async function decide(app: FastifyInstance, headers: Headers, reference: string, decision: object) {
  const current = await app.inject({ method: 'GET', url: decisionUrl(reference), headers })
  expect(current.statusCode, current.body).toBe(200)
  return app.inject({
    method: 'PATCH',
    url: decisionUrl(reference),
    headers,
    payload: { version: current.json().version, ...decision },
  })
}

async function approve(app: FastifyInstance, headers: Headers, reference: string, creditLimit = 50_000) {
  const response = await decide(app, headers, reference, { status: 'approved', creditLimit })
  expect(response.statusCode, response.body).toBe(200)
}

async function accounts(app: FastifyInstance, headers: Headers, query = '') {
  const response = await app.inject({ method: 'GET', url: `/api/admin/customer-accounts${query}`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as { items: { id: number; accountNumber: string; onHold: boolean }[]; total: number }
}

async function detail(app: FastifyInstance, headers: Headers, id: number) {
  const response = await app.inject({ method: 'GET', url: `/api/admin/customer-accounts/${id}`, headers })
  expect(response.statusCode, response.body).toBe(200)
  return response.json()
}

describe.each(DIALECTS)('customer accounts on %s', (dialect) => {
  it('opens one account on approval with the application’s details, the limit in cents and the applicant as owner', async () => {
    const { app, headers } = await setUp(dialect)
    const applicant = await createUser(app, { memberType: 2 })
    const reference = await applyFor(app, applicant)
    expect((await accounts(app, headers)).total).toBe(0)

    await approve(app, headers, reference)
    const [listed] = (await accounts(app, headers)).items
    expect(listed).toBeDefined()
    const account = await detail(app, headers, listed?.id ?? 0)
    expect(account).toMatchObject({
      accountNumber: 'SW-10001',
      legalName: 'Ellis Civil Pty Ltd',
      tradingName: 'Ellis Civil',
      acn: '004 085 616',
      // The decision's limit is whole dollars: $50,000 is 5,000,000 cents.
      creditLimitCents: 5_000_000,
      paymentTermsDays: 30,
      billingEmail: 'ap@elliscivil.example',
      invoiceDelivery: 0,
      poRequired: false,
      onHold: false,
      creditApplicationReference: reference,
      version: 1,
      invitations: [],
      sites: [],
    })
    expect(account.abn.replace(/\s/g, '')).toMatch(/^\d{11}$/)
    expect(account.members).toEqual([
      expect.objectContaining({ userId: applicant.id, role: 'account_admin', approvalLimitCents: null }),
    ])
    const opened = await findAuditEntries(app.db, 'customer-account', String(account.id))
    expect(opened.map((entry) => entry.action)).toEqual(['customer-account.open'])

    // More information, then approved again with another limit: still the one account, as it was.
    const asked = await decide(app, headers, reference, {
      status: 'more_information_needed',
      question: 'Which sites?',
    })
    expect(asked.statusCode, asked.body).toBe(200)
    await approve(app, headers, reference, 80_000)
    await approve(app, headers, reference, 90_000)
    const after = await accounts(app, headers)
    expect(after.total).toBe(1)
    expect((await detail(app, headers, account.id)).creditLimitCents).toBe(5_000_000)
  })

  it('records an owner invitation to the applicant’s address when the application was sent signed out', async () => {
    const { app, headers } = await setUp(dialect)
    const reference = await applyFor(app)
    await approve(app, headers, reference)
    const [listed] = (await accounts(app, headers)).items
    const account = await detail(app, headers, listed?.id ?? 0)
    expect(account.members).toEqual([])
    expect(account.invitations).toEqual([
      expect.objectContaining({ email: 'accounts@elliscivil.example', role: 'account_admin', owner: true }),
    ])
    const row = await app.db.selectFrom('customer_account_invitations').selectAll().executeTakeFirstOrThrow()
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(Date.parse(row.expires_at)).toBeGreaterThan(Date.parse(row.created_at))
  })

  it('opens no account on a decline, and gives two approvals at once two numbers without a gap', async () => {
    const { app, headers } = await setUp(dialect)
    const declined = await applyFor(app, undefined, 'Declined Civil')
    expect((await decide(app, headers, declined, { status: 'declined' })).statusCode).toBe(200)
    expect((await accounts(app, headers)).total).toBe(0)

    const first = await applyFor(app, undefined, 'First Civil')
    const second = await applyFor(app, undefined, 'Second Civil')
    const [a, b] = await Promise.all([
      decide(app, headers, first, { status: 'approved', creditLimit: 10_000 }),
      decide(app, headers, second, { status: 'approved', creditLimit: 20_000 }),
    ])
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200])
    const numbers = (await accounts(app, headers)).items.map((item) => item.accountNumber)
    expect(numbers).toEqual(['SW-10001', 'SW-10002'])
  })

  it('lets only administrators reach the accounts (401 signed out, 403 to types 1 and 2)', async () => {
    const { app } = await setUp(dialect)
    await expectAdminOnly(app, [
      { method: 'GET', url: '/api/admin/customer-accounts' },
      { method: 'GET', url: '/api/admin/customer-accounts/1' },
      { method: 'PUT', url: '/api/admin/customer-accounts/1', payload: { version: 1 } },
      {
        method: 'POST',
        url: '/api/admin/customer-accounts/1/credit-limit',
        payload: { version: 1, creditLimitCents: 100, reason: 'x' },
      },
      { method: 'POST', url: '/api/admin/customer-accounts/1/hold', payload: { version: 1, reason: 'x' } },
      { method: 'POST', url: '/api/admin/customer-accounts/1/release', payload: { version: 1 } },
      { method: 'POST', url: '/api/admin/customer-accounts/1/owner-invitation' },
    ])
  })

  it('saves the details from the version seen (409 from an older one), audited, and searches them', async () => {
    const { app, headers } = await setUp(dialect)
    await approve(app, headers, await applyFor(app))
    const [listed] = (await accounts(app, headers)).items
    const account = await detail(app, headers, listed?.id ?? 0)
    const details = {
      version: 1,
      legalName: 'Ellis Civil Group Pty Ltd',
      tradingName: 'Ellis Civil',
      abn: account.abn,
      acn: '',
      billingEmail: 'invoices@elliscivil.example',
      invoiceDelivery: 2,
      paymentTermsDays: 14,
      poRequired: true,
    }
    const url = `/api/admin/customer-accounts/${account.id}`
    const saved = await app.inject({ method: 'PUT', url, headers, payload: details })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json()).toMatchObject({
      legalName: 'Ellis Civil Group Pty Ltd',
      acn: null,
      billingEmail: 'invoices@elliscivil.example',
      invoiceDelivery: 2,
      paymentTermsDays: 14,
      poRequired: true,
      version: 2,
    })
    const stale = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...details, legalName: 'Old copy' },
    })
    expect(stale.statusCode).toBe(409)
    expect(stale.json().Message).toContain('Someone else changed this account')
    expect((await detail(app, headers, account.id)).legalName).toBe('Ellis Civil Group Pty Ltd')
    const [entry] = (await findAuditEntries(app.db, 'customer-account', String(account.id))).filter(
      (item) => item.action === 'customer-account.update',
    )
    expect(JSON.parse(entry?.before ?? '{}')).toMatchObject({
      legalName: 'Ellis Civil Pty Ltd',
      poRequired: false,
    })
    expect(JSON.parse(entry?.after ?? '{}')).toMatchObject({
      legalName: 'Ellis Civil Group Pty Ltd',
      poRequired: true,
    })

    const invalid = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...details, version: 2, billingEmail: 'nope', paymentTermsDays: 0 },
    })
    expect(invalid.statusCode).toBe(400)
    expect(Object.keys(invalid.json().ModelState).sort()).toEqual(['billingEmail', 'paymentTermsDays'])

    for (const search of ['group', 'sw-10001', account.abn.replace(/\s/g, '').slice(2, 8)]) {
      expect((await accounts(app, headers, `?search=${encodeURIComponent(search)}`)).total, search).toBe(1)
    }
    expect((await accounts(app, headers, '?search=nothing-like-it')).total).toBe(0)
  })

  it('changes the limit only with a reason, keeping the old and new limit and the reason in the audit log', async () => {
    const { app, headers } = await setUp(dialect)
    await approve(app, headers, await applyFor(app))
    const [listed] = (await accounts(app, headers)).items
    const url = `/api/admin/customer-accounts/${listed?.id}/credit-limit`
    const noReason = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, creditLimitCents: 7_500_000, reason: ' ' },
    })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().ModelState.reason).toEqual(['Write the reason.'])
    const fraction = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, creditLimitCents: 7_500_000.5, reason: 'More work' },
    })
    expect(fraction.statusCode).toBe(400)

    const changed = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, creditLimitCents: 7_500_000, reason: 'Three more sites this year' },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({
      creditLimitCents: 7_500_000,
      version: 2,
      limitChanges: [
        {
          by: expect.stringContaining('@'),
          fromCents: 5_000_000,
          toCents: 7_500_000,
          reason: 'Three more sites this year',
        },
      ],
    })
    const stale = await app.inject({
      method: 'POST',
      url,
      headers,
      payload: { version: 1, creditLimitCents: 100, reason: 'Old copy' },
    })
    expect(stale.statusCode).toBe(409)
  })

  it('puts on hold with a reason and releases, and the list filters the held', async () => {
    const { app, headers } = await setUp(dialect)
    await approve(app, headers, await applyFor(app, undefined, 'Held Civil'))
    await approve(app, headers, await applyFor(app, undefined, 'Good Civil'))
    const [held] = (await accounts(app, headers)).items
    const base = `/api/admin/customer-accounts/${held?.id}`
    const noReason = await app.inject({
      method: 'POST',
      url: `${base}/hold`,
      headers,
      payload: { version: 1 },
    })
    expect(noReason.statusCode).toBe(400)
    const onHold = await app.inject({
      method: 'POST',
      url: `${base}/hold`,
      headers,
      payload: { version: 1, reason: 'Invoices 90 days overdue' },
    })
    expect(onHold.statusCode, onHold.body).toBe(200)
    expect(onHold.json()).toMatchObject({ onHold: true, holdReason: 'Invoices 90 days overdue', version: 2 })
    const again = await app.inject({
      method: 'POST',
      url: `${base}/hold`,
      headers,
      payload: { version: 2, reason: 'Twice' },
    })
    expect(again.statusCode).toBe(409)
    expect((await accounts(app, headers, '?held=held')).items.map((item) => item.id)).toEqual([held?.id])
    expect((await accounts(app, headers, '?held=not_held')).total).toBe(1)

    const released = await app.inject({
      method: 'POST',
      url: `${base}/release`,
      headers,
      payload: { version: 2 },
    })
    expect(released.statusCode, released.body).toBe(200)
    expect(released.json()).toMatchObject({ onHold: false, holdReason: null, version: 3 })
    expect((await accounts(app, headers, '?held=held')).total).toBe(0)
    const actions = (await findAuditEntries(app.db, 'customer-account', String(held?.id))).map(
      (e) => e.action,
    )
    expect(actions).toEqual(['customer-account.open', 'customer-account.hold', 'customer-account.release'])
  })

  it('shows a member their accounts with role, limit, available credit and hold, and nobody else’s (404)', async () => {
    const { app, headers } = await setUp(dialect)
    const owner = await createUser(app, { memberType: 2 })
    const stranger = await createUser(app, { memberType: 2 })
    await approve(app, headers, await applyFor(app, owner))
    const [listed] = (await accounts(app, headers)).items
    const id = listed?.id ?? 0
    const hold = await app.inject({
      method: 'POST',
      url: `/api/admin/customer-accounts/${id}/hold`,
      headers,
      payload: { version: 1, reason: 'Internal: overdue' },
    })
    expect(hold.statusCode).toBe(200)

    const ownerHeaders = bearer(await tokenFor(app, owner))
    const mine = await app.inject({
      method: 'GET',
      url: '/api/my-account/customer-accounts',
      headers: ownerHeaders,
    })
    expect(mine.statusCode, mine.body).toBe(200)
    expect(mine.json().items).toEqual([
      {
        id,
        accountNumber: 'SW-10001',
        legalName: 'Ellis Civil Pty Ltd',
        tradingName: 'Ellis Civil',
        role: 'account_admin',
        creditLimitCents: 5_000_000,
        availableCreditCents: 5_000_000,
        paymentTermsDays: 30,
        poRequired: false,
        onHold: true,
      },
    ])
    expect(mine.body).not.toContain('Internal: overdue')
    const one = await app.inject({
      method: 'GET',
      url: `/api/my-account/customer-accounts/${id}`,
      headers: ownerHeaders,
    })
    expect(one.statusCode).toBe(200)
    // The Account page's details: the business billed, not the staff's hold reason.
    expect(Object.keys(one.json())).toEqual(
      expect.arrayContaining([
        'abn',
        'acn',
        'billingEmail',
        'invoiceDelivery',
        'role',
        'availableCreditCents',
      ]),
    )
    expect(one.body).not.toContain('Internal: overdue')

    const strangerHeaders = bearer(await tokenFor(app, stranger))
    const theirs = await app.inject({
      method: 'GET',
      url: '/api/my-account/customer-accounts',
      headers: strangerHeaders,
    })
    expect(theirs.json().items).toEqual([])
    for (const url of [
      `/api/my-account/customer-accounts/${id}`,
      `/api/my-account/customer-accounts/${id + 1}`,
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: strangerHeaders })
      expect(response.statusCode, url).toBe(404)
      expect(response.json().Message).toBe('Account not found.')
    }
    expect((await app.inject({ method: 'GET', url: '/api/my-account/customer-accounts' })).statusCode).toBe(
      401,
    )
  })
})
