import type { Locator, Page, Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { registerByApi, storeTokens, TEST_PASSWORD, tokensFor } from '../helpers/auth.ts'
import { newestMailTo, RESET_LINK, resetLinkIn } from '../helpers/mail.ts'

/*
 * "Clicks that are lost": a person types in a field and clicks the button below it at once.
 * Leaving the field validates it, and its message appearing (or going) used to move the button
 * between the press and the release, so the click was lost: nothing was sent and nothing was said.
 * Every form of the product, typed into and clicked with no wait:
 * - invalid: the failed-submit notification shows at once;
 * - valid: the request goes on that one click, also when the field goes from invalid to valid on
 *   that very blur (its message disappearing moves everything up);
 * and once with the CPU slowed four times.
 */

const FORM_HAS_ERRORS = 'You have one or more fields missing, please correct these and submit again.'
const PASSWORD = TEST_PASSWORD

let sequence = 0
function uniqueEmail(tag: string): string {
  sequence += 1
  return `oneclick-${tag}-${Date.now()}-${sequence}-${test.info().workerIndex}@example.com`
}

/** The header shows Login or Logout once the app knows who is signed in (the forms are live then). */
async function open(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByRole('banner').getByRole('link', { name: /^(Login|Logout)$/ })).toBeVisible({
    timeout: 15_000,
  })
}

function failedSubmitNotice(page: Page): Locator {
  return page.getByRole('alert').filter({ hasText: FORM_HAS_ERRORS })
}

/** Starts waiting for the form's API request before the click that must send it. */
function requestTo(page: Page, method: string, path: RegExp): Promise<Request> {
  return page.waitForRequest(
    (request) => request.method() === method && path.test(new URL(request.url()).pathname),
    {
      timeout: 5_000,
    },
  )
}

/** Shows a field's message first: focus it, leave it empty by keyboard. */
async function showMessageOf(field: Locator, message: string | RegExp, page: Page) {
  await field.fill('')
  await field.press('Tab')
  await expect(page.getByText(message)).toBeVisible()
}

test.describe('Contact Us', () => {
  const form = (page: Page) => page.getByRole('form', { name: 'Send us a message' })

  test('invalid: the notification at once', async ({ page }) => {
    await open(page, '/contact-us/')
    await form(page).getByRole('textbox', { name: 'Message' }).fill('Too short')
    await form(page).getByRole('button', { name: 'Send' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()
  })

  test('valid after an invalid blur: sent on one click', async ({ page }) => {
    await open(page, '/contact-us/')
    const f = form(page)
    await f.getByRole('textbox', { name: 'Name' }).fill('Jo Citizen')
    await f.getByRole('textbox', { name: 'Email Address' }).fill(uniqueEmail('contact'))
    await f.getByRole('textbox', { name: 'Phone Number' }).fill('0398765432')
    const message = f.getByRole('textbox', { name: 'Message' })
    await showMessageOf(message, 'Message is required.', page)
    const sent = requestTo(page, 'POST', /^\/api\/contact$/)
    await message.fill('We need two arrow boards for a night shift in Laverton next week.')
    await f.getByRole('button', { name: 'Send' }).click()
    await sent
    await expect(
      page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
    ).toBeVisible()
  })
})

test.describe('Get a Quote', () => {
  const form = (page: Page) => page.getByRole('form', { name: 'Request a quote' })

  test('invalid: the notification at once', async ({ page }) => {
    await open(page, '/get-a-quote/')
    await form(page).getByRole('textbox', { name: 'Email Address' }).fill('not-an-email')
    await form(page).getByRole('button', { name: 'Submit' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()
  })

  test('valid after an invalid blur: sent on one click', async ({ page }) => {
    await open(page, '/get-a-quote/')
    const f = form(page)
    await f.getByRole('textbox', { name: 'Name' }).fill('Jo Citizen')
    await f.getByRole('textbox', { name: 'Email Address' }).fill(uniqueEmail('quote'))
    await f.getByRole('group', { name: 'Services' }).getByRole('checkbox', { name: 'Arrow Boards' }).check()
    await f
      .getByRole('group', { name: 'How did you hear about us?' })
      .getByRole('checkbox', { name: 'Word Of Mouth' })
      .check()
    const message = f.getByRole('textbox', { name: 'Message' })
    await showMessageOf(message, 'Message is required.', page)
    const sent = requestTo(page, 'POST', /^\/api\/get-a-quote$/)
    await message.fill('Two arrow boards for three weeks of night works on the Western Ring Road.')
    await f.getByRole('button', { name: 'Submit' }).click()
    await sent
  })
})

test.describe('Register', () => {
  test('invalid: the notification at once', async ({ page }) => {
    await open(page, '/register/')
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('x')
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()
  })

  test('valid after an invalid blur: sent on one click', async ({ page }) => {
    await open(page, '/register/')
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Casey')
    await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Nguyen')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('register'))
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).pressSequentially('0412345678')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByRole('checkbox', { name: /terms/i }).check()
    const confirm = page.getByRole('textbox', { name: 'Confirm Password', exact: true })
    await showMessageOf(confirm, /Passwords must match/, page)
    const sent = requestTo(page, 'POST', /^\/api\/v1\/core\/accounts$/)
    await confirm.fill(PASSWORD)
    await page.getByRole('button', { name: 'Register' }).click()
    await sent
  })
})

test.describe('Login', () => {
  test('invalid: the notification at once', async ({ page }) => {
    await open(page, '/login/')
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill('jo@example.com')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()
  })

  test('valid after an invalid blur: sent on one click', async ({ page, request }) => {
    const email = uniqueEmail('login')
    await registerByApi(request, email)
    await open(page, '/login/')
    const username = page.getByRole('textbox', { name: 'Username', exact: true })
    await showMessageOf(username, 'Username is required.', page)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    const sent = requestTo(page, 'POST', /^\/api\/v1\/core\/auth\/token$/)
    await username.fill(email)
    await page.getByRole('button', { name: 'Login' }).click()
    await sent
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  })
})

test.describe('Forgot Password', () => {
  test('invalid: the notification at once', async ({ page }) => {
    await open(page, '/forgot-password/')
    await page.getByRole('textbox', { name: 'Email Address', exact: true }).fill('nobody@')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()
  })

  test('valid after an invalid blur: sent on one click', async ({ page }) => {
    await open(page, '/forgot-password/')
    const email = page.getByRole('textbox', { name: 'Email Address', exact: true })
    await showMessageOf(email, 'Email is required.', page)
    const sent = requestTo(page, 'PATCH', /\/password\/reset\/request$/)
    await email.fill(uniqueEmail('forgot'))
    await page.getByRole('button', { name: 'Submit' }).click()
    await sent
  })
})

test.describe('Reset Password', () => {
  test('invalid, then valid after an invalid blur: one click each', async ({ page, request }) => {
    const email = uniqueEmail('reset')
    await registerByApi(request, email)
    const requested = await request.patch(
      `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
    )
    expect(requested.status()).toBe(200)
    await open(page, resetLinkIn(await newestMailTo(email, RESET_LINK)))

    const password = page.getByRole('textbox', { name: 'New Password', exact: true })
    const confirm = page.getByRole('textbox', { name: 'Confirm Password', exact: true })
    await confirm.fill('different')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(failedSubmitNotice(page)).toBeVisible()

    await password.fill('Arrow-Boards-2027!')
    await showMessageOf(confirm, /Passwords must match/, page)
    const sent = requestTo(page, 'POST', /^\/api\/v1\/core\/accounts\/password\/reset$/)
    await confirm.fill('Arrow-Boards-2027!')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await sent
  })
})

test.describe('Update Profile', () => {
  test('invalid, then valid after an invalid blur: one click each', async ({ page, request }) => {
    const email = uniqueEmail('profile')
    await registerByApi(request, email)
    await storeTokens(page, await tokensFor(request, email, PASSWORD))
    await open(page, '/update-profile/')
    const lastName = page.getByRole('textbox', { name: 'Last Name', exact: true })
    await expect(lastName).toHaveValue('Nguyen')
    const button = page.getByRole('button', { name: 'Update Profile' })

    await lastName.fill('')
    await button.click()
    await expect(failedSubmitNotice(page)).toBeVisible()

    await expect(page.getByText('Last name is required.')).toBeVisible()
    const sent = requestTo(page, 'PUT', /\/update\/own-profile\/?$/)
    await lastName.fill('Nguyen-Smith')
    await button.click()
    await sent
  })
})

test.describe('the admin user screens', () => {
  test.beforeEach(async ({ page, request }) => {
    await storeTokens(page, await adminTokens(request))
  })

  test('Create a User: invalid, then valid after an invalid blur, one click each', async ({ page }) => {
    await open(page, '/admin/manage-users/')
    await page.getByRole('link', { name: 'Create a User' }).click()
    const create = page.getByRole('form', { name: 'Create a User' })
    const button = create.getByRole('button', { name: 'Create User' })
    const confirm = create.getByLabel(/Confirm Password/)

    await confirm.fill('x')
    await button.click()
    await expect(failedSubmitNotice(page)).toBeVisible()

    await create.getByLabel(/First Name/).fill('Oneclick')
    await create.getByLabel(/Last Name/).fill('Admin')
    await create.getByLabel(/^Email/).fill(uniqueEmail('admin-create'))
    await create.getByLabel(/Mobile/).pressSequentially('0498765432')
    await create.getByLabel(/Member Type/).selectOption({ label: 'Regular' })
    await create.getByLabel(/^Password/).fill(PASSWORD)
    await showMessageOf(confirm, /Passwords must match/, page)
    const sent = requestTo(page, 'POST', /^\/api\/v1\/core\/accounts\/admin$/)
    await confirm.fill(PASSWORD)
    await button.click()
    await sent
  })

  test('the user filter: invalid, then valid after an invalid blur, one click each', async ({ page }) => {
    await open(page, '/admin/manage-users/')
    const filter = page.getByRole('form', { name: 'Filter users' })
    const button = filter.getByRole('button', { name: 'Filter' })
    const end = filter.getByLabel(/End Date/)

    await end.fill('31/02/2026')
    await button.click()
    await expect(failedSubmitNotice(page)).toBeVisible()

    await end.fill('')
    await end.press('Tab')
    const sent = requestTo(page, 'POST', /^\/api\/v1\/users\/filter$/)
    await end.fill('31/12/2026')
    await button.click()
    await sent
  })
})

test.describe('the credit application', () => {
  const s1 = (page: Page) => page.getByRole('region', { name: /Customer Information/ })

  test('a radio button below a field that turns valid on that click is chosen', async ({ page }) => {
    await open(page, '/application-for-credit/')
    const position = s1(page).getByRole('textbox', { name: /^Position/ })
    await showMessageOf(position, 'Position is required.', page)
    await position.fill('Director')
    await s1(page).getByRole('radio', { name: 'Sole Trader' }).click()
    await expect(s1(page).getByRole('radio', { name: 'Sole Trader' })).toBeChecked()
  })

  test('Submit application after typing: the notification at once', async ({ page }) => {
    await open(page, '/application-for-credit/')
    await s1(page)
      .getByRole('textbox', { name: /^Position/ })
      .fill('D')
    await page.getByRole('button', { name: 'Submit application' }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: FORM_HAS_ERRORS })).toBeVisible()
  })
})

test.describe('with the CPU slowed four times', () => {
  test('Login: valid after an invalid blur, sent on one click', async ({ page, request }) => {
    const email = uniqueEmail('slow')
    await registerByApi(request, email)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await open(page, '/login/')
    const username = page.getByRole('textbox', { name: 'Username', exact: true })
    await showMessageOf(username, 'Username is required.', page)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    const sent = requestTo(page, 'POST', /^\/api\/v1\/core\/auth\/token$/)
    await username.fill(email)
    await page.getByRole('button', { name: 'Login' }).click()
    await sent
  })
})
