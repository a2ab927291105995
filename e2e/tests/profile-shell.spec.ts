import type { APIRequestContext } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { createCompanyMember, newAdmin, newAdminWithoutSecondFactor } from '../helpers/admin.ts'
import {
  field,
  registerByApi,
  storeTokens,
  TEST_PASSWORD,
  type Tokens,
  tokensFor,
  uniqueEmail,
} from '../helpers/auth.ts'
import { pageErrors, scriptGzipBytes, scriptRequests } from '../helpers/page.ts'

/**
 * The profile page before its app (ADR 028): the server renders the empty form, the enhancement script fetches
 * the profile behind the overlay and shows it, signed in; the app loads on the first interaction and takes the
 * page over as it is, with what was typed meanwhile.
 */

test('a member sees their profile before the app loads, and what they type meanwhile is saved', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('shell')
  await storeTokens(page, await registerByApi(request, email, 'Shelley'))
  const scripts = scriptRequests(page)
  const scriptBytes = scriptGzipBytes(page)
  const errors = pageErrors(page)

  await page.goto('/update-profile/')
  await expect(field(page, 'First Name')).toHaveValue('Shelley')
  await expect(field(page, 'Email')).toHaveValue(email)
  await expect(field(page, 'Mobile')).toHaveValue('0412 345 678')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Loading your profile…' })).toHaveCount(0)
  // Shown without the app: none of its modules was asked for, and it has not hydrated.
  expect(scripts.filter((path) => /entry\.client|update-profile|root-/u.test(path))).toEqual([])
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '')
  // The enhancement script and what it imports: no schema library, no React (about 19 KB).
  expect(await scriptBytes()).toBeLessThan(25_000)
  await expectAccessible(page)

  // Typed at once, and submitted at once: the app loads on the first focus and keeps both.
  await field(page, 'First Name').fill('Shelby')
  await field(page, 'Last Name').fill('Tran')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Your profile has been successfully updated.')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  // The values filled in were not taken for typing: the email did not change, so no password was asked for.
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible()
  const details = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Your details' }) })
  await expect(details.getByLabel('Current Password')).toHaveCount(0)

  await page.reload()
  await expect(field(page, 'First Name')).toHaveValue('Shelby')
  await expect(field(page, 'Last Name')).toHaveValue('Tran')
  await expect(page.getByRole('banner').getByRole('link', { name: /Shelby/u })).toBeVisible()
  expect(errors).toEqual([])
})

test('a visitor who is not signed in is sent to the login page, which brings them back', async ({ page }) => {
  await page.goto('/update-profile/')
  await expect(page).toHaveURL(/\/login\/\?return-url=%2Fupdate-profile%2F$/u)
})

/** Gives a company member their company's details and address, as they would on this page. */
async function fillInCompany(request: APIRequestContext, tokens: Tokens, email: string) {
  const response = await request.put('/api/v1/core/accounts/update/own-profile', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: {
      firstName: 'Carla',
      lastName: 'Cones',
      email,
      mobile: '0412345678',
      memberType: 2,
      companyName: 'Carla Cones Pty Ltd',
      abn: '51 824 753 556',
      employmentServiceProvider: true,
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith St',
      city: 'Laverton',
      state: 'VIC',
      postcode: '3028',
      postCode: '3028',
    },
  })
  expect(response.status(), await response.text()).toBe(200)
}

test('a company member’s profile is left to the app the first time, and shown before it from then on (ADR 029)', async ({
  page,
  request,
  context,
}) => {
  const email = await createCompanyMember(request, { prefix: 'shell-company' })
  const tokens = await tokensFor(request, email, TEST_PASSWORD)
  await fillInCompany(request, tokens, email)
  await storeTokens(page, tokens)
  const errors = pageErrors(page)

  // No hint in this browser yet: the server rendered a person's form, and the app started by itself.
  await page.goto('/update-profile/')
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
  await expect(field(page, 'Company Name')).toHaveValue('Carla Cones Pty Ltd')
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible()
  const hint = (await context.cookies()).find((cookie) => cookie.name === 'signalway_profile_form')
  expect(hint).toMatchObject({ value: 'company', httpOnly: false, sameSite: 'Lax', path: '/' })

  // From then on the server renders a company's form, and the enhancement script fills it in.
  const scripts = scriptRequests(page)
  const scriptBytes = scriptGzipBytes(page)
  await page.reload()
  await expect(field(page, 'Company Name')).toHaveValue('Carla Cones Pty Ltd')
  await expect(field(page, 'ABN')).toHaveValue('51 824 753 556')
  await expect(page.getByRole('checkbox', { name: 'Employment Service Provider' })).toBeChecked()
  await expect(field(page, 'Unit Number')).toHaveValue('3')
  await expect(field(page, 'Street Name')).toHaveValue('Smith St')
  await expect(field(page, 'City')).toHaveValue('Laverton')
  await expect(page.getByRole('combobox', { name: /^State/u })).toHaveValue('VIC')
  await expect(field(page, 'Post Code')).toHaveValue('3028')
  expect(scripts.filter((path) => /entry\.client|update-profile|root-/u.test(path))).toEqual([])
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '')
  expect(await scriptBytes()).toBeLessThan(25_000)
  await expectAccessible(page)

  // Changed and submitted at once: the app loads on the first focus and keeps all of it.
  await field(page, 'Company Name').fill('Carla Cones Traffic Pty Ltd')
  await page.getByRole('combobox', { name: /^State/u }).selectOption('QLD')
  await page.getByRole('checkbox', { name: 'Employment Service Provider' }).uncheck()
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Your profile has been successfully updated.')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')

  await page.reload()
  await expect(field(page, 'Company Name')).toHaveValue('Carla Cones Traffic Pty Ltd')
  await expect(page.getByRole('combobox', { name: /^State/u })).toHaveValue('QLD')
  await expect(page.getByRole('checkbox', { name: 'Employment Service Provider' })).not.toBeChecked()
  await expect(field(page, 'Street Name')).toHaveValue('Smith St')
  expect(errors).toEqual([])
})

test('an administrator with a second factor sees their profile before the app loads, Admin in the header', async ({
  page,
  request,
}) => {
  const { tokens } = await newAdmin(request)
  await storeTokens(page, tokens)
  const scripts = scriptRequests(page)
  const errors = pageErrors(page)

  await page.goto('/update-profile/')
  await expect(field(page, 'First Name')).toHaveValue('Ada')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Admin' })).toBeVisible()
  expect(scripts.filter((path) => /entry\.client|update-profile|root-/u.test(path))).toEqual([])
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated', '')

  await field(page, 'Last Name').fill('Adminson')
  await page.getByRole('button', { name: 'Update Profile' }).click()
  await expect(page.getByText('Your profile has been successfully updated.')).toBeVisible()
  await page.reload()
  await expect(field(page, 'Last Name')).toHaveValue('Adminson')
  expect(errors).toEqual([])
})

test('an administrator without a second factor is taken to set one up first', async ({ page, request }) => {
  const account = await newAdminWithoutSecondFactor(request)
  await storeTokens(page, await tokensFor(request, account.email, account.password))
  await page.goto('/update-profile/')
  await expect(page).toHaveURL(/\/set-up-two-step-sign-in\//u, { timeout: 15_000 })
})
