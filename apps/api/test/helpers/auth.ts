import { MEMBER_TYPE } from '@signalway/shared/constants'
import type { FastifyInstance } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { UserRow } from '../../src/db/schema.ts'
import { buildUser, createUser as insertUser, type UserFields } from '../../src/seed/factories.ts'

/*
 * Users and access tokens for API tests:
 *
 *   const admin = await createAdmin(app) // with an authenticator app set up
 *   const token = await tokenFor(app, admin)
 *   await app.inject({ method: 'GET', url: '/api/v1/users/1', headers: bearer(token) })
 */

/** A user row plus the plain password it was created with. */
export type TestUser = UserRow & { password: string }

/** Inserts a user through the seed factories (defaults: type 1, password 'Password123', unique email). */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<UserFields> = {},
): Promise<TestUser> {
  const fields = buildUser(overrides)
  const row = await insertUser(app.db, fields)
  return { ...row, password: fields.password }
}

/**
 * An administrator (member type 3), with an authenticator app set up (administrators reach nothing else
 * without one, ADR 018); `{ secondFactor: false }` for one who has not set it up yet.
 */
export async function createAdmin(
  app: FastifyInstance,
  overrides: Partial<UserFields> = {},
  { secondFactor = true }: { secondFactor?: boolean } = {},
): Promise<TestUser> {
  const admin = await createUser(app, {
    firstName: 'Ada',
    lastName: 'Admin',
    ...overrides,
    memberType: MEMBER_TYPE.Admin,
  })
  if (secondFactor) await enrolTotp(app, admin)
  return admin
}

/** What an authenticator app shows for a base32 secret at a time (the app's clock by default). */
export function totpCode(app: FastifyInstance, secret: string, at: Date = app.clock()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  })
}

/** Sets up an authenticator app for a user, as the Security section does; answers its secret and codes. */
export async function enrolTotp(
  app: FastifyInstance,
  user: UserRow,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = await app.secondFactors.startTotp(user)
  const { recoveryCodes } = await app.secondFactors.confirmTotp(user, totpCode(app, secret))
  return { secret, recoveryCodes }
}

/** The client of sessions started by tests. */
export const TEST_CLIENT = { ip: '127.0.0.1', userAgent: 'test' }

/** An access token for a user, from a new session, without going through the password check. */
export async function tokenFor(app: FastifyInstance, user: UserRow): Promise<string> {
  const tokens = await app.tokens.startSession(app.db, user, app.accessTokens.audience, TEST_CLIENT)
  return tokens.access_token
}

/** Signs in through POST /api/v1/core/auth/token; returns the access token (throws on failure). */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/core/auth/token',
    payload: {
      UserName: email,
      Password: password,
      ClientId: app.accessTokens.audience,
      GrantType: 'password',
    },
  })
  if (response.statusCode !== 200) {
    throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`)
  }
  return (response.json() as { access_token: string }).access_token
}

/** The Authorization header of a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` }
}

/** An injected request of an administrators' call: method, URL and, for a write, its body. */
export interface AdminCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  payload?: object
}

/** Every call answers 401 without a token and 403 to members of types 1 and 2 (administrators only). */
export async function expectAdminOnly(app: FastifyInstance, calls: readonly AdminCall[]): Promise<void> {
  for (const call of calls) {
    expect((await app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401)
  }
  for (const memberType of [1, 2] as const) {
    const headers = bearer(await tokenFor(app, await createUser(app, { memberType })))
    for (const call of calls) {
      const response = await app.inject({ ...call, headers })
      expect(response.statusCode, `type ${memberType}: ${call.method} ${call.url}`).toBe(403)
    }
  }
}
