import { expect, expectAccessible, test } from '../fixtures.ts'
import { openHydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'

/*
 * The customer's portal under My Account (requirements §18): the Account admin of an approved Pty Ltd opens the
 * account from My Account, goes to its Sites, adds a site with the address suggestions from the keyboard, edits
 * it and sees it listed, then switches to their other account; the pages fit a 320 px screen and pass axe. The
 * browser's time zone is not Melbourne's.
 */

test.use({ viewport: { width: 1280, height: 900 }, timezoneId: 'America/New_York' })

test('an Account admin opens their account from My Account, keeps its job sites and switches accounts', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-6)
  const tokens = await registerByApi(request, uniqueEmail('portal'), 'Quinn')
  // Two approved Pty Ltds: the member is the Account admin of both, so the switcher shows.
  await approvedAccount(request, tokens, `Harbour Civil ${run}`)
  await approvedAccount(request, tokens, `Ridge Roads ${run}`)

  await storeTokens(page, tokens)
  await openHydrated(page, '/my-account/')
  await page
    .getByRole('region', { name: 'Customer Accounts' })
    .getByRole('link', { name: `Harbour Civil ${run} Pty Ltd` })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: `Harbour Civil ${run} Pty Ltd` })).toBeVisible()
  const details = page.getByRole('region', { name: /^Account SW-\d{5}$/ })
  await expect(details).toContainText('$50,000.00')
  await expect(details).toContainText('Account admin')
  await expectAccessible(page)

  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Sites' }).click()
  const sites = page.getByRole('region', { name: 'Sites', exact: true })
  await expect(sites).toContainText('No sites yet.')
  await sites.getByRole('button', { name: 'Add a Site', exact: true }).click()
  const form = page.getByRole('region', { name: 'Add a Site', exact: true })
  await form.getByRole('textbox', { name: /^Site name/ }).fill('Laverton depot')

  // The address from the suggestions with the keyboard: the street typed before the suburb fills its parts.
  const search = form.getByRole('combobox', { name: 'Search for an address' })
  await search.pressSequentially('48 Signal Court, Laverton', { delay: 20 })
  const option = page.getByRole('option', { name: /Laverton VIC 3028/ })
  await expect(option.first()).toBeVisible()
  await search.press('ArrowDown')
  await search.press('Enter')
  await expect(search).toHaveValue('48 Signal Court, Laverton VIC 3028')
  await form.getByRole('textbox', { name: /^Default purchase order/ }).fill('PO-4471')
  await form.getByRole('textbox', { name: /^Site contact$/ }).fill('Sam Site')
  await form.getByRole('button', { name: 'Add the Site' }).click()
  await expect(page.getByText('The site was added.')).toBeVisible()
  const listed = sites.getByRole('listitem').filter({ hasText: 'Laverton depot' })
  await expect(listed).toContainText('48 Signal Court, Laverton VIC 3028')
  await expect(listed).toContainText('PO-4471')

  // Edited from the form filled again with what was saved.
  await listed.getByRole('button', { name: 'Edit Laverton depot' }).click()
  const edit = page.getByRole('region', { name: 'Edit Laverton depot' })
  // Its parts hold data, so the address opens as manual entry with every part as saved.
  await expect(edit.getByRole('textbox', { name: /^Street Number/ })).toHaveValue('48')
  await expect(edit.getByRole('textbox', { name: /^Street Name/ })).toHaveValue('Signal Court')
  await expect(edit.getByRole('combobox', { name: 'State', exact: true })).toHaveValue('VIC')
  await edit.getByRole('textbox', { name: /^Default purchase order/ }).fill('PO-5000')
  await edit.getByRole('button', { name: 'Save the Site' }).click()
  await expect(page.getByText('The site was saved.')).toBeVisible()
  await expect(listed).toContainText('PO-5000')
  await expect(listed).toContainText('48 Signal Court, Laverton VIC 3028')
  await expectAccessible(page)

  // At 320 px nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(listed).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Account' }).click()
  await expect(page.getByRole('region', { name: /^Account SW-\d{5}$/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  await expectAccessible(page)

  // The switcher opens the same page of the other account (its id in the path); the first's site is not there.
  await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Sites' }).click()
  await expect(listed).toBeVisible()
  const switcher = page.getByRole('combobox', { name: 'Account', exact: true })
  const ridge = await switcher.locator('option', { hasText: `Ridge Roads ${run}` }).getAttribute('value')
  await switcher.selectOption(ridge ?? '')
  await page.getByRole('button', { name: 'Switch', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Ridge Roads ${run} Pty Ltd` })).toBeVisible()
  await expect(page).toHaveURL(/\/my-account\/accounts\/\d+\/sites\/$/)
  await expect(page.getByRole('region', { name: 'Sites', exact: true })).toContainText('No sites yet.')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
})
