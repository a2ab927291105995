import { expect, expectAccessible, test } from '../fixtures.ts'
import { codeAfter, enrol, newAdmin, totpCode } from '../helpers/admin.ts'
import {
  AUTH_STORAGE_KEY,
  field,
  openHydrated,
  registerByApi,
  TEST_PASSWORD,
  uniqueEmail,
} from '../helpers/auth.ts'
import { newestMailTo, RESET_LINK, resetLinkIn } from '../helpers/mail.ts'

/*
 * The second factor holds in the browser: the emailed reset link alone signs nobody in, and wrong codes lock
 * the account as wrong passwords do. In a browser outside Melbourne's time zone.
 */

// The reset and the password step answer 403 (mfa_required), wrong codes 400, the lock-out 429: the browser
// logs each.
test.use({ allowConsoleErrors: [/status of (400|403|429)/], timezoneId: 'America/Los_Angeles' })

const LOCKED = 'Too many requests, please try again later.'
const NEW_PASSWORD = 'Fresh-cones-and-VMS-42!'

test('an administrator with an authenticator app resets their password from the emailed link and is asked for a code before anything else', async ({
  page,
  request,
}) => {
  test.slow()
  const { account } = await newAdmin(request)
  const enrolledAt = Date.now()
  const requested = await request.patch(
    `/api/v1/core/accounts/${encodeURIComponent(account.email)}/password/reset/request`,
  )
  expect(requested.status()).toBe(200)
  await page.goto(resetLinkIn(await newestMailTo(account.email, RESET_LINK)))

  await field(page, 'New Password').fill(NEW_PASSWORD)
  await field(page, 'Confirm Password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Reset Password' }).click()

  // The password is saved, but the mailbox alone signs nobody in: the code comes first.
  await expect(page.getByText(/Your new password is saved\./)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible()
  const code = field(page, 'Code')
  await expect(code).toBeFocused()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull()
  await expectAccessible(page)

  // Setting up the app used this step's code, which works once: the next one.
  await code.fill(codeAfter(account.secret, enrolledAt))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Your password has been changed and you are signed in.')).toBeVisible()
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  // An administrator lands on the admin area (ADR 035).
  await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/')
})

test('the login page after twelve wrong codes shows the lock-out message', async ({ page, request }) => {
  test.slow()
  const email = uniqueEmail('wrong-codes')
  const secret = await enrol(request, await registerByApi(request, email), TEST_PASSWORD)

  const passwordStep = async () => {
    await field(page, 'Username').fill(email)
    await page.getByLabel(/^Password/).fill(TEST_PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
  }
  await openHydrated(page, '/login/')
  await passwordStep()
  const code = field(page, 'Code')
  const verify = page.getByRole('button', { name: 'Verify' })
  const answered = () =>
    page.waitForResponse((response) => response.url().endsWith('/api/v1/core/auth/token'))
  const statuses: number[] = []
  for (let attempt = 0; attempt < 12; attempt++) {
    await expect(code).toBeVisible()
    const right = Number(totpCode(secret))
    await code.fill(String((right + 1 + attempt) % 1_000_000).padStart(6, '0'))
    const answer = answered()
    await verify.click()
    statuses.push((await answer).status())
  }
  // Five wrong codes, then the lock-out: the code step stays, saying so.
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429, 429, 429])
  await expect(page.getByText(LOCKED).first()).toBeVisible()
  await expectAccessible(page)

  // Locked: even the right code is refused, and so is the password.
  await code.fill(totpCode(secret))
  const answer = answered()
  await verify.click()
  expect((await answer).status()).toBe(429)
  await expect(code).toBeVisible()
  await openHydrated(page, '/login/')
  await passwordStep()
  // In the notification and, kept, beside the form.
  await expect(page.getByText(LOCKED)).toHaveCount(2)
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
})
