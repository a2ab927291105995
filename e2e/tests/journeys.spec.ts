import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { adminTokens } from '../helpers/admin.ts'
import { registerByApi, storeTokens, TEST_PASSWORD, tokensFor } from '../helpers/auth.ts'
import { newestMailTo, RESET_LINK, resetLinkIn } from '../helpers/mail.ts'

/*
 * Journeys that never lose a person: notifications that clear, never stack and never cover
 * the header or the focused field on a phone; the welcome and password-changed confirmations; the
 * header's account links; the call bar; a visible focus ring on the dark areas; and the screens' own
 * texts when the server fails without a message.
 */

const PASSWORD = TEST_PASSWORD
const FORM_HAS_ERRORS = 'You have one or more fields missing, please correct these and submit again.'
const LOGIN_FAILED =
  'Sorry, your user name or password is incorrect or we were unable to connect to the server.'

let sequence = 0
function uniqueEmail(tag: string): string {
  sequence += 1
  return `journey-${tag}-${Date.now()}-${sequence}-${test.info().workerIndex}@example.com`
}

async function open(page: Page, url: string) {
  await page.goto(url)
  await expect(page.getByRole('banner').getByRole('link', { name: /^(Login|Logout)$/ })).toBeVisible({
    timeout: 15_000,
  })
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' })

type Box = { x: number; y: number; width: number; height: number }
function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox()
  if (!found) throw new Error('not laid out')
  return found
}

test.describe('notifications', () => {
  test.use({ allowConsoleErrors: [/status of 400/] })
  test('a failed submit twice shows one notification; a success ends it', async ({ page, request }) => {
    const email = uniqueEmail('notify')
    await registerByApi(request, email)
    await open(page, '/login/')
    const login = page.getByRole('button', { name: 'Login' })
    await login.click()
    await login.click()
    await expect(notifications(page).getByText(FORM_HAS_ERRORS)).toHaveCount(1)

    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Not-the-password-1')
    await login.click()
    await expect(notifications(page).getByText(LOGIN_FAILED)).toBeVisible()

    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await login.click()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
    await expect(notifications(page).getByRole('alert')).toHaveCount(0)
  })

  test("an earlier attempt's error goes when the visitor moves to another page", async ({ page }) => {
    await open(page, '/forgot-password/')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(notifications(page).getByText(FORM_HAS_ERRORS)).toBeVisible()
    await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'About' }).first().click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText('About')
    await expect(notifications(page).getByRole('alert')).toHaveCount(0)
  })

  for (const width of [320, 375]) {
    test(`on a ${width} px phone they cover neither the header's buttons nor the field focused`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 640 })
      await open(page, '/register/')
      await page.getByRole('button', { name: 'Register' }).click()
      const notice = notifications(page).getByRole('alert').filter({ hasText: FORM_HAS_ERRORS })
      await expect(notice).toBeVisible()
      await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toBeFocused()
      // Scrolling to the focused field has finished when its position stops changing.
      const focused = page.locator(':focus')
      let last = Number.NaN
      await expect
        .poll(async () => {
          const y = (await box(focused)).y
          const settled = y === last
          last = y
          return settled
        })
        .toBe(true)
      expect(overlaps(await box(notice), await box(focused))).toBe(false)

      await page.evaluate(() => window.scrollTo(0, 0))
      for (const link of await page.getByRole('banner').locator('.topbar a').all()) {
        if (await link.isVisible()) expect(overlaps(await box(notice), await box(link))).toBe(false)
      }
    })
  }
})

test.describe('confirmations', () => {
  test("registering says 'Welcome, {first name}'", async ({ page }) => {
    await open(page, '/register/')
    await page.getByRole('textbox', { name: 'First Name', exact: true }).fill('Marisol')
    await page.getByRole('textbox', { name: 'Last Name', exact: true }).fill('Nguyen')
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('welcome'))
    await page.getByRole('textbox', { name: 'Mobile', exact: true }).pressSequentially('0412345678')
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(PASSWORD)
    await page.getByRole('checkbox', { name: /terms/i }).check()
    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Welcome, Marisol' })).toBeVisible()
  })

  test('a password reset says the password has been changed and the user is signed in', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset')
    await registerByApi(request, email)
    const asked = await request.patch(
      `/api/v1/core/accounts/${encodeURIComponent(email)}/password/reset/request`,
    )
    expect(asked.status()).toBe(200)
    await open(page, resetLinkIn(await newestMailTo(email, RESET_LINK)))
    await page.getByRole('textbox', { name: 'New Password', exact: true }).fill('Arrow-Boards-2027!')
    await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill('Arrow-Boards-2027!')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed and you are signed in.' }),
    ).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe("the header's account links", () => {
  test('anonymous: Login only', async ({ page }) => {
    await open(page, '/services/')
    const banner = page.getByRole('banner')
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(banner.getByRole('link', { name: /Your account/ })).toHaveCount(0)
    await expect(banner.getByRole('link', { name: 'Admin' })).toHaveCount(0)
  })

  test('a member: their first name, linking to their account; no Admin', async ({ page, request }) => {
    const email = uniqueEmail('member')
    await registerByApi(request, email, 'Priya')
    await storeTokens(page, await tokensFor(request, email, PASSWORD))
    for (const url of ['/services/', '/contact-us/']) {
      await open(page, url)
      const banner = page.getByRole('banner')
      const profile = banner.getByRole('link', { name: 'Your account, Priya' })
      await expect(profile.locator('.topbar__account-name')).toHaveText('Priya')
      // The account area, which links to the profile.
      await expect(profile).toHaveAttribute('href', '/my-account/')
      await expect(banner.getByRole('link', { name: 'Admin' })).toHaveCount(0)
    }
  })

  for (const width of [320, 1280]) {
    test(`an administrator at ${width} px: the first name and Admin, both reachable`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 700 })
      await storeTokens(page, await adminTokens(request))
      await open(page, '/about/')
      const banner = page.getByRole('banner')
      await expect(banner.getByRole('link', { name: /^Your account, / })).toBeVisible()
      await banner.getByRole('link', { name: 'Admin' }).click()
      await expect(page).toHaveURL(/\/admin\/$/)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  }
})

test.describe('the call bar on phones', () => {
  for (const width of [320, 375]) {
    test(`at ${width} px the phone and Get a Quote stay in reach and hide nothing`, async ({ page }) => {
      await page.setViewportSize({ width, height: 640 })
      await open(page, '/about/')
      const bar = page.getByRole('navigation', { name: 'Call or get a quote' })
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await expect(bar.getByRole('link', { name: /Call/ })).toHaveAttribute('href', /^tel:/)
      await expect(bar.getByRole('link', { name: 'Get a Quote' })).toBeInViewport()
      // The footer's last line sits above the bar at the very end of the page.
      const last = page.getByRole('contentinfo').getByText('Open 24 hours a day, 7 days a week').last()
      const lastBox = await box(last)
      const barBox = await box(bar)
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(barBox.y)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    })
  }

  test('is not shown on a desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await open(page, '/about/')
    await expect(page.getByRole('navigation', { name: 'Call or get a quote' })).toBeHidden()
  })
})

test.describe('the focus ring', () => {
  test('has at least 3:1 contrast on the dark header, hero, page headers and footer', async ({ page }) => {
    for (const url of ['/', '/news/']) {
      await open(page, url)
      const checked: string[] = []
      for (let step = 0; step < 60; step++) {
        await page.keyboard.press('Tab')
        const result = await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null
          if (!active || active === document.body) return null
          const area = active.closest('.topbar, .hero, .page-header, .site-footer, .call-bar')
          if (!area) return null
          const parse = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number)
          let node: Element | null = active.parentElement
          let background = [255, 255, 255]
          while (node) {
            const rgba = parse(getComputedStyle(node).backgroundColor)
            if (rgba.length >= 3 && (rgba[3] ?? 1) > 0.5) {
              background = rgba.slice(0, 3)
              break
            }
            node = node.parentElement
          }
          const style = getComputedStyle(active)
          const ring = parse(style.outlineColor).slice(0, 3)
          const luminance = ([r, g, b]: number[]) => {
            const channel = (v: number) => {
              const c = v / 255
              return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
            }
            return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0)
          }
          const [hi, lo] = [luminance(ring), luminance(background)].sort((a, b) => b - a) as [number, number]
          return {
            name: `${area.className.split(' ')[0]} ${active.textContent?.trim().slice(0, 30)}`,
            contrast: (hi + 0.05) / (lo + 0.05),
            width: Number.parseFloat(style.outlineWidth),
            outline: style.outlineStyle,
          }
        })
        if (!result) continue
        checked.push(result.name)
        expect(result.outline, result.name).not.toBe('none')
        expect(result.width, result.name).toBeGreaterThanOrEqual(2)
        expect(result.contrast, result.name).toBeGreaterThanOrEqual(3)
      }
      expect(checked.length, `focusable elements on dark areas of ${url}`).toBeGreaterThan(3)
    }
  })
})

test.describe("a 500 without a Message: the screen's own text", () => {
  test.use({ allowConsoleErrors: [/status of 500/] })
  test.beforeEach(async ({ page, request }) => {
    await storeTokens(page, await adminTokens(request))
  })

  test("'Unable to load the users.' and 'Unable to delete the user.'", async ({ page }) => {
    await page.route('**/api/v1/users/filter', (route) => route.fulfill({ status: 500, json: {} }), {
      times: 1,
    })
    await open(page, '/admin/manage-users/')
    await expect(notifications(page).getByText('Unable to load the users.')).toBeVisible()
    await expect(notifications(page).getByText('Oops, something went wrong.')).toHaveCount(0)

    await page.reload()
    const deleteButton = page.getByRole('button', { name: /^Delete / }).first()
    await expect(deleteButton).toBeVisible()
    await page.route('**/api/v1/users/*/archive', (route) => route.fulfill({ status: 500, json: {} }))
    await deleteButton.click()
    await page.getByRole('dialog', { name: 'Delete User' }).getByRole('button', { name: 'Yes' }).click()
    await expect(notifications(page).getByText('Unable to delete the user.')).toBeVisible()
  })

  test("'Unable to get the user details.'", async ({ page }) => {
    await open(page, '/admin/manage-users/')
    const edit = page.getByRole('button', { name: /^Edit / }).first()
    await expect(edit).toBeVisible()
    await page.route(/\/api\/v1\/users\/\d+$/, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, json: {} }) : route.continue(),
    )
    await edit.click()
    await expect(notifications(page).getByText('Unable to get the user details.')).toBeVisible()
  })
})

test.describe('after signing in, the previous page inside the app', () => {
  test('a typed /login/ address after visiting a page goes back to that page', async ({ page, request }) => {
    const email = uniqueEmail('return')
    await registerByApi(request, email)
    await open(page, '/services/vms-boards/')
    await open(page, '/faqs/')
    // Typed in the address bar: no link state, no referrer.
    await open(page, '/login/')
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/\/faqs\/$/)
  })

  test('arriving at /login/ from another site goes home, not back to that site', async ({
    browser,
    request,
  }) => {
    const email = uniqueEmail('external')
    await registerByApi(request, email)
    const context = await browser.newContext({
      extraHTTPHeaders: { referer: 'https://www.example.com/search?q=hire' },
    })
    const page = await context.newPage()
    await page.goto('/login/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible({
      timeout: 15_000,
    })
    await page.getByRole('textbox', { name: 'Username', exact: true }).fill(email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/)
    await context.close()
  })
})
