import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { newAdminWithoutSecondFactor } from '../helpers/admin.ts'
import { field, hydrated, registerByApi, storeTokens, TEST_PASSWORD, uniqueEmail } from '../helpers/auth.ts'

/*
 * Passkeys with Chromium's virtual authenticator (a platform authenticator that
 * verifies the person). WebAuthn refuses IP addresses, so these pages are opened as localhost (PASSKEY_URL).
 */

// The password step of an account with a second factor answers 403 (mfa_required), logged by the browser.
test.use({ allowConsoleErrors: [/status of 403/] })

function localhost(path: string): string {
  return `http://localhost:${process.env.E2E_PORT}${path}`
}

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
}

async function open(page: Page, path: string) {
  await page.goto(localhost(path))
  await hydrated(page)
}

test('a member adds a passkey, then signs in with it alone and as the step after the password', async ({
  page,
  context,
  request,
}) => {
  test.slow()
  await virtualAuthenticator(context, page)
  const email = uniqueEmail('passkey')
  await storeTokens(page, await registerByApi(request, email))
  await open(page, '/update-profile/#security')
  const panel = page.getByRole('region', { name: 'Passkeys' })
  await panel.getByRole('textbox', { name: /^Passkey Name/ }).fill('Test laptop')
  await panel.getByLabel(/^Current Password/).fill(TEST_PASSWORD)
  await panel.getByRole('button', { name: 'Add a Passkey' }).click()
  await expect(page.getByText('The passkey Test laptop has been added.')).toBeVisible()
  await expect(panel.getByRole('list', { name: 'Your passkeys' })).toContainText('Test laptop')

  // Alone.
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  // Logout reloads the app on the home page: a page opened before that reload would be interrupted by it.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await open(page, '/login/')
  await page.getByRole('button', { name: 'Sign In with a Passkey' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()

  // After the password.
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  // Logout reloads the app on the home page: a page opened before that reload would be interrupted by it.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await open(page, '/login/')
  await field(page, 'Username').fill(email)
  await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Use a Passkey' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()

  // Renamed, then removed with the password.
  await open(page, '/update-profile/#security')
  await panel.getByRole('button', { name: 'Rename Test laptop' }).click()
  await panel
    .getByRole('textbox', { name: /^Passkey Name/ })
    .first()
    .fill('Office laptop')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel.getByRole('list', { name: 'Your passkeys' })).toContainText('Office laptop')
  await panel.getByRole('button', { name: 'Remove Office laptop' }).click()
  const removeForm = panel.getByRole('form', { name: 'Remove Office laptop' })
  await removeForm.getByLabel(/^Current Password/).fill(TEST_PASSWORD)
  await removeForm.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText('The passkey has been removed.')).toBeVisible()
  await expect(panel.getByRole('list', { name: 'Your passkeys' })).toHaveCount(0)
})

test('an administrator without a second factor may set up a passkey instead of an authenticator app', async ({
  page,
  context,
  request,
}) => {
  test.slow()
  await virtualAuthenticator(context, page)
  const admin = await newAdminWithoutSecondFactor(request)
  await open(page, '/login/?return-url=%2Fadmin%2F')
  await field(page, 'Username').fill(admin.email)
  await page.getByLabel(/^Password/).fill(admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/set-up-two-step-sign-in\/\?return-url=%2Fadmin%2F$/)
  const passkeyForm = page.getByRole('form', { name: 'Or use a passkey instead' })
  await passkeyForm.getByRole('textbox', { name: /^Passkey Name/ }).fill('Admin laptop')
  await passkeyForm.getByLabel(/^Current Password/).fill(admin.password)
  await passkeyForm.getByRole('button', { name: 'Add a Passkey' }).click()
  await expect(page).toHaveURL(/\/admin\/$/)
  await expect(page.getByRole('link', { name: /Manage Users/ }).first()).toBeVisible()

  // The passkey is now their second step after the password.
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  // Logout reloads the app on the home page: a page opened before that reload would be interrupted by it.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await open(page, '/login/')
  await field(page, 'Username').fill(admin.email)
  await page.getByLabel(/^Password/).fill(admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('button', { name: 'Use a Passkey' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
})
