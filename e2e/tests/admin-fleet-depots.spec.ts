import { expect, expectAccessible, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'

/*
 * An administrator keeps a depot's delivery zones: adds a zone with its fees typed in dollars and its postcodes,
 * is told plainly about a postcode that is not one, sees the zone priced ex GST in the depots list, and takes it
 * away again (so the test leaves the depot as it found it, and runs twice).
 */

test.use({ viewport: { width: 768, height: 1000 } })

test('an administrator adds a delivery zone to the Queensland depot and removes it', async ({
  page,
  request,
}) => {
  test.slow()
  const zone = `T${Date.now().toString(36).slice(-5)}`
  const postcode = String(4800 + Math.floor(Math.random() * 100))
  await signInAsAdmin(page, request)
  await page.goto('/admin/fleet/')
  await page.getByRole('navigation', { name: 'Fleet' }).getByRole('link', { name: 'Depots' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Depots' })).toBeVisible()
  await page.getByRole('link', { name: 'Edit the zones of Molendinar' }).click()
  await expect(page.getByRole('heading', { name: 'Delivery zones of Molendinar' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add a zone' })).toBeEnabled()

  const before = await page.getByRole('group', { name: /^Zone \d+$/ }).count()
  const n = before + 1
  await page.getByRole('button', { name: 'Add a zone' }).click()
  await page.getByLabel(`Zone ${n} name`).fill(zone)
  await page.getByLabel(`Zone ${n} delivery fee ($, ex GST)`).fill('1,234.5')
  await page.getByLabel(`Zone ${n} collection fee ($, ex GST)`).fill('99')
  await page.getByLabel(`Zone ${n} postcodes`).fill(`${postcode}, 48l0`)
  await page.getByRole('button', { name: 'Save Zones' }).click()
  await expect(page.getByText('48l0 is not a postcode: enter four digits (e.g. 3028).')).toBeVisible()
  await expectAccessible(page)

  await page.getByLabel(`Zone ${n} postcodes`).fill(postcode)
  await page.getByRole('button', { name: 'Save Zones' }).click()
  await expect(page.getByText('The zones were saved.')).toBeVisible()

  await page.getByRole('link', { name: 'Back to Depots' }).click()
  const molendinar = page.getByRole('region', { name: 'Molendinar (MOL)' })
  const row = molendinar.getByRole('row').filter({ hasText: zone })
  await expect(row).toContainText('$1,234.50 ex GST')
  await expect(row).toContainText('$99.00 ex GST')
  await expect(row).toContainText(postcode)
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(scrollWidth).toBeLessThanOrEqual(768)

  await molendinar.getByRole('link', { name: 'Edit the zones of Molendinar' }).click()
  await page.getByRole('button', { name: `Remove zone ${n}` }).click()
  await page.getByRole('button', { name: 'Save Zones' }).click()
  await expect(page.getByText('The zones were saved.')).toBeVisible()
  await expect(page.getByLabel(`Zone ${n} name`)).toHaveCount(0)
})
