import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import {
  addDays,
  businessDay,
  formatIsoDay,
  formatShortDate,
  startOfDayIn,
  wallTimeToInstant,
} from '../../packages/shared/src/business-time.ts'
import { SITE } from '../../packages/shared/src/site.ts'
import { expect, expectAccessible, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { registerByApi, storeTokens, type Tokens, uniqueEmail } from '../helpers/auth.ts'
import { addLavertonSite, firstAccountId, requestBooking } from '../helpers/bookings.ts'
import { approvedAccount } from '../helpers/customer-accounts.ts'
import { newestMailTo } from '../helpers/mail.ts'

/*
 * Billing's journey (requirements §22, ADR 051): a 10-day hire of one VMS board, put on hire by staff nine
 * Melbourne days ago and off-hired by the customer moments from now, is invoiced at off-hire when staff press "Run
 * billing now": the week rate caps the first seven days, the figures worked out here by hand. The invoice's PDF
 * carries every field the ATO asks of a tax invoice; staff record a payment of the full amount allocated to it;
 * the account's Accounts member sees it Paid in My Account, and the month's statement closes at $0.00. In Los
 * Angeles' zone, so that every day shown must be Melbourne's; each run makes its own account and booking, so the
 * journey passes again on the same database.
 */

test.use({ viewport: { width: 1280, height: 1000 }, timezoneId: 'America/Los_Angeles' })

/** The demo VMS board's rates (apps/api/src/seed/demo-fleet.ts), checked against the booking below. */
const DAY_RATE = 25_000
const WEEK_RATE = 120_000
/** 10 days: one week at the week rate (7 × $250.00 = $1,750.00 capped at $1,200.00), then 3 days × $250.00. */
const HIRE_CENTS = WEEK_RATE + 3 * DAY_RATE

const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })
const dollars = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-AU')}.${String(cents % 100).padStart(2, '0')}`

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`

/** The text of every page of a PDF, white space collapsed. */
async function pdfText(data: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise
  const pages: string[] = []
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent()
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await pdf.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}

/** The page does not scroll sideways (wide tables scroll in their own box); the widest element is named. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement
    let right = root.clientWidth
    let widest = ''
    const clipped = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement)
        if (getComputedStyle(node).overflowX !== 'visible') return true
      return false
    }
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.right > right + 0.5 && getComputedStyle(element).position !== 'fixed' && !clipped(element)) {
        right = box.right
        const text = (element.textContent ?? '').trim().slice(0, 40)
        widest = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} "${text}" (${Math.round(box.right)} px)`
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest }
  })
  expect(scrollWidth, `${label}: the widest element is ${widest}`).toBeLessThanOrEqual(clientWidth)
}

/** Screenshots at 320 px (checked for sideways scrolling) and at 1280 px. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true })
  await page.setViewportSize({ width: 320, height: 800 })
  await expectNoSidewaysScroll(page, `${name} at 320 px`)
  await page.screenshot({ path: test.info().outputPath(`${name}-320.png`), fullPage: true })
  await page.setViewportSize({ width: 1280, height: 1000 })
}

/** What a click on a download button saves, as bytes. */
async function downloaded(
  page: Page,
  click: () => Promise<void>,
): Promise<{ name: string; data: Uint8Array }> {
  const download = page.waitForEvent('download')
  await click()
  const saved = await download
  return { name: saved.suggestedFilename(), data: new Uint8Array(await readFile(await saved.path())) }
}

/** An Accounts member of the account, invited by its owner and joined through the emailed link. */
async function accountsMember(request: APIRequestContext, owner: Tokens, accountId: number): Promise<Tokens> {
  const email = uniqueEmail('billing-accounts')
  const member = await registerByApi(request, email, 'Avery')
  const invited = await request.post(`/api/my-account/customer-accounts/${accountId}/invitations`, {
    headers: bearer(owner),
    data: { email, role: 'accounts', approvalLimitCents: null },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const token = /\/join-account\/\?t=([\w-]+)/.exec(await newestMailTo(email, '/join-account/?t='))?.[1]
  expect(token, 'an invitation link').toBeTruthy()
  const joined = await request.post('/api/my-account/customer-account-invitations/accept', {
    headers: bearer(member),
    data: { token },
  })
  expect(joined.status(), await joined.text()).toBe(200)
  return member
}

/**
 * Staff bill the account every 28 days from ten Melbourne days ago, so that no billing period ends during the hire
 * and the off-hire's invoice is the one that charges it.
 */
async function billFromTenDaysAgo(request: APIRequestContext, staff: Tokens, accountId: number) {
  const url = `/api/admin/customer-accounts/${accountId}`
  const account = (await (await request.get(url, { headers: bearer(staff) })).json()) as Record<
    string,
    unknown
  >
  const saved = await request.put(url, {
    headers: bearer(staff),
    data: {
      version: account.version,
      legalName: account.legalName,
      tradingName: account.tradingName,
      abn: account.abn,
      acn: account.acn,
      billingEmail: account.billingEmail,
      invoiceDelivery: account.invoiceDelivery,
      paymentTermsDays: account.paymentTermsDays,
      poRequired: account.poRequired,
      billingCycle: {
        kind: 'every_28_days',
        anchorDay: formatIsoDay(addDays(businessDay(), -10)),
        dayOfMonth: null,
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  return account as { legalName: string; abn: string; accountNumber: string }
}

interface Hire {
  accountId: number
  account: { legalName: string; abn: string; accountNumber: string }
  member: Tokens
  fleetNumber: string
  reference: string
  feesCents: number
  onHireDay: string
  offHireDay: string
}

/**
 * The hire, through the real paths: the owner books a VMS board; staff confirm it and mark it delivered at 8 am
 * Melbourne time nine days ago; the owner asks for it to be collected in a few seconds (the off-hire's pick-up time
 * may not be in the past), and the test waits for that time to pass.
 */
async function tenDayHire(request: APIRequestContext): Promise<Hire> {
  const run = Date.now().toString(36).slice(-5)
  const owner = await registerByApi(request, uniqueEmail('billing-owner'), 'Morgan')
  await approvedAccount(request, owner, `Billing Civil ${run}`)
  const accountId = await firstAccountId(request, owner)
  const staff = await adminTokens(request)
  const account = await billFromTenDaysAgo(request, staff, accountId)
  const member = await accountsMember(request, owner, accountId)
  const siteId = await addLavertonSite(request, owner, accountId, `Billing yard ${run}`)
  const types = (await (await request.get('/api/equipment-types')).json()) as { id: number; slug: string }[]
  const type = types.find((candidate) => candidate.slug === 'vms-board-full-matrix')
  expect(type, 'the demo VMS board').toBeDefined()
  const booking = await requestBooking(request, owner, {
    accountId,
    siteId,
    typeId: type?.id ?? 0,
    startsAt: new Date(Math.ceil((Date.now() + 3 * 60_000) / 60_000) * 60_000),
    poNumber: `PO-BILL-${run}`,
    acceptedBy: 'Morgan Nguyen',
  })

  const url = `/api/admin/bookings/${booking.id}`
  const confirmed = await request.post(`${url}/confirm`, {
    headers: bearer(staff),
    data: { version: booking.version },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
  const detail = (await confirmed.json()) as {
    version: number
    items: { dayRateCents: number; weekRateCents: number }[]
    units: { lineId: number; fleetNumber: string }[]
    deliveryFeeCents: number
    collectionFeeCents: number
  }
  expect(detail.items[0]).toMatchObject({ dayRateCents: DAY_RATE, weekRateCents: WEEK_RATE })
  const lineId = detail.units[0]?.lineId ?? 0
  const onHireDay = addDays(businessDay(), -9)
  const onHire = await request.post(`${url}/on-hire`, {
    headers: bearer(staff),
    data: {
      version: detail.version,
      lineIds: [lineId],
      at: wallTimeToInstant({ ...onHireDay, hour: 8, minute: 0, second: 0 }).toISOString(),
    },
  })
  expect(onHire.status(), await onHire.text()).toBe(200)

  const pickupAt = new Date(Date.now() + 8_000)
  const offHire = await request.post(
    `/api/my-account/customer-accounts/${accountId}/bookings/${booking.id}/off-hires`,
    {
      headers: bearer(owner),
      data: {
        version: ((await onHire.json()) as { version: number }).version,
        lineIds: [lineId],
        pickupAt: pickupAt.toISOString(),
      },
    },
  )
  expect(offHire.status(), await offHire.text()).toBe(201)
  await expect.poll(() => Date.now(), { timeout: 15_000 }).toBeGreaterThan(pickupAt.getTime() + 500)
  return {
    accountId,
    account,
    member,
    fleetNumber: detail.units[0]?.fleetNumber ?? '',
    reference: booking.reference,
    feesCents: detail.deliveryFeeCents + detail.collectionFeeCents,
    onHireDay: formatShortDate(startOfDayIn(onHireDay)),
    offHireDay: formatShortDate(startOfDayIn(businessDay(pickupAt))),
  }
}

/** Staff press "Run billing now", then open the account's invoice from the list filtered to the account. */
async function runBillingAndOpen(page: Page, hire: Hire): Promise<string> {
  await page.goto('/admin/invoices/')
  await page.getByRole('button', { name: 'Run billing now' }).click()
  // The scheduled run may have issued it a moment earlier: the counts are the run's, whatever they are.
  await expect(page.getByRole('status').filter({ hasText: 'Billing run done:' })).toContainText(
    /\d+ invoices?/,
  )
  const filters = page.getByRole('search', { name: 'Filter invoices' })
  await filters.getByRole('combobox', { name: 'Account' }).selectOption(String(hire.accountId))
  await filters.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(new RegExp(`accountId=${hire.accountId}`))
  const table = page.getByRole('table', { name: 'Invoices' })
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table).toContainText('Unpaid')
  await shots(page, 'invoices')
  const link = table.getByRole('link', { name: /^INV-\d{6,}$/ })
  const number = (await link.textContent()) ?? ''
  await link.click()
  await expect(page.getByRole('heading', { name: new RegExp(`Tax invoice ${number}`) })).toBeVisible()
  return number
}

async function checkInvoicePage(
  page: Page,
  hire: Hire,
  totals: { subtotal: number; gst: number; total: number },
) {
  const lines = page.getByRole('table', { name: 'The invoice’s lines' })
  const hireLine = lines.getByRole('row').filter({ hasText: hire.fleetNumber })
  await expect(hireLine).toContainText(
    `${hire.onHireDay} to ${hire.offHireDay}, 10 days: 1 week × $1,200.00 + 3 days × $250.00`,
  )
  await expect(hireLine).toContainText(dollars(HIRE_CENTS))
  const header = page.getByRole('region', { name: /^Tax invoice INV-/ })
  await expect(header).toContainText(`Subtotal ex GST${dollars(totals.subtotal)}`)
  await expect(header).toContainText(`GST${dollars(totals.gst)}`)
  await expect(header).toContainText(`Total inc GST${dollars(totals.total)}`)
  await expect(header).toContainText(`Owing${dollars(totals.total)}`)
  await expect(header).toContainText('Sent by')
  await expectAccessible(page)
  await shots(page, 'invoice')
}

async function checkPdf(page: Page, hire: Hire, number: string, totals: { gst: number; total: number }) {
  const header = page.getByRole('region', { name: /^Tax invoice INV-/ })
  const button = header.getByRole('button', { name: 'Download the invoice (PDF)' })
  // The PDF is sealed just after the invoice commits: the page says so until it is.
  await expect(async () => {
    await page.reload()
    await expect(button).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  const pdf = await downloaded(page, () => button.click())
  expect(pdf.name).toBe(`${number}.pdf`)
  const text = await pdfText(pdf.data)
  const issued = formatShortDate(new Date())
  for (const field of [
    'Tax invoice',
    number,
    SITE.legalName,
    `ABN ${SITE.abn}`,
    `Date issued ${issued}`,
    hire.fleetNumber,
    '10 days: 1 week × $1,200.00 + 3 days × $250.00',
    `1 ${dollars(HIRE_CENTS)} ${dollars(HIRE_CENTS)}`,
    `GST (10%) ${dollars(totals.gst)}`,
    hire.account.legalName,
    hire.account.abn,
    `Total (inc GST) ${dollars(totals.total)}`,
  ])
    expect(text, `the PDF shows ${field}`).toContain(field)
}

/** Staff record a payment of the full amount: the suggestion allocates it to the invoice. */
async function recordPayment(page: Page, number: string, total: number, reference: string) {
  await page.getByRole('link', { name: 'The account’s billing' }).click()
  const form = page.getByRole('region', { name: 'Record a payment' })
  await form.getByRole('textbox', { name: /^Amount/ }).fill((total / 100).toFixed(2))
  await form.getByRole('textbox', { name: /^Amount/ }).press('Tab')
  await expect(form.getByRole('textbox', { name: new RegExp(`^${number}, due`) })).toHaveValue(
    (total / 100).toFixed(2),
  )
  await expect(form).toContainText(`Allocated ${dollars(total)}; left as credit $0.00.`)
  await form.getByRole('textbox', { name: 'Reference' }).fill(reference)
  await shots(page, 'payment')
  await form.getByRole('button', { name: 'Record Payment' }).click()
  const payments = page.getByRole('table', { name: /payments and reversals/ })
  await expect(payments).toContainText(reference)
  await expect(payments).toContainText(`${number}: ${dollars(total)}`)
  const invoices = page.getByRole('table', { name: 'Invoices, newest first' })
  await expect(invoices.getByRole('row').filter({ hasText: number })).toContainText('Paid')
  await expect(page.getByRole('region', { name: /where it stands/ })).toContainText('Balance (inc GST)$0.00')
  await expectAccessible(page)
}

/** The Accounts member's My Account → Invoices: the invoice Paid, its PDF and the month's statement. */
async function checkMyAccount(browser: Browser, request: APIRequestContext, hire: Hire, number: string) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 1000 },
    timezoneId: 'America/Los_Angeles',
  })
  const page = await context.newPage()
  await storeTokens(page, hire.member)
  await page.goto(`/my-account/accounts/${hire.accountId}/`)
  await page
    .getByRole('navigation', { name: 'Account pages' })
    .getByRole('link', { name: 'Invoices' })
    .click()
  const table = page.getByRole('table', { name: 'Invoices, newest first' })
  await expect(table.getByRole('row').filter({ hasText: number })).toContainText('Paid')
  await expect(page.getByRole('region', { name: 'Where the account stands' })).toContainText(
    'Balance (inc GST)$0.00',
  )
  await expectAccessible(page)
  await shots(page, 'my-invoices')

  const pdf = await downloaded(page, () =>
    table.getByRole('button', { name: `Download (PDF) invoice ${number}` }).click(),
  )
  expect(await pdfText(pdf.data)).toContain(`Tax invoice ${number}`)
  const month = formatIsoDay(businessDay()).slice(0, 7)
  const statements = page.getByRole('region', { name: 'Statements' })
  const statementPdf = await downloaded(page, () => statements.getByRole('button').first().click())
  expect(statementPdf.name).toBe(`statement-${hire.account.accountNumber}-${month}.pdf`)

  const statement = await request.get(
    `/api/my-account/customer-accounts/${hire.accountId}/statements/${month}`,
    {
      headers: bearer(hire.member),
    },
  )
  expect(statement.status(), await statement.text()).toBe(200)
  const body = (await statement.json()) as {
    openingBalanceCents: number
    closingBalanceCents: number
    entries: { kind: string; reference: string }[]
  }
  expect(body.openingBalanceCents).toBe(0)
  expect(body.closingBalanceCents).toBe(0)
  expect(body.entries.map((entry) => entry.kind)).toEqual(['invoice', 'payment'])
  expect(body.entries[0]?.reference).toBe(number)
  await context.close()
}

test('a 10-day hire is invoiced at off-hire, paid, and shown Paid with a statement that closes at $0.00', async ({
  page,
  request,
  browser,
}) => {
  test.slow()
  const hire = await tenDayHire(request)
  const subtotal = HIRE_CENTS + hire.feesCents
  const gst = Math.round(subtotal / 10)
  const totals = { subtotal, gst, total: subtotal + gst }

  await storeTokens(page, await adminTokens(request))
  const number = await runBillingAndOpen(page, hire)
  await checkInvoicePage(page, hire, totals)
  await checkPdf(page, hire, number, totals)

  await recordPayment(page, number, totals.total, `EFT ${hire.reference}`)
  await checkMyAccount(browser, request, hire, number)
})
