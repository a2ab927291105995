import { expect, expectAccessible, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'

/*
 * Faults, 24/7 (ADR 049): someone at a roadside opens a unit's page from its QR label in a fresh browser, reports a
 * fault from the keyboard alone and gets a reference; the on-call staff find it in the admin's Faults queue and
 * acknowledge it. A demo VMS board of this run (the e2e database is shared, and each unit takes a few reports an hour).
 */

const RED_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
  'base64',
)

test.use({ viewport: { width: 320, height: 800 } })

test('a fault reported from a unit page reaches the on-call queue and is acknowledged', async ({
  page,
  request,
}) => {
  const fleetNumber = `VMS-${String(131 + Math.floor(Math.random() * 13)).padStart(4, '0')}`
  await page.goto(`/equipment/${fleetNumber}/`)
  await expect(
    page.getByRole('heading', { level: 1, name: `Unit ${fleetNumber}`, exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Report a fault', exact: true })).toBeVisible()
  await expectAccessible(page)

  const blank = page.getByRole('checkbox', { name: 'Display blank', exact: true })
  await blank.focus()
  await page.keyboard.press('Space')
  await expect(blank).toBeChecked()
  await page.getByRole('textbox', { name: 'Details', exact: true }).focus()
  await page.keyboard.type('Board dark, leaning on the kerb.')
  // A photo as the camera gives one (a red PNG): re-encoded by the API, shown to staff.
  await page
    .getByLabel('Photo', { exact: true })
    .setInputFiles({ name: 'fault.png', mimeType: 'image/png', buffer: RED_PNG })
  await page.getByRole('textbox', { name: 'Your name', exact: true }).focus()
  await page.keyboard.type('Sam Roadside')
  await page.keyboard.press('Tab')
  await expect(page.getByRole('textbox', { name: 'Your phone', exact: true })).toBeFocused()
  await page.keyboard.type('0412 345 678')
  await page.keyboard.press('Enter')

  await expect(page.getByRole('heading', { name: 'Fault reported', exact: true })).toBeVisible()
  const confirmation = page.getByRole('status').filter({ hasText: 'Your reference is' })
  const reference = (await confirmation.locator('strong').textContent()) ?? ''
  expect(reference).toMatch(/^F-\d{4}-\d{6}$/u)
  await expect(page.getByRole('link', { name: '1300 975 707', exact: true }).first()).toBeVisible()
  await expectAccessible(page)

  await signInAsAdmin(page, request)
  await page.goto('/admin/faults/')
  await expect(page.getByRole('heading', { level: 1, name: 'Faults', exact: true })).toBeVisible()
  // Links standing alone are 24 px targets (WCAG 2.2 SC 2.5.8), as the every-page sweep asks.
  const link = page.getByRole('link', { name: reference, exact: true })
  expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(24)
  await link.click()
  await expect(page.getByRole('heading', { name: reference, exact: true })).toBeVisible()
  await expect(page.getByText('Sam Roadside', { exact: true })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Sent with the report', exact: true })).toBeVisible()
  const back = page.getByRole('link', { name: 'Back to Faults', exact: true })
  expect((await back.boundingBox())?.height).toBeGreaterThanOrEqual(24)
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(page.getByText(/^Acknowledged \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/u)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0)
  await expectAccessible(page)
})
