import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test'
import { creditApplicationFixture } from '../../apps/api/test/helpers/credit.ts'
import { expect, test } from '../fixtures.ts'
import { createCompanyMember, newAdmin, newAdminWithoutSecondFactor } from '../helpers/admin.ts'
import {
  registerByApi,
  storeTokens,
  TEST_PASSWORD,
  type Tokens,
  tokensFor,
  uniqueEmail,
} from '../helpers/auth.ts'
import { expectAccessible } from '../helpers/axe.ts'
import { addLavertonSite, firstAccountId, requestBooking } from '../helpers/bookings.ts'
import { EVERY_PAGE, type PageCheck, type SweepData, type Visitor } from '../helpers/every-page.ts'
import { newestMailTo, RESET_LINK, resetLinkIn } from '../helpers/mail.ts'
import { driverWithDelivery } from '../helpers/runs.ts'

/*
 * WCAG 2.2 AA (ADR 037). Every page of the product (e2e/helpers/every-page.ts, which a unit test holds to
 * apps/web/app/routes.ts) passes axe's WCAG 2.2 AA rules, Target Size (Minimum) included, on a desktop and on
 * a 375 px phone. And on a phone the call bar hides nothing (SC 2.4.11 Focus Not Obscured): on a reading page
 * nothing focused, no notification, ends under it; the forms, signing and account pages, where suggestion lists
 * open and fields are focused, have none, from the server's first answer.
 */

test.use({ timezoneId: 'America/Los_Angeles' })

const CALL_BAR = 'Call or get a quote'
const run = Date.now().toString(36).slice(-6)
const bearer = (tokens: Pick<Tokens, 'access_token'>) => ({ authorization: `Bearer ${tokens.access_token}` })

function claims(tokens: Tokens): { id: string } {
  const payload = tokens.access_token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { id: string }
}

interface Sweep {
  data: SweepData
  tokens: Partial<Record<Visitor, Tokens>>
}

/** Everything the pages with a parameter show, made through the API, and a session per visitor who signs in. */
async function prepare(request: APIRequestContext, visitors: ReadonlySet<Visitor>): Promise<Sweep> {
  const tokens: Sweep['tokens'] = {}
  const data: Partial<SweepData> = {}
  const news = (await (await request.get('/api/news')).json()) as { slug: string }[]
  data.newsSlug = news[0]?.slug ?? ''

  if (visitors.has('anonymous')) {
    // A reset link.
    const resetEmail = uniqueEmail('wcag-reset')
    await registerByApi(request, resetEmail)
    const asked = await request.patch(
      `/api/v1/core/accounts/${encodeURIComponent(resetEmail)}/password/reset/request`,
    )
    expect(asked.status()).toBe(200)
    // The reset email, not the welcome one that registration sent just before it.
    data.resetPath = resetLinkIn(await newestMailTo(resetEmail, RESET_LINK))
    // An invitation link, sent by an administrator of the sweep's own.
    const invited = uniqueEmail('wcag-invited')
    const invitation = await request.post('/api/v1/core/accounts/admin/invite', {
      headers: bearer((await newAdmin(request)).tokens),
      data: {
        firstName: 'Quinn',
        lastName: 'Marchetti',
        email: invited,
        mobile: '0412 345 678',
        memberType: '1',
      },
    })
    expect(invitation.status(), await invitation.text()).toBe(201)
    const invitationLink = /\/accept-invitation\/\?t=[\w-]+/.exec(await newestMailTo(invited))
    expect(invitationLink, 'an invitation link').toBeTruthy()
    data.invitationPath = invitationLink?.[0] ?? ''
    // A saved application, and one sent to its director for signing.
    const saved = await request.post('/api/apply-for-credit/drafts', {
      data: {
        email: uniqueEmail('wcag-draft'),
        values: { section1: { businessName: `Saved Civil ${run}` } },
      },
    })
    expect(saved.status(), await saved.text()).toBe(201)
    data.resumeToken = ((await saved.json()) as { token: string }).token
    const application = await creditApplicationFixture(3)
    const signer = uniqueEmail('wcag-signer')
    for (const person of application.section2.persons) person.email = signer
    application.section4.signatures = '[]'
    const started = await request.post('/api/apply-for-credit/signing', {
      data: { application, completerEmail: uniqueEmail('wcag-completer') },
    })
    expect(started.status(), await started.text()).toBe(201)
    data.statusToken = ((await started.json()) as { statusToken: string }).statusToken
    const link = /\/application-for-credit\/sign\/([A-Za-z0-9_-]+)/.exec(await newestMailTo(signer))
    expect(link, 'a signing link').toBeTruthy()
    data.signToken = link?.[1] ?? ''
  }

  if (visitors.has('member') || visitors.has('admin')) {
    // A member with a quote request and a credit application of their own.
    const email = uniqueEmail('wcag-member')
    const member = await registerByApi(request, email, 'Morgan')
    tokens.member = member
    data.memberId = claims(member).id
    const sent = await request.post('/api/contact', {
      headers: bearer(member),
      data: {
        name: 'Morgan Nguyen',
        email,
        phone: '0398765432',
        message: `Two arrow boards for a night shift in Laverton, reference ${run}.`,
      },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const payload = await creditApplicationFixture(0)
    payload.section1.businessName = `Morgan Civil ${run}`
    const applied = await request.post('/api/apply-for-credit', { data: payload, headers: bearer(member) })
    expect(applied.status(), await applied.text()).toBe(200)
    data.creditReference = applied.headers()['x-application-reference'] ?? ''
  }
  if (visitors.has('company')) {
    tokens.company = await tokensFor(
      request,
      await createCompanyMember(request, { prefix: 'wcag-company' }),
      TEST_PASSWORD,
    )
  }
  if (visitors.has('driver')) {
    const world = await driverWithDelivery(request)
    tokens.driver = world.driver
    data.stopId = world.stopId
  }
  if (visitors.has('newAdmin')) {
    const account = await newAdminWithoutSecondFactor(request)
    tokens.newAdmin = await tokensFor(request, account.email, account.password)
  }
  if (visitors.has('admin')) {
    const admin = (await newAdmin(request)).tokens
    tokens.admin = admin
    const get = async <T>(path: string) =>
      (await (await request.get(path, { headers: bearer(admin) })).json()) as T
    data.newsId = (await get<{ id: number }[]>('/api/admin/news'))[0]?.id ?? 0
    data.pageName = (await get<{ name: string }[]>('/api/admin/pages'))[0]?.name ?? ''
    data.faqId = (await get<{ id: number }[]>('/api/admin/faqs'))[0]?.id ?? 0
    Object.assign(data, await fleetUnit(request, admin))
    data.customerAccountId = await customerAccount(request, admin, data.creditReference)
    if (tokens.member) {
      // The member's own account, as their My Account lists it: the staff search by the run's name can also find
      // the account another width's sweep opened at the same time.
      data.customerAccountId = await firstAccountId(request, tokens.member)
      data.bookingId = await booking(request, tokens.member, data.customerAccountId)
    }
  }
  return { data: data as SweepData, tokens }
}

/**
 * A customer account: approving the member's credit application (or, without a member in the sweep, one sent
 * signed out) opens it, so the member's My Account lists it too.
 */
async function customerAccount(
  request: APIRequestContext,
  admin: Tokens,
  memberReference: string | undefined,
): Promise<number> {
  const headers = bearer(admin)
  let reference = memberReference
  if (!reference) {
    const payload = await creditApplicationFixture(0)
    payload.section1.businessName = `Sweep Civil ${run}`
    const applied = await request.post('/api/apply-for-credit', { data: payload })
    expect(applied.status(), await applied.text()).toBe(200)
    reference = applied.headers()['x-application-reference'] ?? ''
  }
  const url = `/api/admin/credit-applications/${encodeURIComponent(reference)}`
  const { version } = (await (await request.get(url, { headers })).json()) as { version: number }
  const approved = await request.patch(url, {
    headers,
    data: { version, status: 'approved', creditLimit: 50_000 },
  })
  expect(approved.status(), await approved.text()).toBe(200)
  const listed = await request.get(`/api/admin/customer-accounts?search=${encodeURIComponent(run)}`, {
    headers,
  })
  expect(listed.status(), await listed.text()).toBe(200)
  return ((await listed.json()) as { items: { id: number }[] }).items[0]?.id ?? 0
}

/**
 * A booking of the member's account, made through the booking API: a site Laverton serves, the first demo type with
 * a price, three weeks ahead for two days. Answers its id.
 */
async function booking(request: APIRequestContext, member: Tokens, accountId: number): Promise<number> {
  const siteId = await addLavertonSite(request, member, accountId)
  const types = (await (await request.get('/api/equipment-types')).json()) as {
    id: number
    dayRateCents: number | null
  }[]
  const type = types.find((candidate) => candidate.dayRateCents !== null)
  expect(type, 'a demo equipment type with a price').toBeDefined()
  const made = await requestBooking(request, member, {
    accountId,
    siteId,
    typeId: type?.id ?? 0,
    startsAt: new Date(Date.now() + 21 * 86_400_000),
    poNumber: `PO-${run}`,
    acceptedBy: 'Morgan Nguyen',
  })
  return made.id
}

/** A unit of the fleet and its type: the first listed, or (the demo fleet is not seeded here) a new pair. */
async function fleetUnit(
  request: APIRequestContext,
  admin: Tokens,
): Promise<Pick<SweepData, 'fleetTypeId' | 'fleetUnitId'>> {
  const headers = bearer(admin)
  const listed = await request.get('/api/admin/fleet/units?pageSize=1', { headers })
  expect(listed.status(), await listed.text()).toBe(200)
  const first = ((await listed.json()) as { items: { id: number; typeId: number }[] }).items[0]
  if (first) return { fleetTypeId: first.typeId, fleetUnitId: first.id }
  const type = await request.post('/api/admin/fleet/types', {
    headers,
    data: {
      slug: `wcag-arrow-board-${run}`,
      serviceSlug: 'arrow-boards',
      name: `Arrow board, trailer mounted ${run}`,
      description: 'A solar arrow board on a trailer.',
      specifications: [{ label: 'Power', value: 'Solar' }],
      dayRateCents: 8_500,
      weekRateCents: 42_500,
      minimumDays: 1,
      pricePublic: true,
    },
  })
  expect(type.status(), await type.text()).toBe(201)
  const typeId = ((await type.json()) as { id: number }).id
  const depots = (await (await request.get('/api/admin/fleet/depots', { headers })).json()) as {
    id: number
  }[]
  const unit = await request.post('/api/admin/fleet/units', {
    headers,
    data: {
      fleetNumber: 'ARB-0901',
      typeId,
      depotId: depots[0]?.id ?? 0,
      registrationOrSerial: `SN-${run}`,
      status: 'available',
      nextServiceDue: '2020-01-31',
    },
  })
  expect(unit.status(), await unit.text()).toBe(201)
  return { fleetTypeId: typeId, fleetUnitId: ((await unit.json()) as { id: number }).id }
}

/**
 * Opens a page; a page that changes its address as it starts (an emailed link's token leaves the address bar)
 * can make the navigation report itself aborted although the page is there.
 */
async function open(page: Page, url: string) {
  try {
    await page.goto(url)
  } catch (error) {
    if (!/ERR_ABORTED/.test(String(error))) throw error
    await page.waitForLoadState()
  }
}

/**
 * Every target smaller than 24 x 24 CSS px (WCAG 2.2 SC 2.5.8), stricter than axe's `target-size`, which lets a
 * small target pass when nothing else is within 24 px of it: here every link, button and control is 24 px at
 * least, but for a link in a sentence (exempt) and a control hidden for its visible label (1 px).
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inSentence = (element: HTMLElement) => {
      if (getComputedStyle(element).display !== 'inline') return false
      let block = element.parentElement
      while (block && getComputedStyle(block).display === 'inline') block = block.parentElement
      const own = (element.textContent ?? '').trim().length
      return (block?.textContent ?? '').trim().length > own + 3
    }
    const targets = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])',
    )
    const small: string[] = []
    for (const element of targets) {
      const rect = element.getBoundingClientRect()
      if (rect.width <= 2 || rect.height <= 2 || getComputedStyle(element).visibility === 'hidden') continue
      if ((rect.width >= 23.95 && rect.height >= 23.95) || inSentence(element)) continue
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)
      const where = element.parentElement?.closest('[class]')?.className.toString().split(' ')[0] ?? ''
      small.push(
        `${where} > ${element.tagName.toLowerCase()} "${name}" ${Math.round(rect.width)}x${Math.round(rect.height)}`,
      )
    }
    return small
  })
}

/** Console errors a page of the sweep may log: the browser's line for the 404 of an unknown page. */
const EXPECTED_CONSOLE = [/status of 404/]

/**
 * Opens each page of `checks` in one tab per visitor (signed in once), as a phone or a desktop sees it, and
 * runs axe on it; fails with every violation of every page at once.
 */
async function sweep(
  browser: Browser,
  baseURL: string,
  width: number,
  checks: readonly PageCheck[],
  { data, tokens }: Sweep,
) {
  const failures: string[] = []
  const visitors = [...new Set(checks.map((check) => check.visitor))]
  for (const visitor of visitors) {
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: width < 768 ? 740 : 900 },
      timezoneId: 'America/Los_Angeles',
    })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' && !EXPECTED_CONSOLE.some((pattern) => pattern.test(message.text())))
        errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
    const signedIn = tokens[visitor]
    if (signedIn) await storeTokens(page, signedIn)
    for (const check of checks.filter((each) => each.visitor === visitor)) {
      const url = check.url(data)
      const label = `${url}${check.state ? ` (${check.state})` : ''} as ${visitor} at ${width} px`
      await test.step(label, async () => {
        await open(page, url)
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 })
        if (signedIn) expect(new URL(page.url()).pathname, label).toBe(new URL(url, baseURL).pathname)
        if (check.act) await check.act(page)
        try {
          await expectAccessible(page, label)
        } catch (error) {
          failures.push(String(error instanceof Error ? error.message : error))
        }
        const small = await smallTargets(page)
        if (small.length > 0) failures.push(`targets under 24 x 24 px on ${label}:\n  ${small.join('\n  ')}`)
      })
    }
    await context.close()
    expect(errors, `console errors as ${visitor}`).toEqual([])
  }
  expect(failures, failures.join('\n\n')).toEqual([])
}

const PUBLIC_CHECKS = EVERY_PAGE.filter((check) => check.visitor === 'anonymous')
const SIGNED_IN_CHECKS = EVERY_PAGE.filter((check) => check.visitor !== 'anonymous')

test.describe('axe, WCAG 2.2 AA, on every page', () => {
  // One test per half of the pages and width: the two workers share them.
  for (const width of [1280, 375]) {
    test(`the public, sign-in and credit pages at ${width} px`, async ({ browser, baseURL, request }) => {
      test.setTimeout(420_000)
      const prepared = await prepare(request, new Set(PUBLIC_CHECKS.map((check) => check.visitor)))
      await sweep(browser, baseURL ?? '', width, PUBLIC_CHECKS, prepared)
    })

    test(`the account and admin pages at ${width} px`, async ({ browser, baseURL, request }) => {
      test.setTimeout(420_000)
      const prepared = await prepare(request, new Set(SIGNED_IN_CHECKS.map((check) => check.visitor)))
      await sweep(browser, baseURL ?? '', width, SIGNED_IN_CHECKS, prepared)
    })
  }
})

/* ---------- The call bar on a phone (SC 2.4.11) ---------- */

type Box = { x: number; y: number; width: number; height: number }

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

/** Whether what is drawn at the middle of the element is the element itself (or inside it): nothing covers it. */
async function uncovered(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return top !== null && (element === top || element.contains(top))
  })
}

/** The page's position once a (smooth) scroll has come to rest. */
async function settled(page: Page) {
  let last = Number.NaN
  await expect
    .poll(async () => {
      const y = await page.evaluate(() => window.scrollY)
      const still = y === last
      last = y
      return still
    })
    .toBe(true)
}

test.describe('the call bar on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 } })

  test('on a reading page it covers nothing focused, to the end of the page, nor a notification', async ({
    page,
    request,
  }) => {
    test.slow()
    // From the server's first answer: no bar appears or goes once the page shows (no layout shift).
    const about = await (await request.get('/about/')).text()
    expect(about).toContain('class="call-bar"')
    expect(about).toMatch(/<html[^>]* data-call-bar=""/)

    await page.goto('/about/')
    const bar = page.getByRole('navigation', { name: CALL_BAR })
    await expect(bar).toBeVisible()
    const barBox = await box(bar)
    expect(barBox.y + barBox.height).toBeCloseTo(667, 0)

    // Tab through the whole page, as a keyboard does: each thing focused, outside the bar itself, stays clear of it.
    const seen: string[] = []
    // (The page scrolls at once, without a smooth scroll, so each position is read straight after the key.)
    for (let step = 0; step < 150; step++) {
      await page.keyboard.press('Tab')
      const focused = await page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null
        if (!active || active === document.body) return null
        // Round the page once: back at the first thing focused, it is done.
        if (active.dataset.tabbed) return { done: true as const }
        active.dataset.tabbed = ''
        if (active.closest('.call-bar')) return null
        const rect = active.getBoundingClientRect()
        return {
          done: false as const,
          name: `${active.tagName.toLowerCase()} ${(active.textContent ?? '').trim().slice(0, 40)}`,
          box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
        }
      })
      if (focused?.done) break
      if (!focused || focused.box.width === 0) continue
      seen.push(focused.name)
      expect(overlaps(focused.box, barBox), `${focused.name} is under the call bar`).toBe(false)
    }
    // The footer's last links were reached: the end of the page, where the bar would cover most.
    expect(seen.some((name) => /Privacy|Terms|Application for Credit/i.test(name))).toBe(true)

    // A focused element near the bottom, focused by a script (a skip target, an error): scrolled clear of the bar.
    const last = page.getByRole('contentinfo').getByRole('link').last()
    await page.evaluate(() => window.scrollTo(0, 0))
    await last.focus()
    await settled(page)
    expect(overlaps(await box(last), barBox)).toBe(false)
    expect(await uncovered(last)).toBe(true)

    // A notification on a reading page: the welcome after registering, on the page the visitor came from.
    await page.goto(`/register/?return-url=${encodeURIComponent('/about/')}`)
    await expect(page.getByRole('navigation', { name: CALL_BAR })).toHaveCount(0)
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Marisol')
    await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Nguyen')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('wcag-welcome'))
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).pressSequentially('0412345678')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(TEST_PASSWORD)
    await page.getByRole('checkbox', { name: /terms/i }).check()
    await page.getByRole('button', { name: 'Register' }).click()
    const welcome = page.getByRole('status').filter({ hasText: 'Welcome, Marisol' })
    await expect(welcome).toBeVisible()
    await expect(page).toHaveURL(/\/about\/$/)
    await expect(bar).toBeVisible()
    const notice = await box(welcome)
    expect(overlaps(notice, await box(bar)), 'the notification is above the bar').toBe(false)
    expect(notice.y + notice.height).toBeLessThanOrEqual((await box(bar)).y)
    expect(await uncovered(welcome.getByRole('button', { name: 'Close notification' }))).toBe(true)
  })

  test('the forms, signing and account pages have none: an open suggestion list and a notification are uncovered', async ({
    page,
    request,
  }) => {
    test.slow()
    const forms = [
      '/contact-us/',
      '/get-a-quote/',
      '/register/',
      '/login/',
      '/forgot-password/',
      '/application-for-credit/',
      '/application-for-credit/sign/',
      '/application-for-credit/status/',
      '/application-for-credit/resume/',
      '/my-account/',
      '/update-profile/',
      '/admin/',
    ]
    // Not in the server's answer, so none shows and goes while the page loads.
    for (const path of forms) {
      const html = await (await request.get(path)).text()
      expect(html, path).not.toContain('class="call-bar"')
      expect(html, path).not.toMatch(/<html[^>]* data-call-bar/)
    }

    // An open suggestion list: the quote form's site suburb, low on the screen.
    await page.goto('/get-a-quote/')
    await expect(page.getByRole('navigation', { name: CALL_BAR })).toHaveCount(0)
    const suburb = page
      .getByRole('group', { name: 'Hire details (optional)' })
      .getByRole('combobox', { name: 'Site suburb' })
    await suburb.scrollIntoViewIfNeeded()
    await suburb.pressSequentially('Dandenong')
    const options = page.getByRole('listbox').getByRole('option')
    await expect(options.first()).toBeVisible()
    for (const option of await options.all()) {
      if (!(await option.isVisible())) continue
      await option.scrollIntoViewIfNeeded()
      expect(await uncovered(option), await option.innerText()).toBe(true)
    }

    // A notification on a form: at the bottom, over nothing of the bar's, and the field focused is clear of it.
    await page.goto('/contact-us/')
    await page.getByRole('button', { name: 'Send' }).click()
    const notice = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('alert')
      .filter({ hasText: 'You have one or more fields missing' })
    await expect(notice).toBeVisible()
    await expect(page.getByRole('navigation', { name: CALL_BAR })).toHaveCount(0)
    const noticeBox = await box(notice)
    expect(noticeBox.y + noticeBox.height).toBeLessThanOrEqual(667)
    expect(await uncovered(notice.getByRole('button', { name: 'Close notification' }))).toBe(true)
    const focused = page.locator(':focus')
    await settled(page)
    expect(overlaps(await box(focused), noticeBox)).toBe(false)
  })
})
