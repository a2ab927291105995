import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'

/**
 * The administrator the browser tests' server is started with (playwright.config.ts). global-setup.ts sets
 * up their authenticator app; tests use an administrator of their own (helpers/admin.ts).
 */
export const ADMIN = { email: 'admin@signalway.example', password: 'Admin-e2e-Passw0rd' }

/** The fixed key under which app/lib/auth-storage.ts keeps the sign-in tokens. */
export const AUTH_STORAGE_KEY = 'signalway.auth'

export interface Tokens {
  access_token: string
  refresh_token: string
  expires_in: number
}

/** Signs in through the token endpoint, as the web app's login does. */
export async function tokensFor(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Tokens> {
  const response = await request.post('/api/v1/core/auth/token', {
    data: { UserName: email, Password: password, ClientId: 'web', GrantType: 'password' },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Tokens
}

/**
 * Stores tokens the way the app does, before any page script runs, once per tab: the app rotates the
 * refresh token afterwards, and putting the spent one back on a reload would look like a reuse.
 */
export async function storeTokens(page: Page, tokens: Tokens) {
  await page.addInitScript(
    ({ key, value }) => {
      if (window.sessionStorage.getItem('e2e-tokens-stored')) return
      window.localStorage.setItem(
        key,
        JSON.stringify({ ...value, expires_at: Date.now() + Number(value.expires_in) * 1000 }),
      )
      window.sessionStorage.setItem('e2e-tokens-stored', '1')
    },
    { key: AUTH_STORAGE_KEY, value: tokens },
  )
}

/** The password of the accounts the browser tests register. */
export const TEST_PASSWORD = 'Cones-and-VMS-2026!'

/** Registers a regular member through POST /api/v1/core/accounts; returns their tokens. */
export async function registerByApi(
  request: APIRequestContext,
  email: string,
  firstName = 'Casey',
  password = TEST_PASSWORD,
): Promise<Tokens> {
  const response = await request.post('/api/v1/core/accounts', {
    data: {
      firstName,
      lastName: 'Nguyen',
      email,
      mobile: '0412345678',
      password,
      confirmPassword: password,
      acceptedTheTerms: true,
      memberType: '1',
    },
  })
  expect(response.status(), await response.text()).toBe(200)
  return (await response.json()) as Tokens
}

let emailSequence = 0

/** An address no other test (or run) has registered. */
export function uniqueEmail(tag: string): string {
  emailSequence += 1
  return `${tag}-${Date.now()}-${emailSequence}-${test.info().workerIndex}@example.com`
}

/**
 * Opens a page and waits until the app has hydrated and knows who is signed in (the header shows Login
 * or Logout): typing before that would go to inputs React has not taken over yet.
 */
export async function openHydrated(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
}

/**
 * Waits until the app has hydrated (see openHydrated), e.g. after a reload. A page that hydrates on the first
 * interaction (ADR 011, ADR 026) starts its app when the pointer moves over it, as a visitor's does.
 */
export async function hydrated(page: Page) {
  if ((await page.locator('script[type="text/x-deferred-module"]').count()) > 0) {
    await page.mouse.move(4, 4)
    await page.mouse.move(12, 12)
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
  }
  await expect(page.getByRole('banner').getByRole('link', { name: /^(Login|Logout)$/ })).toBeVisible({
    timeout: 15_000,
  })
}

/** A text or password input by its accessible name (the required '*' is not part of it). */
export function field(page: Page, name: string): Locator {
  return page.getByRole('textbox', { name, exact: true })
}
