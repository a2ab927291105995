import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { findOutboxMessages } from '../../../src/modules/outbox/repository.ts'
import { findUserById } from '../../../src/modules/users/repository.ts'
import { bearer, createAdmin, createUser, type TestUser, tokenFor } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'

const PUT_URL = '/api/v1/core/accounts/update/own-profile/'
const settingsUrl = (id: number | string) => `/api/v1/core/accounts/${id}/profile/settings`

const COMPANY = {
  companyName: 'Roadworks Co',
  abn: '51 824 753 556',
  employmentServiceProvider: true,
  fullAddress: '3/17 Beacon Place, Molendinar QLD 4214',
  unitNumber: '3',
  streetNumber: '17',
  streetName: 'Beacon Place',
  city: 'Molendinar',
  state: 'QLD',
  postcode: '4214',
  postCode: '4214',
}

function formOf(user: TestUser, overrides: Record<string, unknown> = {}) {
  return {
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    mobile: user.mobile,
    memberType: user.member_type,
    ...overrides,
  }
}

async function put(app: FastifyInstance, user: TestUser, payload: object) {
  return app.inject({ method: 'PUT', url: PUT_URL, headers: bearer(await tokenFor(app, user)), payload })
}

describe.each(DIALECTS)('profile settings and own profile on %s', (dialect) => {
  describe('GET /api/v1/core/accounts/{userId}/profile/settings', () => {
    it("answers one's own settings; company fields only for type 2", async () => {
      const { app } = await buildTestApp({ dialect })
      const regular = await createUser(app, { firstName: 'Sam', lastName: 'Lee', mobile: '0498765432' })
      const response = await app.inject({
        method: 'GET',
        url: settingsUrl(regular.id),
        headers: bearer(await tokenFor(app, regular)),
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({
        id: String(regular.id),
        memberType: 1,
        firstName: 'Sam',
        lastName: 'Lee',
        email: regular.email,
        mobile: '0498765432',
      })

      const company = await createUser(app, { memberType: 2 })
      expect((await put(app, company, formOf(company, COMPANY))).statusCode).toBe(200)
      const settings = await app.inject({
        method: 'GET',
        url: settingsUrl(company.id),
        headers: bearer(await tokenFor(app, company)),
      })
      const { postCode: _postCode, ...stored } = COMPANY
      expect(settings.json()).toEqual({
        id: String(company.id),
        memberType: 2,
        firstName: company.first_name,
        lastName: company.last_name,
        email: company.email,
        mobile: company.mobile,
        ...stored,
      })
    })

    it("answers 403 to user A asking for user B's settings, 401 anonymously; an admin may read anyone's", async () => {
      const { app } = await buildTestApp({ dialect })
      const a = await createUser(app)
      const b = await createUser(app)
      const asA = await app.inject({
        method: 'GET',
        url: settingsUrl(b.id),
        headers: bearer(await tokenFor(app, a)),
      })
      expect(asA.statusCode).toBe(403)
      expect(asA.json()).toEqual({ Message: expect.any(String), requestId: expect.any(String) })
      expect(
        (
          await app.inject({
            method: 'GET',
            url: settingsUrl('not-a-number'),
            headers: bearer(await tokenFor(app, a)),
          })
        ).statusCode,
      ).toBe(403)
      expect((await app.inject({ method: 'GET', url: settingsUrl(b.id) })).statusCode).toBe(401)

      const adminToken = await tokenFor(app, await createAdmin(app))
      const asAdmin = await app.inject({ method: 'GET', url: settingsUrl(b.id), headers: bearer(adminToken) })
      expect(asAdmin.statusCode).toBe(200)
      expect(asAdmin.json()).toMatchObject({ id: String(b.id), email: b.email })
      expect(
        (await app.inject({ method: 'GET', url: settingsUrl(999999), headers: bearer(adminToken) }))
          .statusCode,
      ).toBe(404)
    })
  })

  describe('PUT /api/v1/core/accounts/update/own-profile/', () => {
    it('updates the signed-in user and answers the new settings, mobile without spaces', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const response = await put(
        app,
        user,
        formOf(user, { firstName: 'Alex', lastName: 'Smith', mobile: '0411 222 333' }),
      )
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({
        id: String(user.id),
        firstName: 'Alex',
        lastName: 'Smith',
        mobile: '0411222333',
      })
      expect(await findUserById(app.db, user.id)).toMatchObject({ first_name: 'Alex', mobile: '0411222333' })
      expect((await app.inject({ method: 'PUT', url: PUT_URL, payload: formOf(user) })).statusCode).toBe(401)
    })

    it("answers 403 to user A sending user B's id, and changes nobody", async () => {
      const { app } = await buildTestApp({ dialect })
      const a = await createUser(app)
      const b = await createUser(app, { firstName: 'Bobby' })
      for (const key of ['id', 'userId']) {
        const response = await put(app, a, {
          ...formOf(b, { firstName: 'Hacked' }),
          email: a.email,
          [key]: String(b.id),
        })
        expect(response.statusCode).toBe(403)
      }
      expect((await findUserById(app.db, b.id))?.first_name).toBe('Bobby')
      expect((await findUserById(app.db, a.id))?.first_name).toBe(a.first_name)
      // Their own id is fine.
      expect((await put(app, a, formOf(a, { id: String(a.id) }))).statusCode).toBe(200)
    })

    it('ignores the member type in the body', async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const response = await put(app, user, formOf(user, { memberType: 3 }))
      expect(response.statusCode).toBe(200)
      expect(response.json().memberType).toBe(1)
      expect((await findUserById(app.db, user.id))?.member_type).toBe(1)
    })

    it('stores company fields for type 2 only', async () => {
      const { app } = await buildTestApp({ dialect })
      const regular = await createUser(app)
      expect((await put(app, regular, formOf(regular, { ...COMPANY, memberType: 2 }))).statusCode).toBe(200)
      const row = await findUserById(app.db, regular.id)
      expect(row).toMatchObject({ member_type: 1, company_name: null, abn: null, street_name: null })
    })

    it('validates the company fields of a type 2 member even when the body claims type 1', async () => {
      const { app } = await buildTestApp({ dialect })
      const company = await createUser(app, { memberType: 2 })
      const response = await put(
        app,
        company,
        formOf(company, { memberType: 1, companyName: 'R', abn: '123' }),
      )
      expect(response.statusCode).toBe(400)
      expect(response.json().ModelState).toEqual({
        companyName: ['Company name must have at least 2 characters.'],
        abn: ['Invalid australian business number format.'],
        streetNumber: ['Street number is required.'],
        streetName: ['Street name is required.'],
        city: ['City is required.'],
        state: ['State is required.'],
        postcode: ['Post code is required.'],
      })
    })

    it("answers bad input with the requirements' messages", async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app)
      const response = await put(app, user, {
        firstName: 'A',
        lastName: '',
        email: 'nope',
        mobile: '',
        memberType: 1,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json().ModelState).toEqual({
        firstName: ['First name must have at least 2 characters.'],
        lastName: ['Last name is required.'],
        email: ['Invalid email address'],
        mobile: ['Mobile is required.'],
      })
    })

    it("asks the new address to confirm a change of email, not another account's address: 409", async () => {
      const { app } = await buildTestApp({ dialect })
      const user = await createUser(app, { email: 'old@example.com' })
      await createUser(app, { email: 'taken@example.com' })
      const withPassword = (email: string) => ({ ...formOf(user, { email }), currentPassword: user.password })
      const taken = await put(app, user, withPassword('TAKEN@example.com'))
      expect(taken.statusCode).toBe(409)
      expect(taken.json()).toEqual({
        Message: 'An account with this email address already exists.',
        requestId: expect.any(String),
      })
      const changed = await put(app, user, withPassword('new@example.com'))
      expect(changed.statusCode).toBe(200)
      // Until the new address confirms it (email-change.test.ts), the account keeps its email.
      expect(changed.json()).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' })
      const mail = await findOutboxMessages(app.db)
      expect(mail.map((message) => message.to_address).sort()).toEqual(['new@example.com', 'old@example.com'])
      // Same address in another case: no mail, no conflict, no password needed.
      expect((await put(app, user, formOf(user, { email: 'OLD@example.com' }))).statusCode).toBe(200)
      expect(await findOutboxMessages(app.db)).toHaveLength(2)
    })
  })
})
