import type { Page } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { createCompanyMember } from '../helpers/admin.ts'
import { field, registerByApi, storeTokens, TEST_PASSWORD, tokensFor, uniqueEmail } from '../helpers/auth.ts'

/**
 * The profile page before its app (ADR 028): the server renders the empty form, the enhancement script fetches
 * the profile behind the overlay and shows it, signed in; the app loads on the first interaction and takes the
 * page over as it is, with what was typed meanwhile.
 */

/** The JavaScript files the page has asked for so far. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(new URL(request.url()).pathname)
  })
  return urls
}

/** Errors the page reported (a hydration mismatch is one). */
function pageErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

test('a member sees their profile before the app loads, and what they type meanwhile is saved', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('shell')
  await storeTokens(page, await registerByApi(request, email, 'Shelley'))
  const scripts = scriptRequests(page)
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

test('a company member’s profile, whose form is not the shell’s, is left to the app at once', async ({
  page,
  request,
}) => {
  const email = await createCompanyMember(request, { prefix: 'shell-company' })
  await storeTokens(page, await tokensFor(request, email, TEST_PASSWORD))
  const errors = pageErrors(page)

  await page.goto('/update-profile/')
  // No interaction: the app started by itself.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
  await expect(field(page, 'First Name')).toHaveValue('Carla')
  await expect(field(page, 'Company Name')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible()
  expect(errors).toEqual([])
})
