import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import {
  addDays,
  businessDay,
  type CalendarDay,
  formatIsoDay,
  wallTimeToInstant,
} from '../../packages/shared/src/business-time.ts'
import { type Cents, formatMoney, gstOf } from '../../packages/shared/src/money.ts'
import { type EquipmentRates, hireDays, priceHire, quoteLines } from '../../packages/shared/src/rates.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import {
  hydrated,
  openHydrated,
  registerByApi,
  storeTokens,
  type Tokens,
  uniqueEmail,
} from '../helpers/auth.ts'
import { stockUnits } from '../helpers/bookings.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * Hiring online from end to end (ADR 048, requirements §19), in a browser in Los Angeles: an Account admin books two
 * VMS boards and a pair of portable traffic lights for their Geelong site (served from Laverton) next Monday to Friday,
 * with the live price the rate engine gives; staff confirm it and deliver the three units; the owner sees them on
 * hire with their running cost, off-hires one board from the keyboard and reads its off-hire number at once and in
 * the email; staff collect it and it leaves On hire. An Orderer with a $5,000 approval limit books more than that and
 * the booking waits for the owner, who approves it. On hire passes axe at 768 and 320 px, nothing on it moves while
 * it loads, and nothing scrolls sideways at 320 px.
 */

test.use({ viewport: { width: 768, height: 1000 }, timezoneId: 'America/Los_Angeles' })

const ZONE = 'Australia/Melbourne'
/** The demo's Laverton zone C (Geelong, 3220): delivery and collection fees ex GST (apps/api/src/seed/demo-fleet.ts). */
const ZONE_C_FEE = 22_000 as Cents
const money = (amount: number) => formatMoney(amount as Cents)
const bearer = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access_token}` })

interface DemoType {
  id: number
  slug: string
  name: string
  dayRateCents: number
  weekRateCents: number
  minimumDays: number
}

const ratesOf = (type: DemoType): EquipmentRates => ({
  dayRate: type.dayRateCents as Cents,
  weekRate: type.weekRateCents as Cents,
  minimumDays: type.minimumDays,
})

/** The Monday after today in Melbourne (a week on when today is a Monday there). */
function nextMonday(): CalendarDay {
  const today = businessDay()
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay()
  return addDays(today, (8 - weekday) % 7 || 7)
}

const at = (day: CalendarDay, hour: number) => wallTimeToInstant({ ...day, hour, minute: 0, second: 0 }, ZONE)

/** What the rate engine gives for `lines` over the period, delivered and collected in zone C. */
function expectedQuote(lines: { type: DemoType; quantity: number }[], from: Date, to: Date) {
  return quoteLines(
    lines.map(({ type, quantity }) => ({
      description: type.name,
      rates: ratesOf(type),
      period: { onHire: from, offHire: to },
      quantity,
    })),
    [
      { description: 'Delivery', amount: ZONE_C_FEE },
      { description: 'Collection', amount: ZONE_C_FEE },
    ],
  )
}

/** An Orderer with an approval limit, invited by the owner and joined through the emailed link. */
async function ordererOf(request: APIRequestContext, owner: Tokens, accountId: number): Promise<Tokens> {
  const email = uniqueEmail('hiring-orderer')
  const orderer = await registerByApi(request, email, 'Robin')
  const invited = await request.post(`/api/my-account/customer-accounts/${accountId}/invitations`, {
    headers: bearer(owner),
    data: { email, role: 'orderer', approvalLimitCents: 500_000 },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = /\/join-account\/\?t=([\w-]+)/.exec(await newestMailTo(email, '/join-account/?t='))?.[1]
  expect(token, 'an invitation link').toBeTruthy()
  const joined = await request.post('/api/my-account/customer-account-invitations/accept', {
    headers: bearer(orderer),
    data: { token },
  })
  expect(joined.status(), await joined.text()).toBe(200)
  return orderer
}

/** A tab of its own (staff, a second member), in the same zone as the test's. */
async function tabFor(browser: Browser, tokens: Tokens): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 1000 },
    timezoneId: 'America/Los_Angeles',
  })
  const page = await context.newPage()
  await storeTokens(page, tokens)
  return page
}

/** Fills the booking form's equipment, dates and site (the site's contact comes with it). */
async function fillBooking(
  page: Page,
  lines: { type: DemoType; quantity: number }[],
  from: CalendarDay,
  to: CalendarDay,
  site: string,
  po: string,
) {
  const form = page.getByRole('form', { name: 'Book equipment' })
  for (const [index, line] of lines.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add equipment', exact: true }).click()
    await form
      .getByRole('combobox', { name: /^Equipment/ })
      .nth(index)
      .selectOption(String(line.type.id))
    await form
      .getByRole('textbox', { name: /^Quantity/ })
      .nth(index)
      .fill(String(line.quantity))
  }
  await form.getByLabel(/^Start date/).fill(formatIsoDay(from))
  await expect(form.getByRole('combobox', { name: /^Start time/ })).toHaveValue('07:00')
  await form.getByLabel(/^Expected end date/).fill(formatIsoDay(to))
  await expect(form.getByRole('radio', { name: 'Deliver to the site and collect from it' })).toBeChecked()
  await form.getByRole('combobox', { name: /^Job site/ }).selectOption({ label: site })
  await expect(form.getByRole('textbox', { name: /^Site contact$/ })).toHaveValue('Sam Site')
  await form.getByRole('textbox', { name: /^Purchase order number/ }).fill(po)
  return form
}

/** Accepts the terms with the name and sends the booking at once. */
async function acceptAndSend(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Book equipment' })
  await form.getByRole('checkbox', { name: /^I accept the Terms and Conditions of Hire/ }).check()
  await form.getByRole('textbox', { name: /^Your full name/ }).fill(name)
  await form.getByRole('button', { name: 'Send the Booking', exact: true }).click()
  await expect(page).toHaveURL(/\/my-account\/accounts\/\d+\/bookings\/\d+\/$/)
  const heading = page.getByRole('heading', { name: /^Booking BK-\d{4}-\d{6}$/ })
  await expect(heading).toBeVisible()
  return { url: page.url(), reference: ((await heading.textContent()) ?? '').replace('Booking ', '') }
}

/** The figure a definition list gives a term ("Total inc GST"). */
const figure = (scope: Locator, term: string) =>
  scope.locator('div', { has: scope.page().getByText(term, { exact: true }) }).locator('dd')

async function layoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = []
    ;(window as unknown as { __shifts: typeof shifts }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null }[]
      }[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((source) =>
              source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
            ),
          })
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** A checkbox's label text. */
const labelOf = (box: Locator) =>
  box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '')

async function fitsTheScreen(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0)
}

test('an account books online, staff deliver, the owner off-hires a unit and an Orderer’s booking waits for approval', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const run = Date.now().toString(36).slice(-5)
  const ownerEmail = uniqueEmail('hiring')
  const owner = await registerByApi(request, ownerEmail, 'Harper')
  const business = `Corio Civil ${run}`
  await approvedAccount(request, owner, business)
  const accounts = (await (
    await request.get('/api/my-account/customer-accounts', { headers: bearer(owner) })
  ).json()) as { items: { id: number }[] }
  const accountId = accounts.items[0]?.id ?? 0
  const added = await request.post(`/api/my-account/customer-accounts/${accountId}/sites`, {
    headers: bearer(owner),
    data: {
      name: 'Geelong ring road',
      address: {
        fullAddress: '12 Moorabool Street, Geelong VIC 3220',
        unitNumber: '',
        streetNumber: '12',
        streetName: 'Moorabool Street',
        city: 'Geelong',
        state: 'VIC',
        postcode: '3220',
      },
      defaultPo: '',
      contactName: 'Sam Site',
      contactPhone: '0412 345 678',
    },
  })
  expect(added.status(), await added.text()).toBe(201)
  const siteLabel = 'Geelong ring road, 12 Moorabool Street, Geelong VIC 3220'
  const types = (await (await request.get('/api/equipment-types')).json()) as DemoType[]
  const typeOf = (slug: string) => {
    const found = types.find((type) => type.slug === slug)
    if (!found) throw new Error(`The demo catalogue has no ${slug}.`)
    return found
  }
  const vms = typeOf('vms-board-full-matrix')
  const lights = typeOf('portable-traffic-lights-pair')
  // The units the two bookings below take (the second after the first ends), of the test's own: other tests book
  // the same types at the same time, and the suite may run again on this database (helpers/bookings.ts).
  await stockUnits(request, vms.id, 2)
  await stockUnits(request, lights.id)
  const orderer = await ordererOf(request, owner, accountId)

  // The owner books next Monday 7:00 am to Friday 5:00 pm (Melbourne) with a purchase order.
  const monday = nextMonday()
  const friday = addDays(monday, 4)
  const lines = [
    { type: vms, quantity: 2 },
    { type: lights, quantity: 1 },
  ]
  const quote = expectedQuote(lines, at(monday, 7), at(friday, 17))
  await storeTokens(page, owner)
  await openHydrated(page, `/book/?type=vms-board-full-matrix&account=${accountId}`)
  await fillBooking(page, lines, monday, friday, siteLabel, 'PO-GEE-77')
  const panel = page.getByRole('region', { name: 'Price and availability', exact: true })
  const days = hireDays({ onHire: at(monday, 7), offHire: at(friday, 17) }).days
  await expect(panel.getByRole('status')).toHaveText(`Priced for ${days} days from our Laverton depot.`)
  await expect(panel.getByText(/^Available: \d+ free$/)).toHaveCount(2)
  for (const line of quote.lines)
    await expect(panel.getByText(`${line.quantity} × ${line.description}`, { exact: true })).toBeVisible()
  await expect(figure(panel, 'Subtotal ex GST')).toHaveText(money(quote.subtotalExGst))
  await expect(figure(panel, 'GST')).toHaveText(money(quote.gst))
  await expect(figure(panel, 'Total inc GST')).toHaveText(money(quote.total))
  const booked = await acceptAndSend(page, 'Harper Nguyen')
  await expect(
    page.getByText('Our team will check the booking and confirm it.', { exact: true }),
  ).toBeVisible()

  // Staff find it in the inbox, confirm it and deliver the three units.
  const staff = await tabFor(browser, await adminTokens(request))
  await openHydrated(staff, '/admin/bookings/')
  await staff
    .getByRole('searchbox', { name: 'Search by reference, account or PO', exact: true })
    .fill(booked.reference)
  // The search is in the address once it has run (a click before would be undone by it).
  await expect(staff).toHaveURL(new RegExp(`[?&]q=${booked.reference}`))
  await expect(staff.getByRole('table', { name: 'Bookings', exact: true }).getByRole('row')).toHaveCount(2)
  await staff.getByRole('link', { name: booked.reference, exact: true }).click()
  await expect(staff).toHaveURL(/\/admin\/bookings\/\d+\/$/)
  // The delivery form offers the minute it opens, in the depot's zone.
  const deliveredAt = new Date(Math.floor(Date.now() / 60_000) * 60_000)
  await staff.getByRole('button', { name: 'Confirm booking', exact: true }).click()
  await expect(
    staff.getByText('Booking confirmed. The orderer has been emailed.', { exact: true }),
  ).toBeVisible()
  const delivered = staff.getByRole('group', { name: 'Units delivered', exact: true }).getByRole('checkbox')
  await expect(delivered).toHaveCount(3)
  for (const box of await delivered.all()) await expect(box).toBeChecked()
  await staff.getByRole('button', { name: 'Mark delivered', exact: true }).click()
  await expect(
    staff.getByText('Units marked delivered. The orderer has been emailed.', { exact: true }),
  ).toBeVisible()
  // Straight after, every unit on hire is offered for collection, ticked.
  const collected = staff.getByRole('group', { name: 'Units collected', exact: true }).getByRole('checkbox')
  await expect(collected).toHaveCount(3)
  for (const box of await collected.all()) await expect(box).toBeChecked()

  // The owner: My Account, the account, On hire; the page loads again to measure what moves as it loads.
  await layoutShifts(page)
  await page.goto('/my-account/')
  await page
    .getByRole('region', { name: 'Customer Accounts' })
    .getByRole('link', { name: `${business} Pty Ltd` })
    .click()
  await page
    .getByRole('navigation', { name: 'Account pages' })
    .getByRole('link', { name: 'On hire', exact: true })
    .click()
  const table = page.getByRole('table', { name: 'Geelong ring road, PO PO-GEE-77', exact: true })
  await expect(table.getByRole('row')).toHaveCount(5)
  await page.reload()
  await hydrated(page)
  await expect(table.getByRole('row')).toHaveCount(5)
  const costOf = (type: DemoType) =>
    priceHire(ratesOf(type), { onHire: deliveredAt, offHire: new Date() }, 1).subtotalExGst
  const running = 2 * costOf(vms) + costOf(lights)
  await expect(
    page.getByText(
      `3 units on hire: ${money(running)} ex GST to date, GST ${money(gstOf(running as Cents))}, ${money(running + gstOf(running as Cents))} inc GST.`,
      { exact: true },
    ),
  ).toBeVisible()
  await expect(table.getByRole('row').last()).toHaveText(
    `Subtotal${money(running)} ex GSTGST ${money(gstOf(running as Cents))}`,
  )
  const shifted = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  )
  expect(
    shifted.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifted),
  ).toBeLessThan(0.01)
  await expectAccessible(page)

  // Off-hire one VMS board from the keyboard alone: the other two units unticked, a note, sent.
  const vmsRows = table.getByRole('row').filter({ hasText: vms.name })
  const board = ((await vmsRows.first().getByRole('rowheader').textContent()) ?? '').trim()
  await page.getByRole('button', { name: `Off-hire ${booked.reference}`, exact: true }).focus()
  await page.keyboard.press('Enter')
  const boxes = page.getByRole('group', { name: 'Units to off-hire', exact: true }).getByRole('checkbox')
  await expect(boxes).toHaveCount(3)
  for (const box of await boxes.all()) {
    await expect(box).toBeChecked()
    if ((await labelOf(box)).startsWith(board)) continue
    await box.focus()
    await page.keyboard.press('Space')
    await expect(box).not.toBeChecked()
  }
  await page.getByRole('textbox', { name: 'Access notes', exact: true }).focus()
  await page.keyboard.type('Gate code 4321')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Request off-hire', exact: true }).focus()
  await page.keyboard.press('Enter')
  const status = page.getByRole('region', { name: 'On hire', exact: true }).getByRole('status').first()
  await expect(status).toContainText(
    new RegExp(`^Off-hire number OH-\\d{4}-\\d{6}: ${board} to be picked up `),
  )
  await expect(status).toContainText('(Melbourne time)')
  const number = /OH-\d{4}-\d{6}/.exec((await status.textContent()) ?? '')?.[0] ?? ''
  await expect(table).toContainText(new RegExp(`${number}, pick-up \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}`))
  await expect(table.getByRole('row', { name: new RegExp(`^${board} `) })).toContainText(number)
  await newestMailTo(ownerEmail, number)

  // Staff collect that board; on the owner's On hire it is no longer listed, nor costing.
  await staff.reload()
  await hydrated(staff)
  const toCollect = staff.getByRole('group', { name: 'Units collected', exact: true })
  await expect(toCollect.getByRole('checkbox')).toHaveCount(3)
  for (const box of await toCollect.getByRole('checkbox').all())
    if (!(await labelOf(box)).startsWith(board)) await box.uncheck()
  await staff.getByRole('button', { name: 'Mark collected', exact: true }).click()
  await expect(
    staff.getByText('Units marked collected. The orderer has been emailed.', { exact: true }),
  ).toBeVisible()
  await page.reload()
  await hydrated(page)
  await expect(table.getByRole('row')).toHaveCount(4)
  await expect(table).not.toContainText(board)
  const left = costOf(vms) + costOf(lights)
  await expect(page.getByText(new RegExp(`^2 units on hire: \\${money(left)} ex GST to date`))).toBeVisible()

  // At 320 px each unit is a card with its cost in sight; nothing scrolls sideways, the Extend form open too.
  await page.setViewportSize({ width: 320, height: 800 })
  await expect(table).toBeVisible()
  const cost = table.getByText(money(costOf(vms)), { exact: true }).first()
  await cost.scrollIntoViewIfNeeded()
  await expect(cost).toBeInViewport()
  // The table's own box does not scroll sideways either: the cost is there without it.
  expect(
    await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0)),
  ).toBe(true)
  await page.screenshot({ path: test.info().outputPath('on-hire-320.png'), fullPage: true })
  await fitsTheScreen(page)
  await expectAccessible(page)
  await page.getByRole('button', { name: `Extend ${booked.reference}`, exact: true }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('New end date', { exact: true })).toBeVisible()
  await fitsTheScreen(page)
  await expectAccessible(page)

  // The Orderer books two boards for the two weeks after, over their $5,000 limit: it waits for an Account admin.
  const orderers = await tabFor(browser, orderer)
  const later = addDays(monday, 7)
  const laterEnd = addDays(later, 11)
  const big = expectedQuote([{ type: vms, quantity: 2 }], at(later, 7), at(laterEnd, 17))
  expect(big.total).toBeGreaterThan(500_000)
  await openHydrated(orderers, `/book/?type=vms-board-full-matrix&account=${accountId}`)
  await fillBooking(orderers, [{ type: vms, quantity: 2 }], later, laterEnd, siteLabel, 'PO-GEE-78')
  const theirs = orderers.getByRole('region', { name: 'Price and availability', exact: true })
  await expect(figure(theirs, 'Total inc GST')).toHaveText(money(big.total))
  const waiting = await acceptAndSend(orderers, 'Robin Nguyen')
  const waits = 'It is waiting for an Account admin’s approval, as it is over your approval limit.'
  await expect(orderers.getByText(waits, { exact: true })).toBeVisible()
  await expect(orderers.getByRole('main')).toContainText('Awaiting approval')
  await expect(orderers.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)

  // The owner approves it on its page.
  await page.setViewportSize({ width: 768, height: 1000 })
  await page.goto(new URL(waiting.url).pathname)
  await expect(page.getByText(waits, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Approve', exact: true }).click()
  await expect(page.getByText(`Booking ${waiting.reference} was approved.`, { exact: true })).toBeVisible()
  await expect(page.getByText(waits, { exact: true })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
  await staff.context().close()
  await orderers.context().close()
})
