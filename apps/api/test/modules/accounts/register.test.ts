import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'
import { isCommonPassword } from '../../../src/lib/common-passwords.ts'
import { findUserByEmail } from '../../../src/modules/users/repository.ts'
import { createUser } from '../../helpers/auth.ts'
import { buildTestApp, DIALECTS } from '../../helpers/build.ts'
import { useProductionHashingCost } from '../../helpers/hashing.ts'

const URL = '/api/v1/core/accounts'

function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Riley',
    lastName: 'Cooper',
    email: 'riley.cooper@example.com',
    mobile: '0412 345 678',
    password: 'Cone-stack-2026',
    confirmPassword: 'Cone-stack-2026',
    acceptedTheTerms: true,
    memberType: '1',
    ...overrides,
  }
}

function register(app: FastifyInstance, payload: unknown, remoteAddress?: string) {
  return app.inject({
    method: 'POST',
    url: URL,
    payload: payload as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  })
}

function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString())
}

describe.each(DIALECTS)('POST /api/v1/core/accounts (register) on %s', (dialect) => {
  it('creates a regular member, stores the mobile without spaces, and answers tokens', async () => {
    useProductionHashingCost()
    const { app } = await buildTestApp({ dialect })
    const response = await register(app, registration())
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const tokens = response.json()
    expect(tokens).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
    })
    const user = await findUserByEmail(app.db, 'riley.cooper@example.com')
    expect(user).toMatchObject({
      first_name: 'Riley',
      last_name: 'Cooper',
      mobile: '0412345678',
      member_type: 1,
      is_active: 1,
      archived_at: null,
    })
    expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(claimsOf(tokens.access_token)).toMatchObject({
      id: String(user?.id),
      sub: 'riley.cooper@example.com',
      given_name: 'Riley',
      family_name: 'Cooper',
      rol: '1',
    })
    // The tokens work: the profile can be fetched straight away, as the web client does.
    const profile = await app.inject({
      method: 'GET',
      url: `/api/v1/core/accounts/${user?.id}/profile/settings`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(profile.json()).toEqual({
      id: String(user?.id),
      memberType: 1,
      firstName: 'Riley',
      lastName: 'Cooper',
      email: 'riley.cooper@example.com',
      mobile: '0412345678',
    })
  })

  it('makes a member of type 1 even when the payload asks for type 3 (or 2)', async () => {
    const { app } = await buildTestApp({ dialect })
    for (const [i, memberType] of [3, '3', 2, undefined].entries()) {
      const email = `sneaky${i}@example.com`
      const response = await register(app, registration({ email, memberType }))
      expect(response.statusCode).toBe(200)
      expect(claimsOf(response.json().access_token).rol).toBe('1')
      expect((await findUserByEmail(app.db, email))?.member_type).toBe(1)
    }
  })

  it('answers 409 for an email address already registered, in any case', async () => {
    const { app } = await buildTestApp({ dialect })
    await createUser(app, { email: 'taken@example.com' })
    const response = await register(app, registration({ email: 'Taken@Example.COM' }))
    expect(response.statusCode).toBe(409)
    expect(response.json()).toEqual({
      Message: 'An account with this email address already exists.',
      requestId: expect.any(String),
    })
  })

  it("answers bad input with the requirements' messages in ModelState", async () => {
    const { app } = await buildTestApp({ dialect })
    const empty = await register(app, {})
    expect(empty.statusCode).toBe(400)
    expect(empty.json().ModelState).toMatchObject({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      email: ['Email is required.'],
      mobile: ['Mobile is required.'],
      password: ['Password is required.'],
      acceptedTheTerms: ['Please accept the terms and conditions.'],
    })
    const bad = await register(
      app,
      registration({
        firstName: 'R',
        lastName: 'C',
        email: 'not-an-email',
        password: 'short',
        confirmPassword: 'different',
        acceptedTheTerms: false,
      }),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().ModelState).toEqual({
      firstName: ['First name must have at least 2 characters.'],
      lastName: ['First name must have at least 2 characters.'],
      email: ['Invalid email address'],
      password: ['Password must have at least 8 characters.', 'Must have a number.'],
      confirmPassword: ['Passwords must match.'],
      acceptedTheTerms: ['Please accept the terms and conditions.'],
    })
    const longName = await register(app, registration({ firstName: 'A'.repeat(31) }))
    expect(longName.json().ModelState).toEqual({ firstName: ['First name is too long.'] })
  })

  it('refuses a password among the most common ones: Password is too common.', async () => {
    const { app } = await buildTestApp({ dialect })
    for (const password of ['Password123', 'qwerty123', 'Melbourne2024']) {
      const response = await register(
        app,
        registration({ email: `${password}@example.com`, password, confirmPassword: password }),
      )
      expect(response.statusCode, password).toBe(400)
      expect(response.json()).toEqual({
        Message: 'The request is invalid.',
        ModelState: { password: ['Password is too common.'] },
        requestId: expect.any(String),
      })
    }
    expect(await findUserByEmail(app.db, 'Password123@example.com')).toBeUndefined()
  })

  it('allows 10 registrations an hour from one address, then answers 429 with Retry-After', async () => {
    const { app } = await buildTestApp({ dialect })
    for (let i = 0; i < 10; i++) {
      const response = await register(app, registration({ email: `r${i}@example.com` }), '203.0.113.9')
      expect(response.statusCode).toBe(200)
    }
    const limited = await register(app, registration({ email: 'r10@example.com' }), '203.0.113.9')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBe(3600)
    expect((await register(app, registration({ email: 'r11@example.com' }), '198.51.100.1')).statusCode).toBe(
      200,
    )
  })
})

describe('the common-password list', () => {
  it('knows the classics, ignores case, and lets an uncommon password through', () => {
    for (const password of ['password1', 'PASSWORD1', '12345678', 'iloveyou1', 'qwerty123', 'Signalway1']) {
      expect(isCommonPassword(password), password).toBe(true)
    }
    expect(isCommonPassword('Cone-stack-2026')).toBe(false)
  })
})
