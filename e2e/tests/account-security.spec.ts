import { expect, test } from '../fixtures.ts'
import {
  AUTH_STORAGE_KEY,
  field,
  hydrated,
  openHydrated,
  registerByApi,
  storeTokens,
  TEST_PASSWORD,
  type Tokens,
  tokensFor,
  uniqueEmail,
} from '../helpers/auth.ts'
import { newestMailTo, RESET_LINK, resetLinkIn } from '../helpers/mail.ts'

/*
 * Logout ends the session on the server, the profile's Security section lists
 * the sessions and signs them out, a password change ends the other sessions, and a reset link's token
 * leaves the address bar at once.
 */

const NEW_PASSWORD = 'Barrier-board-77'
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

const storedTokens = (page: import('@playwright/test').Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Tokens | null, AUTH_STORAGE_KEY)

test('after logout, the refresh token of that session is refused by the server', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('logout')
  await storeTokens(page, await registerByApi(request, email))
  await openHydrated(page, '/update-profile/')
  const before = await storedTokens(page)
  expect(before?.refresh_token).toBeTruthy()

  await page.getByRole('banner').getByRole('link', { name: 'Logout' }).click()
  await expect.poll(() => new URL(page.url()).pathname).toBe('/')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await storedTokens(page)).toBeNull()

  // A copy of the tokens taken before logout is worthless now.
  const refreshed = await request.post('/api/v1/core/auth/token', {
    data: { RefreshToken: before?.refresh_token, ClientId: 'web', GrantType: 'refresh_token' },
  })
  expect(refreshed.status()).toBe(400)
  expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' })
  const profile = await request.get('/api/v1/core/auth/sessions', {
    headers: { Authorization: `Bearer ${before?.access_token}` },
  })
  expect(profile.status()).toBe(401)
})

test.describe('the Security section of the profile', () => {
  // Signing out the other browser makes its next call a 401 (logged by that browser).
  test.use({ allowConsoleErrors: [/status of 40[01]/] })

  test('lists the sessions and signs out another device', async ({ page, browser, request }) => {
    const email = uniqueEmail('sessions')
    await storeTokens(page, await registerByApi(request, email))
    // A second device: another browser context, with another browser's name.
    const other = await browser.newContext({ userAgent: CHROME_ON_WINDOWS })
    const otherPage = await other.newPage()
    const signedIn = await request.post('/api/v1/core/auth/token', {
      headers: { 'user-agent': CHROME_ON_WINDOWS },
      data: { UserName: email, Password: TEST_PASSWORD, ClientId: 'web', GrantType: 'password' },
    })
    await storeTokens(otherPage, (await signedIn.json()) as Tokens)
    await openHydrated(otherPage, '/update-profile/')

    await openHydrated(page, '/update-profile/')
    const security = page.getByRole('region', { name: 'Security' })
    await expect(security.getByRole('heading', { level: 2, name: 'Security' })).toBeVisible()
    const list = security.getByRole('region', { name: 'Where you are signed in' })
    const items = list.getByRole('listitem')
    await expect(items).toHaveCount(2)
    await expect(items.filter({ hasText: 'This device' })).toHaveCount(1)
    await expect(items.filter({ hasText: 'Chrome 131 on Windows' })).toHaveCount(1)

    await list.getByRole('button', { name: 'Sign out Chrome 131 on Windows' }).click()
    await expect(page.getByText('That session has been signed out.')).toBeVisible()
    await expect(items).toHaveCount(1)
    await expect(list.getByRole('button', { name: 'Sign out everywhere else' })).toHaveCount(0)

    // The other device is signed out at its next step.
    await otherPage.reload()
    await expect(otherPage.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible({
      timeout: 15_000,
    })
    await other.close()
  })

  test('changes the password: the other sessions end, the notice is emailed, the new password works', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('change-password')
    await storeTokens(page, await registerByApi(request, email))
    const elsewhere = await tokensFor(request, email, TEST_PASSWORD)
    await openHydrated(page, '/update-profile/#security')

    const form = page.getByRole('form', { name: 'Change your password' })
    await form.getByRole('textbox', { name: 'Current Password', exact: true }).fill('not-my-password-1')
    await form.getByRole('textbox', { name: 'New Password', exact: true }).fill(NEW_PASSWORD)
    await form.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(NEW_PASSWORD)
    await form.getByRole('button', { name: 'Change Password' }).click()
    await expect(form.getByText('The current password is incorrect.')).toBeVisible()
    await expect(page.getByText('Unable to change your password.')).toBeVisible()

    await form.getByRole('textbox', { name: 'Current Password', exact: true }).fill(TEST_PASSWORD)
    await form.getByRole('button', { name: 'Change Password' }).click()
    await expect(
      page.getByText('Your password has been changed. Every other session has been signed out.'),
    ).toBeVisible()
    await expect(form.getByRole('textbox', { name: 'Current Password', exact: true })).toHaveValue('')

    expect(await newestMailTo(email, 'has just been changed')).toContain(
      'password of your Signalway Traffic Hire account has just been changed',
    )
    const refused = await request.post('/api/v1/core/auth/token', {
      data: { RefreshToken: elsewhere.refresh_token, ClientId: 'web', GrantType: 'refresh_token' },
    })
    expect(refused.status()).toBe(400)
    await tokensFor(request, email, NEW_PASSWORD)
    // This browser stays signed in.
    await page.reload()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
    await expect(field(page, 'First Name')).toHaveValue('Casey')
  })
})

test('a reset link’s token leaves the address bar at once, and the page sends no referrer', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('reset-address')
  await registerByApi(request, email)
  const requested = await request.patch(
    `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
  )
  expect(requested.status()).toBe(200)
  const link = resetLinkIn(await newestMailTo(email, RESET_LINK))

  const response = await page.goto(link)
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  expect(response?.headers()['cache-control']).toBe('no-store')
  // Checked on the server: the form is there before any app code runs (ADR 027), and the enhancement
  // script has already taken the token out of the address bar.
  await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toBeVisible()
  await expect(page.locator('script[type="text/x-deferred-module"]')).toHaveCount(1)
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
  await expect.poll(() => new URL(page.url()).search).toBe('')
  // Replaced, not pushed: going back does not return to the address with the token.
  expect(await page.evaluate(() => history.length)).toBe(2) // about:blank, then the reset page
  expect(await page.evaluate(() => sessionStorage.getItem('signalway.pages') ?? '')).not.toContain('?t=')

  // The token is still used: the reset goes through.
  await field(page, 'New Password').fill(NEW_PASSWORD)
  await field(page, 'Confirm Password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  await tokensFor(request, email, NEW_PASSWORD)
})

test('an email change waits for the link sent to the new address, then the new address signs in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('email-old')
  const newEmail = uniqueEmail('email-new')
  await storeTokens(page, await registerByApi(request, email))
  await openHydrated(page, '/update-profile/')

  const details = page.getByRole('form', { name: 'Your details' })
  await details.getByRole('textbox', { name: 'Email', exact: true }).fill(newEmail)
  const password = details.getByRole('textbox', { name: 'Current Password', exact: true })
  await expect(password).toBeVisible()
  await password.fill(TEST_PASSWORD)
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(
    page.getByText(`We have sent a confirmation link to ${newEmail}.`, { exact: false }),
  ).toBeVisible()
  await expect(field(page, 'Email')).toHaveValue(email)

  // The old address is told, with a way to cancel; the new one gets the link.
  expect(await newestMailTo(email, '/cancel-email-change/?t=')).toContain('/cancel-email-change/?t=')
  const link = /https?:\/\/\S+\/confirm-email\/\?t=\S+/.exec(await newestMailTo(newEmail))?.[0] ?? ''
  expect(link).not.toBe('')
  // Until then, the old email signs in.
  await tokensFor(request, email, TEST_PASSWORD)

  const response = await page.goto(link)
  expect(response?.headers()['referrer-policy']).toBe('no-referrer')
  await expect(page.getByText(`Your email address is now ${newEmail}.`)).toBeVisible()
  expect(new URL(page.url()).search).toBe('')
  await tokensFor(request, newEmail, TEST_PASSWORD)
  const old = await request.post('/api/v1/core/auth/token', {
    data: { UserName: email, Password: TEST_PASSWORD, ClientId: 'web', GrantType: 'password' },
  })
  expect(old.status()).toBe(400)
})

test.describe('a confirmation link opened in the wrong session', () => {
  // The refusal of the link while signed in to another account (403).
  test.use({ allowConsoleErrors: [/status of 403/] })

  test('a confirmation link confirms only signed in to its own account: another account is refused, signed out it asks to log in first', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('confirm-owner')
    await registerByApi(request, email)
    const link =
      /https?:\/\/[^/\s]+(\/confirm-email\/\?t=[A-Za-z0-9_-]+)/.exec(await newestMailTo(email))?.[1] ?? ''
    expect(link).not.toBe('')

    // Signed in to someone else's account: refused, in words that say why, with a way to log out.
    await storeTokens(page, await registerByApi(request, uniqueEmail('confirm-other')))
    await page.goto(link)
    await expect(
      page.getByRole('alert').filter({ hasText: 'This link belongs to another account.' }),
    ).toHaveText(
      'This link belongs to another account. Please log out, log in to the account it was sent for, and open the link again.',
    )
    await page.getByRole('link', { name: 'Log out', exact: true }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()

    // Signed out: the page asks to log in, without the token in the login page's address, and comes back.
    await page.goto(link)
    await expect(page).toHaveURL(/\/login\/\?return-url=%2Fconfirm-email%2F$/)
    await hydrated(page)
    await field(page, 'Username').fill(email)
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    // The refusal did not spend the link: it confirms now.
    await expect(
      page.getByText(`Thank you: ${email} is confirmed as your account's email address.`),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/confirm-email\/$/)
  })
})
