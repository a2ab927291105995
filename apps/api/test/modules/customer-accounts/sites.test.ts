import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findAuditEntries } from '../../../src/modules/audit/repository.ts'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../../helpers/build.ts'
import { creditApplicationFixture } from '../../helpers/credit.ts'
import { apply } from '../credit/helpers.ts'

/*
 * A customer account's job sites in My Account (requirements §18): an Account admin adds, changes and removes them
 * (version-checked, audited); other members read them (a Site supervisor only theirs); a member who is not an
 * Account admin gets 403, and someone not in the account 404.
 */

const SITE = {
  name: 'Monash Freeway upgrade',
  address: {
    fullAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
    unitNumber: '',
    streetNumber: '12',
    streetName: 'Ferntree Gully Road',
    city: 'Oakleigh',
    state: 'VIC',
    postcode: '3166',
  },
  defaultPo: 'PO-4471',
  contactName: 'Sam Site',
  contactPhone: '0412 345 678',
}

/** An account opened by approving `owner`'s application; answers its id. */
async function accountOf(app: FastifyInstance, owner: TestUser): Promise<number> {
  const admin = bearer(await tokenFor(app, await createAdmin(app)))
  const applied = await apply(app, await creditApplicationFixture(0), bearer(await tokenFor(app, owner)))
  expect(applied.statusCode, applied.body).toBe(200)
  const url = `/api/admin/credit-applications/${applied.headers['x-application-reference'] as string}`
  const { version } = (await app.inject({ method: 'GET', url, headers: admin })).json()
  const approved = await app.inject({
    method: 'PATCH',
    url,
    headers: admin,
    payload: { version, status: 'approved', creditLimit: 50_000 },
  })
  expect(approved.statusCode, approved.body).toBe(200)
  const list = await app.inject({ method: 'GET', url: '/api/admin/customer-accounts', headers: admin })
  // The newest account: numbers follow each other.
  return list.json().items.at(-1).id
}

async function setUp(dialect: Dialect) {
  const { app } = await buildTestApp({ dialect })
  const owner = await createUser(app, { memberType: 2 })
  const id = await accountOf(app, owner)
  return {
    app,
    id,
    owner: bearer(await tokenFor(app, owner)),
    base: `/api/my-account/customer-accounts/${id}/sites`,
  }
}

async function join(app: FastifyInstance, accountId: number, role: string, siteIds: number[] = []) {
  const user = await createUser(app, { memberType: 2 })
  const member = await app.db
    .insertInto('customer_account_members')
    .values({
      account_id: accountId,
      user_id: user.id,
      role,
      approval_limit_cents: null,
      version: 1,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const siteId of siteIds) {
    await app.db
      .insertInto('customer_account_member_sites')
      .values({ member_id: member.id, site_id: siteId })
      .execute()
  }
  return bearer(await tokenFor(app, user))
}

describe.each(DIALECTS)("an account's job sites on %s", (dialect) => {
  it('an Account admin adds, changes (from the version seen) and removes a site, each audited', async () => {
    const { app, id, owner, base } = await setUp(dialect)
    const added = await app.inject({ method: 'POST', url: base, headers: owner, payload: SITE })
    expect(added.statusCode, added.body).toBe(201)
    const site = added.json()
    expect(site).toMatchObject({
      name: 'Monash Freeway upgrade',
      fullAddress: '12 Ferntree Gully Road, Oakleigh VIC 3166',
      defaultPo: 'PO-4471',
      contactName: 'Sam Site',
      version: 1,
      // The parts come back so that the portal's form can be filled again to edit the site.
      address: SITE.address,
    })
    const siteUrl = `${base}/${site.id}`
    const changed = await app.inject({
      method: 'PUT',
      url: siteUrl,
      headers: owner,
      payload: { ...SITE, name: 'Monash Freeway, stage 2', version: 1 },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json()).toMatchObject({ name: 'Monash Freeway, stage 2', version: 2 })
    const stale = await app.inject({
      method: 'PUT',
      url: siteUrl,
      headers: owner,
      payload: { ...SITE, version: 1 },
    })
    expect(stale.statusCode).toBe(409)
    const listed = await app.inject({ method: 'GET', url: base, headers: owner })
    expect(listed.json().items.map((item: { name: string }) => item.name)).toEqual([
      'Monash Freeway, stage 2',
    ])

    expect(
      (await app.inject({ method: 'DELETE', url: `${siteUrl}?version=1`, headers: owner })).statusCode,
    ).toBe(409)
    expect(
      (await app.inject({ method: 'DELETE', url: `${siteUrl}?version=2`, headers: owner })).statusCode,
    ).toBe(204)
    expect((await app.inject({ method: 'GET', url: base, headers: owner })).json().items).toEqual([])
    const actions = (await findAuditEntries(app.db, 'customer-account', String(id))).map(
      (entry) => entry.action,
    )
    expect(actions).toEqual([
      'customer-account.open',
      'customer-account.site-create',
      'customer-account.site-update',
      'customer-account.site-delete',
    ])
    // The staff's page lists the account's sites too.
  })

  it('needs a name and an address', async () => {
    const { app, owner, base } = await setUp(dialect)
    const response = await app.inject({
      method: 'POST',
      url: base,
      headers: owner,
      payload: { ...SITE, name: ' ', address: { ...SITE.address, fullAddress: '' } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().ModelState).toMatchObject({
      name: ['Enter the name of the site.'],
      'address.fullAddress': ['Address is required.'],
    })
  })

  it('checks the role and the site on the server: 403 to other roles, 404 to strangers, a supervisor sees theirs', async () => {
    const { app, id, owner, base } = await setUp(dialect)
    const first = (await app.inject({ method: 'POST', url: base, headers: owner, payload: SITE })).json()
    const second = (
      await app.inject({
        method: 'POST',
        url: base,
        headers: owner,
        payload: { ...SITE, name: 'Geelong depot' },
      })
    ).json()
    const orderer = await join(app, id, 'orderer')
    const supervisor = await join(app, id, 'site_supervisor', [second.id])
    const stranger = bearer(await tokenFor(app, await createUser(app, { memberType: 2 })))

    const names = async (headers: Record<string, string>) =>
      (await app.inject({ method: 'GET', url: base, headers }))
        .json()
        .items.map((item: { name: string }) => item.name)
    expect(await names(orderer)).toEqual(['Geelong depot', 'Monash Freeway upgrade'])
    expect(await names(supervisor)).toEqual(['Geelong depot'])

    for (const headers of [orderer, supervisor]) {
      const calls = [
        { method: 'POST' as const, url: base, payload: SITE },
        { method: 'PUT' as const, url: `${base}/${first.id}`, payload: { ...SITE, version: 1 } },
        { method: 'DELETE' as const, url: `${base}/${first.id}?version=1` },
      ]
      for (const call of calls) {
        const response = await app.inject({ ...call, headers })
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403)
        expect(response.json().Message).toBe('Only an Account admin of this account can change its sites.')
      }
    }
    for (const call of [
      { method: 'GET' as const, url: base },
      { method: 'POST' as const, url: base, payload: SITE },
      { method: 'PUT' as const, url: `${base}/${first.id}`, payload: { ...SITE, version: 1 } },
    ]) {
      expect((await app.inject({ ...call, headers: stranger })).statusCode, `${call.method} stranger`).toBe(
        404,
      )
    }
    // Another account's site through this account's address is unknown here.
    const other = await accountOf(app, await createUser(app, { memberType: 2 }))
    const elsewhere = `/api/my-account/customer-accounts/${other}/sites`
    expect((await app.inject({ method: 'GET', url: elsewhere, headers: owner })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: base })).statusCode).toBe(401)
  })
})
