import type { Page, Request } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'

/*
 * ADR 011: Contact Us and Get a Quote hydrate on the first interaction. A visitor who only reads the
 * page runs no app code; one who uses it loses nothing typed, ticked, clicked or submitted while the
 * app loads.
 */

const APP_ENTRY = /\/assets\/entry\.client-[\w-]+\.js$/

/** Holds the app's client entry until `release()`: the page stays as the server rendered it. */
async function holdTheApp(page: Page) {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(APP_ENTRY, async (route) => {
    await released
    await route.continue()
  })
  return release
}

function hydrated(page: Page) {
  return expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
}

async function expectNotHydrated(page: Page) {
  await expect(page.locator('html')).not.toHaveAttribute('data-hydrated')
}

function appRequests(page: Page): string[] {
  const urls: string[] = []
  page.on('request', (request: Request) => {
    if (APP_ENTRY.test(request.url()) || /\/assets\/root-[\w-]+\.js$/.test(request.url()))
      urls.push(request.url())
  })
  return urls
}

test.describe('a form page hydrates on the first interaction', () => {
  for (const path of ['/contact-us/', '/get-a-quote/']) {
    test(`${path}: no app code until the visitor interacts, then the app takes over`, async ({ page }) => {
      const requested = appRequests(page)
      await page.goto(path)
      await page.waitForLoadState('networkidle')
      // The header works before: the Login link as the app shows it.
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
      expect(requested).toEqual([])
      expect(await page.evaluate(() => '__reactRouterRouteModules' in window)).toBe(false)
      await expectNotHydrated(page)

      await page.getByRole('textbox', { name: /^Name/ }).focus()
      await hydrated(page)
      expect(requested.some((url) => APP_ENTRY.test(url))).toBe(true)
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    })
  }

  test('what is typed and submitted while the app loads is kept and sent', async ({ page }) => {
    const release = await holdTheApp(page)
    const sent: unknown[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/contact'))
        sent.push(request.postDataJSON())
    })
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(`${request.method()} ${request.url()}`)
    })

    await page.goto('/contact-us/')
    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('textbox', { name: 'Name' }).fill('Ada Early')
    await form.getByRole('textbox', { name: 'Email Address' }).fill('ada.early@example.com')
    await form.getByRole('textbox', { name: 'Message' }).fill('Typed before the page had loaded its app.')
    await form.getByRole('button', { name: 'Send' }).click()
    await expectNotHydrated(page)
    // Held, not posted as a document.
    expect(documents).toHaveLength(1)
    expect(sent).toEqual([])

    release()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
    ).toBeVisible()
    expect(sent).toEqual([
      expect.objectContaining({
        name: 'Ada Early',
        email: 'ada.early@example.com',
        message: 'Typed before the page had loaded its app.',
      }),
    ])
    await page.getByRole('link', { name: 'Send another' }).click()
    await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('')
    expect(documents).toHaveLength(1)
  })

  test('a field left before the app loaded is validated when it takes over; typing goes on', async ({
    page,
  }) => {
    const release = await holdTheApp(page)
    await page.goto('/contact-us/')
    const form = page.getByRole('form', { name: 'Send us a message' })
    const name = form.getByRole('textbox', { name: 'Name' })
    const message = form.getByRole('textbox', { name: 'Message' })
    await name.fill('A')
    await message.fill('Three words here')
    await expectNotHydrated(page)

    release()
    await hydrated(page)
    await expect(name).toHaveAccessibleDescription('Name must have at least 2 characters.')
    // The field still focused is not validated yet, and counts what was typed.
    await expect(message).toBeFocused()
    await expect(form.getByText('3 of 500 words')).toBeVisible()
    await message.pressSequentially(' and more')
    await expect(form.getByText('5 of 500 words')).toBeVisible()
  })

  test('boxes ticked while the app loads are the form’s selection once it takes over', async ({ page }) => {
    const release = await holdTheApp(page)
    await page.goto('/get-a-quote/')
    const form = page.getByRole('form', { name: 'Request a quote' })
    const services = form.getByRole('group', { name: 'Services' })
    await services.getByRole('checkbox', { name: 'Arrow Boards' }).check()
    await services.getByRole('checkbox', { name: 'VMS Boards' }).check()
    const source = form.getByRole('group', { name: 'How did you hear about us?' })
    await source.getByRole('checkbox', { name: 'Select all' }).check()
    await expectNotHydrated(page)

    release()
    await hydrated(page)
    await expect(services.getByText('2 of 11 selected')).toBeVisible()
    await expect(services.getByRole('checkbox', { name: 'Arrow Boards' })).toBeChecked()
    await expect(source.getByText('6 of 6 selected')).toBeVisible()
    await expect(source.getByRole('checkbox', { name: 'Word Of Mouth' })).toBeChecked()
    // The app owns the boxes now: one more is counted.
    await services.getByRole('checkbox', { name: 'Arrow Boards' }).uncheck()
    await expect(services.getByText('1 of 11 selected')).toBeVisible()
  })

  test('a map asked for while the app loads is shown once it takes over', async ({ page }) => {
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
    )
    const release = await holdTheApp(page)
    await page.goto('/contact-us/')
    const section = page.getByRole('region', { name: 'Our Locations' })
    await section.getByRole('button', { name: 'Show map of Laverton VIC' }).click()
    await expect(page.locator('iframe')).toHaveCount(0)

    release()
    const frame = section.locator('iframe[title="Map of Laverton VIC"]')
    await expect(frame).toBeVisible()
    await expect(frame).toBeFocused()
  })

  test('on a phone, the menu opened while the app loads stays open and closes with one tap', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    const release = await holdTheApp(page)
    await page.goto('/get-a-quote/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const menu = nav.getByRole('button', { name: 'Menu' })
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'About' })).toBeVisible()

    release()
    await hydrated(page)
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'About' })).toBeHidden()
    await menu.click()
    await expect(menu).toHaveAttribute('aria-expanded', 'true')
  })

  test.describe('when the app cannot load', () => {
    test.use({ allowConsoleErrors: [/Failed to load resource/] })

    test('a message sent is posted to the page instead, and sent from there', async ({ page }) => {
      await page.route(/\/assets\/root-[\w-]+\.js$/, (route) => route.abort())
      await page.goto('/contact-us/')
      const form = page.getByRole('form', { name: 'Send us a message' })
      await form.getByRole('textbox', { name: 'Name' }).fill('Ada Offline')
      await form.getByRole('textbox', { name: 'Email Address' }).fill('ada.offline@example.com')
      await form
        .getByRole('textbox', { name: 'Message' })
        .fill('The app did not load, the message went anyway.')
      await form.getByRole('button', { name: 'Send' }).click()
      await expect(
        page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
      ).toBeVisible()
      // The page the server rendered for the post: the confirmation, with its reference.
      await expect(page.getByText(/Your reference is M-\d{4}-\d{5}/)).toBeVisible()
      await expectNotHydrated(page)
    })
  })

  test('a signed-in visitor’s page hydrates at once: Logout without any interaction', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request)
    await page.goto('/contact-us/')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Logout' })).toBeVisible()
    await hydrated(page)
  })

  test('with a per-request nonce (a query string) the app starts under the CSP too', async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = []
      ;(window as { cspViolations?: string[] }).cspViolations = violations
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective} ${event.blockedURI}`),
      )
    })
    for (const path of ['/get-a-quote/?service=arrow-boards', '/get-a-quote/']) {
      await page.goto(path)
      await page.getByRole('textbox', { name: /^Name/ }).focus()
      await hydrated(page)
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([])
    }
  })
})
