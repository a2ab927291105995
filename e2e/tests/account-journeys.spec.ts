import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { codeAfter, enrol } from '../helpers/admin.ts'
import { field, hydrated, openHydrated, registerByApi, TEST_PASSWORD, uniqueEmail } from '../helpers/auth.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * The account journeys on a phone, in a browser whose time zone is not Melbourne's: registering (a common password
 * flagged before it is sent, the welcome email with its confirmation link), My Account's "Sign-in and security"
 * opening on that section, a refused sign-in that stays said beside the form, and a pasted code.
 */

test.use({ viewport: { width: 375, height: 740 }, timezoneId: 'America/Los_Angeles', hasTouch: true })

const LOGIN_FAILED =
  'Sorry, your user name or password is incorrect or we were unable to connect to the server.'

const checklistItem = (page: Page, text: string) =>
  page
    .getByRole('list', { name: 'Your password must meet these rules' })
    .getByRole('listitem')
    .filter({ hasText: text })

test('register with a common password flagged first, confirm from the welcome email, then open Sign-in and security', async ({
  page,
  browser,
}) => {
  test.slow()
  const email = uniqueEmail('journey')
  let registrations = 0
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v1/core/accounts')
      registrations += 1
  })

  await openHydrated(page, '/register/')
  await field(page, 'First Name').fill('Marisol')
  await field(page, 'Last Name').fill('Okonkwo')
  await field(page, 'Email').fill(email)
  await field(page, 'Mobile').pressSequentially('0412345678')
  // An empty password ticks nothing, and 'Password is required.' is never a line shown as met.
  await expect(checklistItem(page, 'Password is required.')).toHaveCount(0)
  for (const line of [
    'Password must have at least 8 characters.',
    'Must have a number.',
    'Must not be a common password.',
  ])
    await expect(checklistItem(page, line)).toHaveAttribute('data-met', 'false')

  // A password the server refuses as too common: flagged on the page, never sent.
  await field(page, 'Password').fill('Password1')
  await field(page, 'Confirm Password').fill('Password1')
  await expect(page.getByText('Password is too common.')).toBeVisible()
  await expect(checklistItem(page, 'Must not be a common password.')).toHaveAttribute('data-met', 'false')
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check()
  await page.getByRole('button', { name: 'Register' }).click()
  await expect(field(page, 'Password')).toHaveAttribute('aria-invalid', 'true')
  expect(registrations).toBe(0)

  await field(page, 'Password').fill(TEST_PASSWORD)
  await field(page, 'Confirm Password').fill(TEST_PASSWORD)
  await expect(checklistItem(page, 'Must not be a common password.')).toHaveAttribute('data-met', 'true')
  await page.getByRole('button', { name: 'Register' }).click()
  // Signed in at once, as before.
  await expect(page.getByRole('banner').getByRole('link', { name: /Your account, Marisol/ })).toBeVisible()
  expect(registrations).toBe(1)

  // The welcome email: to the address registered, nothing the registrant typed, the confirmation link.
  const mail = await newestMailTo(email)
  expect(mail).toContain('Thank you for registering with Signalway Traffic Hire.')
  expect(mail).not.toContain('Marisol')
  expect(mail).not.toContain('Okonkwo')
  const link = /https?:\/\/[^/\s]+(\/confirm-email\/\?t=[A-Za-z0-9_-]+)/.exec(mail)?.[1] ?? ''
  expect(link).not.toBe('')
  await page.goto(link)
  await expect(
    page.getByText(`Thank you: ${email} is confirmed as your account's email address.`),
  ).toBeVisible()
  await expect(page.getByText(/Your email address is now/)).toHaveCount(0)

  // My Account's "Sign-in and security" opens on that section, scrolled to, before any interaction.
  await page.goto('/my-account/')
  const securityLink = page.getByRole('link', { name: 'Sign-in and security' })
  await expect(securityLink).toBeVisible()
  await securityLink.click()
  await expect(page).toHaveURL(/\/update-profile\/#security$/)
  const heading = page.getByRole('heading', { name: 'Security', exact: true })
  await expect(heading).toBeInViewport()
  // The app comes with the first interaction, and does not take the page back to the top.
  await hydrated(page)
  await expect(page.getByRole('button', { name: 'Set Up an Authenticator App' })).toBeVisible()
  await expect(heading).toBeInViewport()
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)

  // On a phone the set-up offers the otpauth:// link that opens the authenticator app.
  await page.getByRole('button', { name: 'Set Up an Authenticator App' }).click()
  const setUp = page.getByRole('form', { name: 'Set up your authenticator app' })
  await setUp.getByRole('textbox', { name: 'Current Password' }).fill(TEST_PASSWORD)
  await setUp.getByRole('button', { name: 'Continue' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const appLink = page.getByRole('link', { name: 'Add to My Authenticator App' })
  await expect(appLink).toBeVisible()
  await expect(appLink).toHaveAttribute('href', /^otpauth:\/\/totp\//)

  // Without JavaScript the server's page has the section, and the browser scrolls to it.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  const plain = await bare.newPage()
  await plain.goto(new URL('/update-profile/#security', page.url()).toString())
  await expect(plain.getByRole('heading', { name: 'Security', exact: true })).toBeInViewport()
  expect(await plain.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await bare.close()
})

test.describe('signing in', () => {
  // The refused password (400) and the password step of an account with a second factor (403).
  test.use({ allowConsoleErrors: [/status of (400|403)/] })

  test('a refused sign-in stays said beside the form after the notification fades; a pasted code signs in', async ({
    page,
    request,
  }) => {
    test.slow()
    const email = uniqueEmail('journey-login')
    const secret = await enrol(request, await registerByApi(request, email, 'Tomasz'), TEST_PASSWORD)
    const enrolledAt = Date.now()

    await openHydrated(page, '/login/')
    const username = field(page, 'Username')
    // An email keyboard on phones, the label the requirements give kept.
    await expect(username).toHaveAttribute('type', 'email')
    await expect(username).toHaveAttribute('autocomplete', 'username')
    await username.fill(email)
    await page.getByLabel(/^Password/).fill('Not-the-password-7')
    await page.getByRole('button', { name: 'Login' }).click()
    const notification = page.getByRole('region', { name: 'Notifications' }).getByRole('alert')
    await expect(notification).toContainText(LOGIN_FAILED)
    // The notification fades; the message beside the form stays, describing the fields it refused.
    await expect(notification).toHaveCount(0, { timeout: 15_000 })
    const form = page.getByRole('form', { name: 'Log in to your account' })
    const failure = form.getByRole('alert')
    await expect(failure).toHaveText(LOGIN_FAILED)
    await expect(failure).toBeInViewport()
    const failureId = (await failure.getAttribute('id')) ?? ''
    await expect(username).toHaveAttribute('aria-invalid', 'true')
    await expect(username).toHaveAttribute('aria-describedby', new RegExp(failureId.replace(/[:]/g, '\\:')))

    await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    const code = field(page, 'Code')
    await expect(code).toBeFocused()
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await expect(code).toHaveAttribute('inputmode', 'numeric')
    // The whole code pasted, as a message or an app shows it (a code works once per 30-second step: the next one).
    const value = codeAfter(secret, enrolledAt)
    await code.evaluate(
      (input, text) => {
        const data = new DataTransfer()
        data.setData('text/plain', text)
        input.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        )
      },
      `Your code: ${value.slice(0, 3)} ${value.slice(3)}`,
    )
    await expect(code).toHaveValue(value)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  })
})
