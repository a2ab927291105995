import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { storeTokens, type Tokens, tokensFor } from '../helpers/auth.ts'

/*
 * Admin user management as an administrator would use it (requirements §2 Manage Users and the user
 * form): filter, search and page the user table, create a user, edit them, delete them with the
 * Delete User dialog. And a regular user is sent home from /admin/.
 */

const PASSWORD = 'Hire-2026-Signs'

// Every run's users share a made-up surname, so the table can be searched down to them alone.
const TAG = `Zq${Date.now().toString(36).slice(-5)}`.replace(
  /\d/g,
  (digit) => 'abcdefghij'[Number(digit)] ?? 'x',
)
const FIRST_NAMES = [
  'Ava',
  'Ben',
  'Cleo',
  'Dev',
  'Eli',
  'Fay',
  'Gus',
  'Hana',
  'Ivo',
  'Jude',
  'Kai',
  'Lena',
  'Milo',
  'Nia',
  'Otto',
  'Pia',
  'Quin',
  'Rhea',
  'Sol',
  'Tess',
  'Uma',
  'Vito',
  'Wren',
]

test.describe.configure({ mode: 'serial' })
test.setTimeout(90_000)

async function createUser(
  request: APIRequestContext,
  tokens: Tokens,
  user: { firstName: string; lastName: string; memberType: number; email?: string },
) {
  const email = user.email ?? `${user.firstName}.${user.lastName}@example.com`.toLowerCase()
  const response = await request.post('/api/v1/core/accounts/admin', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
    data: { ...user, email, mobile: '0412 345 678', password: PASSWORD, confirmPassword: PASSWORD },
  })
  expect(response.status(), await response.text()).toBe(201)
  return { ...user, email }
}

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Users' })
}

async function bodyRows(page: Page) {
  return usersTable(page).locator('tbody tr')
}

test.beforeAll(async ({ request }) => {
  const admin = await adminTokens(request)
  // 23 users of this run: 20 regular, 2 admins, 1 company member (type 2, which the filter does not offer).
  for (const [index, firstName] of FIRST_NAMES.entries()) {
    const memberType = index === 22 ? 2 : index >= 20 ? 3 : 1
    await createUser(request, admin, { firstName, lastName: TAG, memberType })
  }
})

test('filter, search and page the users', async ({ page, request }) => {
  await storeTokens(page, await adminTokens(request))
  await page.goto('/admin/')
  await page.getByRole('link', { name: /Manage Users/ }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a User' })).toBeVisible()
  const filter = page.getByRole('form', { name: 'Filter users' })
  await expect(filter.getByRole('checkbox', { name: 'Regular' })).toBeChecked()
  await expect(filter.getByRole('checkbox', { name: 'Admin' })).toBeChecked()

  // Search: only this run's users; pages of 10.
  await page.getByLabel('Search users').fill(TAG.toLowerCase())
  await expect(page.getByText('Showing 1–10 of 23')).toBeVisible()
  await expect(await bodyRows(page)).toHaveCount(10)
  await page.getByRole('button', { name: 'Page 3' }).click()
  await expect(page.getByText('Showing 21–23 of 23')).toBeVisible()
  await expect(await bodyRows(page)).toHaveCount(3)
  await expect(page).toHaveURL(/[?&]page=3/)

  // Back returns to page 1 with the search kept.
  await page.goBack()
  await expect(page.getByText('Showing 1–10 of 23')).toBeVisible()
  await expect(page.getByLabel('Search users')).toHaveValue(TAG.toLowerCase())

  // A whole word then a prefix: one user.
  await page.getByLabel('Search users').fill(`${TAG.toLowerCase()} mil`)
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
  await expect(usersTable(page).getByRole('cell', { name: 'Milo', exact: true })).toBeVisible()
  await page.getByLabel('Search users').fill(TAG)

  // The default load has every type (the company member too); a filter of Admin only narrows it.
  await expect(page.getByText('Showing 1–10 of 23')).toBeVisible()
  await filter.getByRole('checkbox', { name: 'Regular' }).uncheck()
  await filter.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByText('Showing 1–2 of 2')).toBeVisible()
  await expect(usersTable(page).getByRole('cell', { name: 'Admin', exact: true })).toHaveCount(2)
  await filter.getByRole('checkbox', { name: 'Regular' }).check()
  await filter.getByRole('button', { name: 'Filter' }).click()
  await expect(page.getByText('Showing 1–10 of 22')).toBeVisible()

  // The filter's own messages.
  await filter.getByLabel(/Start Date/).fill('')
  await filter.getByLabel(/End Date/).fill('31/02/2026')
  await filter.getByRole('button', { name: 'Filter' }).click()
  await expect(filter.getByText('Start date is required.')).toBeVisible()
  await expect(filter.getByText('Must be a date.')).toBeVisible()
  await expect(filter.getByLabel(/Start Date/)).toBeFocused()
})

test('create a user, edit them, delete them', async ({ page, request }) => {
  const first = `New${TAG.slice(2)}`
  await storeTokens(page, await adminTokens(request))
  await page.goto(`/admin/manage-users/?q=${TAG}`)
  await expect(page.getByText('Showing 1–10 of 23')).toBeVisible()

  // Create: back to the list as it was left.
  await page.getByRole('link', { name: 'Create a User' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Create a User' })).toBeVisible()
  const create = page.getByRole('form', { name: 'Create a User' })
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(create.getByText('First name is required.')).toBeVisible()
  await create.getByLabel(/First Name/).fill(first)
  await create.getByLabel(/Last Name/).fill(TAG)
  await create.getByLabel(/^Email/).fill(`${first}@example.com`)
  await create.getByLabel(/Mobile/).pressSequentially('0498765432')
  await expect(create.getByLabel(/Mobile/)).toHaveValue('0498 765 432')
  await create.getByLabel(/Member Type/).selectOption({ label: 'Regular' })
  await create.getByLabel(/^Password/).fill(PASSWORD)
  await create.getByLabel(/Confirm Password/).fill(PASSWORD)
  await create.getByRole('button', { name: 'Create User' }).click()
  await expect(page).toHaveURL(new RegExp(`/admin/manage-users/\\?q=${TAG}$`))
  await expect(page.getByText('Showing 1–10 of 24')).toBeVisible()

  // Edit: the form has the details and no password; it stays and notifies.
  await page.getByLabel('Search users').fill(first)
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible()
  await page.getByRole('button', { name: `Edit ${first} ${TAG}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Update User' })).toBeVisible()
  const update = page.getByRole('form', { name: 'Update User' })
  await expect(update.getByLabel(/First Name/)).toHaveValue(first)
  await expect(update.getByLabel(/Mobile/)).toHaveValue('0498 765 432')
  await expect(update.getByLabel(/Member Type/)).toHaveValue('1')
  await expect(update.getByLabel(/Password/)).toHaveCount(0)
  await update.getByLabel(/Last Name/).fill(`${TAG}son`)
  await update.getByRole('button', { name: 'Update User' }).click()
  await expect(page.getByText('The user details have been updated.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/update-user\/\d+$/)

  // Back to the list as it was; the change shows.
  await page.getByRole('link', { name: 'Back to Manage Users' }).click()
  await expect(page.getByLabel('Search users')).toHaveValue(first)
  await expect(usersTable(page).getByRole('cell', { name: `${TAG}son`, exact: true })).toBeVisible()

  // Delete with the dialog: Cancel keeps them, Yes deletes them.
  const deleteButton = page.getByRole('button', { name: `Delete ${first} ${TAG}son` })
  await deleteButton.click()
  const dialog = page.getByRole('dialog', { name: 'Delete User' })
  await expect(dialog).toContainText(
    `Are you sure you want to delete ${first} ${TAG}son? This cannot be undone.`,
  )
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(deleteButton).toBeFocused()
  await deleteButton.click()
  await dialog.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText('The user has been successfully deleted.')).toBeVisible()
  await expect(usersTable(page).getByRole('cell', { name: 'No users.' })).toBeVisible()

  // They cannot sign in any more.
  const refused = await request.post('/api/v1/core/auth/token', {
    data: { UserName: `${first}@example.com`, Password: PASSWORD, ClientId: 'web', GrantType: 'password' },
  })
  expect(refused.status()).toBe(400)
})

test('a regular user visiting /admin/ is sent home', async ({ page, request }) => {
  const admin = await adminTokens(request)
  const regular = await createUser(request, admin, {
    firstName: 'Reggie',
    lastName: TAG,
    memberType: 1,
    email: `reggie.${TAG}@example.com`.toLowerCase(),
  })
  await storeTokens(page, await tokensFor(request, regular.email, PASSWORD))
  await page.goto('/admin/')
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { name: 'Manage Users' })).toHaveCount(0)
})
