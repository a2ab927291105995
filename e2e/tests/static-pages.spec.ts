import { gzipSync } from 'node:zlib'
import { expect, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/admin.ts'
import {
  CLOCK_START,
  freezeClock,
  hydrate,
  type NewsItem,
  restingScrollLeft,
  scrollLeft,
} from '../helpers/public.ts'

/*
 * ADR 008: the static content pages (home, about, services, news, FAQ, terms) are not hydrated. They
 * load one small script that works the header, the carousels, the FAQ search, the sign-in state and
 * the consent banner; the form pages still hydrate with React Router, Contact Us and Get a Quote on
 * the first interaction (ADR 011, hydrate-on-interaction.spec.ts).
 */
test.describe('pages that are not hydrated', () => {
  test('the home page loads only its enhancement script: no React Router runtime, far under 100 KB', async ({
    page,
  }) => {
    const scripts: { url: string; body: Buffer }[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push({ url: response.url(), body: await response.body() })
      }
    })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()

    expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
    await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0)
    await expect(page.locator('script[src]')).toHaveCount(1)
    await expect(page.locator('script[src]')).toHaveAttribute('src', /^\/assets\/enhance-[\w-]+\.js$/)
    expect(
      scripts.map((script) => script.url).filter((url) => /entry\.client|jsx-runtime/.test(url)),
    ).toEqual([])
    const gzipBytes = scripts.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0)
    expect(gzipBytes).toBeGreaterThan(0)
    expect(gzipBytes).toBeLessThan(20_000)
  })

  test('the static content pages carry the enhancement script; the form pages hydrate, the public ones on interaction', async ({
    request,
  }) => {
    const news = (await (await request.get('/api/news')).json()) as NewsItem[]
    const staticPages = [
      '/',
      '/about/',
      '/services/',
      '/services/arrow-boards/',
      '/news/',
      `/news/${news[0]?.slug}/`,
      '/terms-and-conditions/',
      '/application-for-credit/terms-and-conditions/',
      '/privacy-policy/',
      '/faqs/',
      '/faqs/?q=tolls',
    ]
    for (const path of staticPages) {
      const html = await (await request.get(path)).text()
      expect(html, path).toMatch(
        /<script type="module" id="enhance-script" src="\/assets\/enhance-[\w-]+\.js"/,
      )
      expect(html, path).not.toContain('__reactRouterContext')
      expect(html, path).not.toContain('modulepreload')
      expect(html, path).not.toContain('data-hydrate=')
    }
    // ADR 011, ADR 026, ADR 027: the public form pages carry React Router's module script inert, started by the
    // enhancement script; so do the profile and My Account, which the enhancement script shows signed in first
    // (ADR 028, ADR 030).
    for (const path of [
      '/update-profile/',
      '/my-account/',
      '/contact-us/',
      '/get-a-quote/',
      '/login/',
      '/register/',
      '/forgot-password/',
      '/reset-password/',
      '/reset-password/?t=not-a-valid-token',
      '/application-for-credit/',
    ]) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('window.__reactRouterContext')
      // A page rendered for one visitor (a query string) carries its CSP nonce first.
      expect(html, path).toMatch(
        /<script (?:nonce="[^"]+" )?type="text\/x-deferred-module" data-preload="\/assets\/entry\.client-/,
      )
      expect(html, path).not.toMatch(/<script[^>]* type="module"(?![^>]*\ssrc=)/)
      expect(html, path).toMatch(
        /<script type="module" id="enhance-script" src="\/assets\/enhance-[\w-]+\.js"[^>]* data-hydrate="on-interaction"/,
      )
      if (['/update-profile/', '/my-account/'].includes(path)) {
        // A private shell preloads its enhancement script's own chunks (its content waits for their API calls,
        // ADR 030), never React Router's.
        expect(html, path).toMatch(/<link rel="modulepreload"[^>]* href="\/assets\/session-/)
        expect(html, path).not.toMatch(
          /<link rel="modulepreload"[^>]* href="\/assets\/(?:entry\.client|root-|jsx-runtime)/,
        )
      } else {
        expect(html, path).not.toContain('modulepreload')
      }
    }
    // Those whose content needs the app at once: the admin area (its tables and editors).
    for (const path of ['/admin/manage-users/']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('window.__reactRouterContext')
      expect(html, path).toContain('modulepreload')
      expect(html, path).not.toContain('enhance-script')
    }
  })

  test('a signed-in visitor sees Logout after the profile loads behind the blocking overlay', async ({
    page,
    request,
  }) => {
    await signInAsAdmin(page, request)
    let releaseProfile = () => {}
    const released = new Promise<void>((resolve) => {
      releaseProfile = resolve
    })
    await page.route('**/api/v1/core/accounts/*/profile/settings', async (route) => {
      await released
      await route.continue()
    })
    await page.goto('/about/', { waitUntil: 'domcontentloaded' }).catch(() => undefined)
    const overlay = page.getByRole('status').filter({ hasText: 'Loading your profile…' })
    await expect(overlay).toBeVisible()
    expect(await page.locator('.auth-scope').evaluate((scope) => (scope as HTMLElement).inert)).toBe(true)
    releaseProfile()
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Logout' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0)
    await expect(overlay).toHaveCount(0)
  })

  test('asks for cookie consent when a tag manager is configured, until the visitor chooses', async ({
    page,
  }) => {
    // The test server runs without TAG_MANAGER_ID: the page's script element is given one.
    await page.route('**/', async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue()
      const response = await route.fetch()
      const body = (await response.text()).replace(
        'id="enhance-script"',
        'id="enhance-script" data-tag-manager-id="GTM-E2ETEST"',
      )
      await route.fulfill({ response, body })
    })
    await page.goto('/')
    const consent = page.getByRole('region', { name: 'Cookie consent' })
    await expect(consent).toBeVisible()
    await consent.getByRole('button', { name: 'Accept analytics cookies' }).click()
    await expect(consent).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('signalway:consent'))).toBe('granted')
    await page.reload()
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(consent).toHaveCount(0)
  })

  test('a client-side navigation from a hydrated page renders the home page with React, carousels working', async ({
    page,
  }) => {
    await page.goto('/contact-us/')
    await hydrate(page)
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.mouse.move(0, 0)
    await expect(page.getByRole('region', { name: 'Specialist Hire' })).toHaveAttribute(
      'data-rotating',
      'true',
    )
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test('a client-side navigation to the FAQ renders it with React, its search filtering as you type', async ({
    page,
  }) => {
    await page.goto('/get-a-quote/')
    await hydrate(page)
    await page.evaluate(() => {
      ;(window as { sameDocument?: boolean }).sameDocument = true
    })
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click()
    await expect(page).toHaveURL(/\/faqs\/$/)
    // The address changes as the navigation starts; the questions render when React commits the page.
    await expect(page.locator('.faq-item:visible').first()).toBeVisible()
    const total = await page.locator('.faq-item:visible').count()
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('tolls')
    await expect(page).toHaveURL(/\/faqs\/\?q=tolls$/)
    expect(await page.locator('.faq-item:visible').count()).toBeLessThan(total)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true })

    test('the Menu button opens and closes the navigation by touch', async ({ page }) => {
      await page.goto('/')
      const nav = page.getByRole('navigation', { name: 'Main' })
      const menu = nav.getByRole('button', { name: 'Menu' })
      const about = nav.getByRole('link', { name: 'About', exact: true })
      await expect(about).toBeHidden()

      await menu.tap()
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await expect(about).toBeVisible()
      // A touch outside closes it.
      await page.getByRole('contentinfo').tap({ position: { x: 5, y: 5 } })
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(about).toBeHidden()

      await menu.tap()
      await about.tap()
      await expect(page).toHaveURL(/\/about\/$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Signalway Traffic Hire')
    })

    test('the Menu button works by keyboard: Enter opens, Escape closes and returns focus', async ({
      page,
    }) => {
      await page.goto('/')
      const nav = page.getByRole('navigation', { name: 'Main' })
      const menu = nav.getByRole('button', { name: 'Menu' })
      await menu.focus()
      await page.keyboard.press('Enter')
      await expect(menu).toHaveAttribute('aria-expanded', 'true')
      await page.keyboard.press('Tab')
      await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(menu).toHaveAttribute('aria-expanded', 'false')
      await expect(menu).toBeFocused()
      await expect(nav.getByRole('link', { name: 'Home' })).toBeHidden()
    })

    test('the carousels answer touch: Next moves one slide, and a touch resets the autoplay interval', async ({
      page,
    }) => {
      await page.clock.install({ time: CLOCK_START })
      await page.goto('/')
      const carousel = page.getByRole('region', { name: 'Specialist Hire' })
      await expect(carousel).toHaveAttribute('data-rotating', 'true')
      await freezeClock(page)
      const start = await restingScrollLeft(carousel)

      // A touch on the carousel: the next automatic step is a full 5000 ms away.
      await carousel.locator('.carousel__controls').tap({ position: { x: 5, y: 5 } })
      await page.clock.runFor(4900)
      expect(await restingScrollLeft(carousel)).toBe(start)
      await page.clock.runFor(100)
      await expect.poll(() => scrollLeft(carousel)).not.toBe(start)
      const afterAutoplay = await restingScrollLeft(carousel)

      await carousel.getByRole('button', { name: 'Pause automatic slide show' }).tap()
      await carousel.getByRole('button', { name: 'Next slide' }).tap()
      await expect.poll(() => scrollLeft(carousel)).toBeGreaterThan(afterAutoplay)
      await expect(carousel.locator('.carousel__viewport')).toHaveAttribute('aria-live', 'polite')
      await expect(carousel.locator('.carousel__viewport > .visually-hidden')).toHaveText(
        /^Showing item \d+ of 10$/,
      )
      await page.clock.resume()
    })
  })
})

test.describe('the enquiry forms', () => {
  for (const path of ['/contact-us/', '/get-a-quote/']) {
    test(`${path} loads zod and its schema only when the form is first used, without a CSP violation`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const violations: string[] = []
        ;(window as { cspViolations?: string[] }).cspViolations = violations
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        )
      })
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url())
      })
      await page.goto(path)
      await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(scripts.filter((url) => /\/schemas-[\w-]+\.js$/.test(url))).toEqual([])

      const name = page.getByRole('textbox', { name: /^Name/ })
      await name.fill('A')
      await name.blur()
      await expect(page.getByText('Name must have at least 2 characters.')).toBeVisible()
      // The schema module and the zod code it shares with other lazy chunks: Rollup may name both after it.
      expect(scripts.filter((url) => /\/schemas-[\w-]+\.js$/.test(url)).length).toBeGreaterThanOrEqual(1)
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([])
    })
  }
})
