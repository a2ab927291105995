import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { ADMIN, storeTokens, TEST_PASSWORD, type Tokens, uniqueEmail } from './auth.ts'

/*
 * Administrators in the browser tests. An administrator reaches nothing without a second factor,
 * and a code from the authenticator app is accepted once per 30-second step: two tests signing in the same
 * administrator within one step would refuse each other. So:
 * - global-setup.ts sets up an authenticator app for the seeded administrator and one "root" administrator per
 *   parallel worker, and writes their secrets to the test data folder;
 * - each worker signs its root in (password, then a code) when it first needs it, again after 10 minutes;
 * - `adminTokens` gives each test an administrator of its own, created by the worker's root and set up with
 *   an authenticator app of its own, so no two sign-ins ever share a code.
 */

export interface AdminAccount {
  email: string
  password: string
  /** The authenticator app's base32 secret. */
  secret: string
}

const ADMIN_PASSWORD = 'Admin-e2e-Passw0rd-2'
const STEP_MS = 30_000

/** What an authenticator app shows for a base32 secret. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: at,
  })
}

/**
 * A code the server takes after the one used at `usedAt`. A code is accepted once per 30-second step, and for one
 * step either side of the server's clock (an authenticator app whose clock runs a little ahead): the step after
 * the used one, or the current step once that has passed. A sign-in straight after setting up the app, or after
 * another sign-in, need not wait up to half a minute for the next step.
 */
export function codeAfter(secret: string, usedAt: number): string {
  const step = Math.max(Math.floor(usedAt / STEP_MS) + 1, Math.floor(Date.now() / STEP_MS))
  return totpCode(secret, step * STEP_MS)
}

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

function adminsFile(): string {
  const dir = process.env.E2E_DATA_DIR
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it).')
  return join(dir, 'e2e-admins.json')
}

async function passwordGrant(request: APIRequestContext, email: string, password: string) {
  return request.post('/api/v1/core/auth/token', {
    data: { UserName: email, Password: password, ClientId: 'web', GrantType: 'password' },
  })
}

/**
 * Sets up an authenticator app for a signed-in account with its password (an administrator's session then
 * reaches everything).
 */
export async function enrol(request: APIRequestContext, tokens: Tokens, password: string): Promise<string> {
  const setup = await request.post('/api/v1/core/auth/second-factor/totp', {
    headers: bearer(tokens),
    data: { currentPassword: password },
  })
  expect(setup.status(), await setup.text()).toBe(200)
  const { secret } = (await setup.json()) as { secret: string }
  const confirm = await request.post('/api/v1/core/auth/second-factor/totp/confirm', {
    headers: bearer(tokens),
    data: { code: totpCode(secret) },
  })
  expect(confirm.status(), await confirm.text()).toBe(200)
  return secret
}

/** Signs in with the password and a code; the next step's code once if this step's was used. */
export async function signInWithCode(request: APIRequestContext, account: AdminAccount): Promise<Tokens> {
  for (let attempt = 0; ; attempt++) {
    const first = await passwordGrant(request, account.email, account.password)
    expect(first.status(), await first.text()).toBe(403)
    const { mfa_token } = (await first.json()) as { mfa_token: string }
    const otp = attempt === 0 ? totpCode(account.secret) : codeAfter(account.secret, Date.now())
    const second = await request.post('/api/v1/core/auth/token', {
      data: { ClientId: 'web', GrantType: 'mfa_otp', mfa_token, otp },
    })
    if (second.status() === 200) return (await second.json()) as Tokens
    expect(attempt, await second.text()).toBe(0)
  }
}

/** Creates an administrator through another's session; answers the new account (no second factor yet). */
export async function createAdminAccount(
  request: APIRequestContext,
  by: Pick<Tokens, 'access_token'>,
  email = uniqueEmail('admin'),
): Promise<Omit<AdminAccount, 'secret'>> {
  const response = await request.post('/api/v1/core/accounts/admin', {
    headers: bearer(by),
    data: {
      firstName: 'Ada',
      lastName: 'Admin',
      email,
      mobile: '0412 345 678',
      memberType: 3,
      password: ADMIN_PASSWORD,
      confirmPassword: ADMIN_PASSWORD,
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { email, password: ADMIN_PASSWORD }
}

interface AdminsFile {
  seeded: AdminAccount
  roots: AdminAccount[]
}

/** global-setup.ts: the seeded administrator and one root per worker get an authenticator app. */
export async function setUpAdmins(request: APIRequestContext, workers: number): Promise<void> {
  const signedIn = await passwordGrant(request, ADMIN.email, ADMIN.password)
  expect(signedIn.status(), await signedIn.text()).toBe(200)
  const seededTokens = (await signedIn.json()) as Tokens
  const seeded = { ...ADMIN, secret: await enrol(request, seededTokens, ADMIN.password) }
  const roots: AdminAccount[] = []
  for (let index = 0; index < workers; index++) {
    const account = await createAdminAccount(request, seededTokens, `root-${index}-${Date.now()}@example.com`)
    const tokens = (await (await passwordGrant(request, account.email, account.password)).json()) as Tokens
    roots.push({ ...account, secret: await enrol(request, tokens, account.password) })
  }
  writeFileSync(adminsFile(), JSON.stringify({ seeded, roots } satisfies AdminsFile))
}

function admins(): AdminsFile {
  return JSON.parse(readFileSync(adminsFile(), 'utf8')) as AdminsFile
}

/** The seeded administrator (ADMIN) with their authenticator app's secret. */
export function seededAdmin(): AdminAccount {
  return admins().seeded
}

let root: { tokens: Tokens; at: number } | undefined

/** This worker's root administrator's session (access tokens last 15 minutes; a new one after 10). */
async function rootTokens(request: APIRequestContext): Promise<Tokens> {
  if (!root || Date.now() - root.at > 10 * 60_000) {
    const { roots } = admins()
    const account = roots[test.info().parallelIndex % roots.length]
    if (!account) throw new Error('No root administrator: did global-setup.ts run?')
    root = { tokens: await signInWithCode(request, account), at: Date.now() }
  }
  return root.tokens
}

/** An administrator of the test's own, with an authenticator app set up, signed in: their tokens and account. */
export async function newAdmin(
  request: APIRequestContext,
): Promise<{ tokens: Tokens; account: AdminAccount }> {
  const created = await createAdminAccount(request, await rootTokens(request))
  const first = await passwordGrant(request, created.email, created.password)
  expect(first.status(), await first.text()).toBe(200)
  const tokens = (await first.json()) as Tokens
  const secret = await enrol(request, tokens, created.password)
  return { tokens, account: { ...created, secret } }
}

/** Tokens of a signed-in administrator (of the test's own: see newAdmin). */
export async function adminTokens(request: APIRequestContext): Promise<Tokens> {
  return (await newAdmin(request)).tokens
}

/** An administrator who has not set up a second factor yet (created by the worker's root). */
export async function newAdminWithoutSecondFactor(
  request: APIRequestContext,
): Promise<Omit<AdminAccount, 'secret'>> {
  return createAdminAccount(request, await rootTokens(request), uniqueEmail('new-admin'))
}

/** Opens the tab signed in as an administrator of the test's own. */
export async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await storeTokens(page, await adminTokens(request))
}

/**
 * A company member (member type 2), created by an administrator of the test's own (registration always makes
 * type 1): Carla Cones, mobile 0412 345 678, with `password` (TEST_PASSWORD by default). Answers the email.
 */
export async function createCompanyMember(
  request: APIRequestContext,
  { prefix = 'company', password = TEST_PASSWORD }: { prefix?: string; password?: string } = {},
): Promise<string> {
  const admin = await adminTokens(request)
  const email = uniqueEmail(prefix)
  const created = await request.post('/api/v1/core/accounts/admin', {
    headers: bearer(admin),
    data: {
      firstName: 'Carla',
      lastName: 'Cones',
      email,
      mobile: '0412345678',
      password,
      confirmPassword: password,
      memberType: 2,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return email
}
