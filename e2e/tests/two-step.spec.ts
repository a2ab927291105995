import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens, codeAfter, enrol, newAdminWithoutSecondFactor, totpCode } from '../helpers/admin.ts'
import {
  field,
  hydrated,
  openHydrated,
  registerByApi,
  storeTokens,
  TEST_PASSWORD,
  tokensFor,
  uniqueEmail,
} from '../helpers/auth.ts'

/*
 * Two-step sign-in with an authenticator app (a code generated here from the key
 * the page shows), recovery codes, administrators taken to set it up before anything else, and an
 * administrator resetting a user's lost second factor.
 */

// The password step of an account with a second factor answers 403 (mfa_required), a wrong code 400:
// the browser logs both.
test.use({ allowConsoleErrors: [/status of 40[03]/] })

/**
 * Sets up the app on the page in view: the current password, then reads the key, types its first code, saves
 * the recovery codes.
 */
async function setUpAuthenticator(
  page: Page,
  password: string,
): Promise<{ secret: string; codes: string[]; at: number }> {
  const form = page.getByRole('form', { name: 'Set up your authenticator app' })
  await form.getByLabel(/^Current Password/).fill(password)
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('img', { name: /QR code to add Signalway Traffic Hire/ })).toBeVisible()
  const secret = (await page.locator('.two-step__key').innerText()).replace(/\s+/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const at = Date.now()
  await field(page, 'Code').fill(totpCode(secret, at))
  await page.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click()
  const list = page.getByRole('list', { name: 'Recovery codes' })
  await expect(list.getByRole('listitem')).toHaveCount(10)
  const codes = await list.getByRole('listitem').allInnerTexts()
  await page.getByRole('button', { name: 'I Have Saved My Codes' }).click()
  return { secret, codes, at }
}

async function passwordStep(page: Page, email: string, password: string) {
  await openHydrated(page, '/login/')
  await field(page, 'Username').fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
}

test('a member turns on two-step sign-in, then signs in with a recovery code and with a code from the app', async ({
  page,
  request,
}) => {
  test.slow()
  const email = uniqueEmail('two-step')
  await storeTokens(page, await registerByApi(request, email))
  await openHydrated(page, '/update-profile/#security')
  const section = page.getByRole('region', { name: 'Two-step sign-in' })
  await section.getByRole('button', { name: 'Set Up an Authenticator App' }).click()
  const { secret, codes, at } = await setUpAuthenticator(page, TEST_PASSWORD)
  await expect(section.getByText('You have 10 recovery codes left.')).toBeVisible()

  // A recovery code, once.
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  // Logout reloads the app on the home page: a page opened before that reload would be interrupted by it.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await passwordStep(page, email, TEST_PASSWORD)
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible()
  await page.getByRole('button', { name: 'Use a Recovery Code' }).click()
  await field(page, 'Recovery Code').fill(codes[0] ?? '')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()

  // A code from the app (the next step's: the first code was used to confirm it).
  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  // Logout reloads the app on the home page: a page opened before that reload would be interrupted by it.
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  await passwordStep(page, email, TEST_PASSWORD)
  const code = field(page, 'Code')
  await expect(code).toBeFocused()
  await code.fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('The code is not right, or has been used already.')).toBeVisible()
  await code.fill(codeAfter(secret, at))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  await page.goto('/update-profile/#security')
  await hydrated(page)
  await expect(page.getByText('You have 9 recovery codes left.')).toBeVisible()

  // New codes, with the password: ten again.
  await section.getByRole('button', { name: 'New Recovery Codes' }).click()
  await section.getByLabel(/^Current Password/).fill(TEST_PASSWORD)
  await section.getByRole('button', { name: 'Get New Codes' }).click()
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
  await page.getByRole('button', { name: 'I Have Saved My Codes' }).click()
  await expect(page.getByText('You have 10 recovery codes left.')).toBeVisible()
})

test('an administrator without a second factor is taken to set one up after the password and reaches nothing else first', async ({
  page,
  request,
}) => {
  test.slow()
  const admin = await newAdminWithoutSecondFactor(request)
  await page.goto('/login/?return-url=%2Fadmin%2Fmanage-users%2F')
  await hydrated(page)
  await field(page, 'Username').fill(admin.email)
  await page.getByLabel(/^Password/).fill(admin.password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/set-up-two-step-sign-in\/\?return-url=%2Fadmin%2Fmanage-users%2F$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Set Up Two-Step Sign-In' })).toBeVisible()

  // Nothing else: an admin page sends them back here, and the API answers them nothing.
  await page.goto('/admin/')
  await expect(page).toHaveURL(/\/set-up-two-step-sign-in\/\?return-url=%2Fadmin%2F$/)
  await setUpAuthenticator(page, admin.password)
  await expect(page).toHaveURL(/\/admin\/$/)
  await page
    .getByRole('link', { name: /Manage Users/ })
    .first()
    .click()
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible()
})

test('an administrator resets the two-step sign-in of a user who lost their phone', async ({
  page,
  request,
}) => {
  test.slow()
  const email = uniqueEmail('lost-phone')
  const user = await registerByApi(request, email)
  await enrol(request, user, TEST_PASSWORD)
  const first = await request.post('/api/v1/core/auth/token', {
    data: { UserName: email, Password: TEST_PASSWORD, ClientId: 'web', GrantType: 'password' },
  })
  expect(first.status()).toBe(403)
  const { id } = JSON.parse(Buffer.from(user.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
    id: string | number
  }

  await storeTokens(page, await adminTokens(request))
  await openHydrated(page, `/admin/update-user/${id}`)
  const section = page.getByRole('region', { name: 'Two-step sign-in' })
  await expect(section).toContainText('On:')
  await section.getByRole('button', { name: 'Reset Two-Step Sign-In' }).click()
  const yes = section.getByRole('button', { name: 'Yes, Reset' })
  await expect(yes).toBeFocused()
  await yes.click()
  await expect(page.getByText(/^Two-step sign-in has been reset for /)).toBeVisible()
  await expect(section).toContainText('Off:')
  // The password alone signs them in again.
  expect((await tokensFor(request, email, TEST_PASSWORD)).access_token).toBeTruthy()
})
