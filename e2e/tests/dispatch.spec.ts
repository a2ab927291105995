import type { APIRequestContext } from '@playwright/test'
import {
  addDays,
  businessDay,
  type CalendarDay,
  formatIsoDay,
  wallTimeToInstant,
} from '../../packages/shared/src/business-time.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { openHydrated, registerByApi, storeTokens, type Tokens, uniqueEmail } from '../helpers/auth.ts'
import { addLavertonSite, firstAccountId, requestBooking } from '../helpers/bookings.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'

/*
 * Runs and dockets from the dispatcher's side (ADR 050): an administrator makes a user a driver at Laverton on the
 * user's page, gives them a confirmed booking's delivery on the dispatch board, saves the board, and prints the
 * driver's run sheet (without the admin frame on paper).
 */

test.use({ viewport: { width: 1280, height: 1000 } })

const ZONE = 'Australia/Melbourne'
const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })
const idOf = (tokens: Tokens) =>
  (JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString()) as { id: string })
    .id

/**
 * A booking of a new account's site at Laverton, delivered at 7:00 am (Melbourne) on `day`, sent through the
 * booking API as the WCAG sweep's is and confirmed by staff. Answers its reference.
 */
async function confirmedDelivery(request: APIRequestContext, admin: Tokens, day: CalendarDay, run: string) {
  const owner = await registerByApi(request, uniqueEmail('dispatch-owner'), 'Morgan')
  await approvedAccount(request, owner, `Dispatch Civil ${run}`)
  const accountId = await firstAccountId(request, owner)
  const siteId = await addLavertonSite(request, owner, accountId)
  const types = (await (await request.get('/api/equipment-types')).json()) as {
    id: number
    dayRateCents: number | null
  }[]
  const type = types.find((candidate) => candidate.dayRateCents !== null)
  const booking = await requestBooking(request, owner, {
    accountId,
    siteId,
    typeId: type?.id ?? 0,
    startsAt: wallTimeToInstant({ ...day, hour: 7, minute: 0, second: 0 }, ZONE),
    poNumber: `PO-${run}`,
    acceptedBy: 'Morgan Nguyen',
  })
  const confirmed = await request.post(`/api/admin/bookings/${booking.id}/confirm`, {
    headers: bearer(admin),
    data: { version: booking.version },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  return booking.reference
}

test('an administrator makes a user a driver, gives them a delivery on the board and prints their run sheet', async ({
  page,
  request,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-5)
  // A day of its own, a month or two ahead, so no other test's stops share the board saved here.
  const day = addDays(businessDay(), 30 + (Date.now() % 40))
  const admin = await adminTokens(request)
  const reference = await confirmedDelivery(request, admin, day, run)
  // A name of letters only, found once among the depot's drivers.
  const first = `Dana${run.replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)))}`
  const driver = await registerByApi(request, uniqueEmail('dispatch-driver'), first)
  const name = `${first} Nguyen`

  await storeTokens(page, admin)
  await openHydrated(page, `/admin/update-user/${idOf(driver)}`)
  const panel = page.getByRole('region', { name: 'Driver', exact: true })
  await expect(panel.getByText(`${name} is not a driver.`, { exact: true })).toBeVisible()
  await panel.getByRole('combobox', { name: 'Driver at', exact: true }).selectOption({ label: 'Laverton' })
  await panel.getByRole('button', { name: 'Save Driver Role', exact: true }).click()
  await expect(page.getByText(`${name} is a driver at Laverton.`, { exact: true })).toBeVisible()

  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Dispatch', exact: true })
    .click()
  const choice = page.getByRole('form', { name: 'Choose the depot and day' })
  await choice.getByRole('combobox', { name: 'Depot', exact: true }).selectOption({ label: 'Laverton' })
  await choice.getByLabel('Day', { exact: true }).fill(formatIsoDay(day))
  await choice.getByRole('button', { name: 'Show', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`date=${formatIsoDay(day)}$`))
  const stop = page.getByRole('combobox', { name: `Driver for Delivery ${reference}`, exact: true })
  await expect(stop).toHaveValue('')
  await stop.selectOption({ label: name })
  const lane = page.getByRole('region', { name: new RegExp(`^${name} \\(1 stop\\)$`) })
  await expect(lane.getByRole('link', { name: reference, exact: true })).toBeVisible()
  await expect(stop).toBeFocused()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('.dispatch-bar').getByText('The board is saved.', { exact: true })).toBeVisible()

  // Saved: the board opened again has the stop in the driver's run.
  await page.reload()
  await expect(lane.getByRole('link', { name: reference, exact: true })).toBeVisible()
  await expectAccessible(page)

  await lane.getByRole('link', { name: `Print run sheet for ${name}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: `Run sheet: ${name}`, exact: true })).toBeVisible()
  const row = page.getByRole('row', { name: new RegExp(reference) })
  await expect(row).toContainText('07:00')
  await expect(row).toContainText('48 Signal Court, Laverton VIC 3028')
  await expect(row).toContainText('Sam Site')
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', '')
  })
  await page.getByRole('button', { name: 'Print', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('data-printed', '')
  // On paper: the run sheet alone, without the admin frame, the links or the button.
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Print', exact: true })).toBeHidden()
  await expect(row).toBeVisible()
  await page.emulateMedia({ media: 'screen' })
})
