import { expect, expectAccessible, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'
import { registerByApi, uniqueEmail } from '../helpers/auth.ts'

/*
 * The admin area: a frame of its own (compact header, the Admin navigation, no marketing band or
 * footer) and a dashboard whose counts link to the lists they count.
 */

const SECTIONS = [
  'Dashboard',
  'Users',
  'Enquiries',
  'Credit applications',
  'Accounts',
  'Invoices',
  'Bookings',
  'Dispatch',
  'Faults',
  'Fleet',
  'News',
  'Pages',
  'FAQs',
  'Undelivered mail',
]

test('the dashboard: its own frame, and counts that lead to their filtered lists', async ({
  page,
  request,
}) => {
  test.slow()
  // Something to count: a new enquiry and a user registered today.
  const run = Date.now().toString(36)
  const sent = await request.post('/api/contact', {
    data: {
      name: `Dash ${run}`,
      email: 'dash@example.com',
      phone: '0412 345 678',
      message: 'Two arrow boards.',
    },
  })
  expect(sent.status(), await sent.text()).toBe(201)
  await registerByApi(request, uniqueEmail('dashboard'))

  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  const nav = page.getByRole('navigation', { name: 'Admin' })
  await expect(nav.getByRole('link')).toHaveText(SECTIONS)
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('banner').getByRole('link', { name: /^Signed in as / })).toBeVisible()
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByRole('link', { name: /Manage Users/ })).toBeVisible()

  const counts = page.getByRole('region', { name: 'Waiting for you' })
  const enquiries = counts.getByRole('link', { name: /^\d+ new enquir(y|ies)$/ })
  await expect(enquiries).toBeVisible()
  expect(Number((await enquiries.innerText()).match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1)
  await expectAccessible(page)
  await enquiries.click()
  await expect(page).toHaveURL(/\/admin\/enquiries\/\?status=new$/)
  await expect(nav.getByRole('link', { name: 'Enquiries' })).toHaveAttribute('aria-current', 'page')
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `Dash ${run}` }),
  ).toBeVisible()

  await nav.getByRole('link', { name: 'Dashboard' }).click()
  const users = counts.getByRole('link', { name: /^\d+ users? registered in the last 7 days$/ })
  expect(Number((await users.innerText()).match(/\d+/)?.[0])).toBeGreaterThanOrEqual(1)
  await users.click()
  await expect(page).toHaveURL(/\/admin\/manage-users\/\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/)
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible()

  await nav.getByRole('link', { name: 'Dashboard' }).click()
  await counts.getByRole('link', { name: /undelivered emails?$/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Undelivered Mail' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Undelivered mail' })).toBeVisible()
  await expectAccessible(page)
})

test('the admin navigation works by keyboard alone, its focus visible', async ({ page, request }) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/')
  await expect(page.getByRole('region', { name: 'Waiting for you' }).getByRole('link').first()).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Admin' })
  const link = nav.getByRole('link', { name: 'Enquiries' })
  // Tab from the top of the page until the Enquiries link has focus.
  for (
    let step = 0;
    step < 12 && !(await link.evaluate((element) => element === document.activeElement));
    step++
  ) {
    await page.keyboard.press('Tab')
  }
  await expect(link).toBeFocused()
  const outline = await link.evaluate((element) => getComputedStyle(element).outlineStyle)
  expect(outline).not.toBe('none')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/enquiries\/$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('the navigation scrolls sideways on its own; the page does not', async ({ page, request }) => {
    await signInAsAdmin(page, request)
    await page.goto('/admin/')
    const nav = page.getByRole('navigation', { name: 'Admin' })
    await nav.getByRole('link', { name: 'Undelivered mail' }).scrollIntoViewIfNeeded()
    await nav.getByRole('link', { name: 'Undelivered mail' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Undelivered Mail' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)
  })
})
