import type { APIRequestContext } from '@playwright/test'
import { SITE } from '../../packages/shared/src/site.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens, signInAsAdmin } from '../helpers/admin.ts'
import { registerByApi, storeTokens, type Tokens, uniqueEmail } from '../helpers/auth.ts'
import { addLavertonSite, firstAccountId, requestBooking } from '../helpers/bookings.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'
import { newestMailTo } from '../helpers/mail.ts'

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

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

/** A customer's account with one demo VMS board on hire at its Laverton site (booked, confirmed, delivered). */
async function unitOnHire(request: APIRequestContext) {
  const run = Date.now().toString(36).slice(-5)
  const owner = await registerByApi(request, uniqueEmail('fault-owner'), 'Harper')
  await approvedAccount(request, owner, `Fault Civil ${run}`)
  const accountId = await firstAccountId(request, owner)
  const siteId = await addLavertonSite(request, owner, accountId, `Laverton yard ${run}`)
  const types = (await (await request.get('/api/equipment-types')).json()) as { id: number; slug: string }[]
  const type = types.find((candidate) => candidate.slug === 'vms-board-full-matrix')
  const booking = await requestBooking(request, owner, {
    accountId,
    siteId,
    typeId: type?.id ?? 0,
    startsAt: new Date(Date.now() + 5 * 60_000),
    poNumber: `PO-F-${run}`,
    acceptedBy: 'Harper Nguyen',
  })
  const staff = bearer(await adminTokens(request))
  const url = `/api/admin/bookings/${booking.id}`
  const confirmed = await request.post(`${url}/confirm`, {
    headers: staff,
    data: { version: booking.version },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  const detail = (await confirmed.json()) as {
    version: number
    units: { lineId: number; fleetNumber: string }[]
  }
  const delivered = await request.post(`${url}/on-hire`, {
    headers: staff,
    data: { version: detail.version, lineIds: detail.units.map((unit) => unit.lineId) },
  })
  expect(delivered.status(), await delivered.text()).toBe(200)
  return { owner, accountId, fleetNumber: detail.units[0]?.fleetNumber ?? '', staff }
}

test('a fault on a unit on hire, left unacknowledged, escalates; once acknowledged the customer sees it on On hire', async ({
  page,
  browser,
  request,
}) => {
  test.slow()
  const { owner, accountId, fleetNumber, staff } = await unitOnHire(request)

  // Someone at the roadside, in a fresh browser of their own: the page says nothing of the hire.
  const roadside = await browser.newContext({ viewport: { width: 375, height: 740 } })
  const phone = await roadside.newPage()
  await phone.goto(`/equipment/${fleetNumber}/`)
  await expect(phone.getByText('Harper', { exact: false })).toHaveCount(0)
  await phone.getByRole('checkbox', { name: 'Display blank', exact: true }).check()
  await phone.getByRole('textbox', { name: 'Your name', exact: true }).fill('Sam Roadside')
  await phone.getByRole('textbox', { name: 'Your phone', exact: true }).fill('0412 345 678')
  await phone.getByRole('button', { name: 'Send fault report', exact: true }).click()
  const reference =
    (await phone
      .getByRole('status')
      .filter({ hasText: 'Your reference is' })
      .locator('strong')
      .textContent()) ?? ''
  expect(reference).toMatch(/^F-\d{4}-\d{6}$/u)
  await roadside.close()

  // Nobody acknowledges it: the second contact is emailed (the browser tests escalate after seconds, not 15 minutes).
  const escalation = await newestMailTo(SITE.oncallEscalationEmail, reference)
  expect(escalation).toContain(fleetNumber)
  const listed = (await (await request.get('/api/admin/faults', { headers: staff })).json()) as {
    id: number
    reference: string
    version: number
  }[]
  const fault = listed.find((each) => each.reference === reference)
  expect(fault, 'the fault in the queue').toBeDefined()
  await signInAsAdmin(page, request)
  await page.goto(`/admin/faults/${fault?.id}/`)
  await expect(page.getByText(/^Escalated/u).first()).toBeVisible()
  await page.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expect(page.getByText(/^Acknowledged \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/u)).toBeVisible()

  // The customer, in their own office's browser: On hire lists it with its status, not who reported it.
  const office = await browser.newContext()
  const desk = await office.newPage()
  await storeTokens(desk, owner)
  await desk.goto(`/my-account/accounts/${accountId}/on-hire/`)
  const row = desk.getByRole('row').filter({ hasText: reference })
  await expect(row).toContainText(fleetNumber)
  await expect(row).toContainText('Acknowledged')
  await expect(row).toContainText("Reported from the unit's label")
  await expect(row).not.toContainText('Sam Roadside')
  await expectAccessible(desk)
  await office.close()
})
