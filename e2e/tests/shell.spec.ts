import { expect, test } from '../fixtures.ts'

const SITE_NAME = 'Signalway Traffic Hire'

test.describe('server-rendered shell', () => {
  test('the home page is complete HTML from the server, with its title and heading', async ({ request }) => {
    const response = await request.get('/')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
    const html = await response.text()
    expect(html).toMatch(/<title>[^<]*Signalway Traffic Hire[^<]*<\/title>/)
    expect(html).toMatch(/<h1[^>]*>/)
    expect(html).toContain('<meta name="description"')
    expect(html).toContain('rel="canonical"')
  })

  test('HTML answers carry a strict CSP: hashes on pages shared by everyone, a fresh nonce on the others', async ({
    request,
  }) => {
    const scriptSrc = (csp: string) => /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
    const nonce = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1]

    // A public page is rendered once and served to everyone: its inline scripts are allowed by hash.
    const shared = await request.get('/')
    const sharedCsp = shared.headers()['content-security-policy'] ?? ''
    expect(scriptSrc(sharedCsp)).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/)
    expect(await shared.text()).not.toMatch(/\snonce=/)
    expect((await request.get('/')).headers()['content-security-policy']).toBe(sharedCsp)

    // A page rendered for one request carries that request's nonce.
    const first = (await request.get('/login/?return-url=%2F')).headers()['content-security-policy'] ?? ''
    const second = (await request.get('/login/?return-url=%2F')).headers()['content-security-policy'] ?? ''
    expect(nonce(first)).toBeTruthy()
    expect(nonce(first)).not.toBe(nonce(second))

    for (const csp of [sharedCsp, first]) {
      expect(scriptSrc(csp)).not.toContain("'unsafe-inline'")
      expect(csp).toContain("frame-ancestors 'none'")
    }
  })

  test('health and readiness answer', async ({ request }) => {
    expect((await request.get('/api/health')).status()).toBe(200)
    expect((await request.get('/api/ready')).status()).toBe(200)
    const missing = await request.get('/api/no-such-endpoint')
    expect(missing.status()).toBe(404)
    expect(await missing.json()).toMatchObject({ Message: expect.any(String), requestId: expect.any(String) })
  })

  test('no tag-manager or other third-party script without a configured id', async ({ page }) => {
    await page.goto('/')
    const external = await page
      .locator('script[src]')
      .evaluateAll((scripts) =>
        scripts.map((s) => (s as HTMLScriptElement).src).filter((src) => !src.startsWith(location.origin)),
      )
    expect(external).toEqual([])
    expect(await page.locator('script', { hasText: 'googletagmanager' }).count()).toBe(0)
  })
})

test.describe('header, navigation and footer', () => {
  test('signed out: Login shows, Logout does not; phone, Contact Us and Get a Quote are there', async ({
    page,
  }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Login' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Logout' })).toHaveCount(0)
    await expect(header.locator('a[href^="tel:"]').first()).toBeVisible()
    await expect(header.getByRole('link', { name: 'Contact Us' })).toBeVisible()
    await expect(header.getByRole('link', { name: 'Get a Quote' })).toBeVisible()
  })

  test('the main navigation lists Home, About, Services with its 10 sub-links, News and Contact', async ({
    page,
  }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: /main/i })
    for (const name of ['Home', 'About', 'News', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await nav.getByRole('button', { name: 'Services' }).click()
    const services = nav.locator('a[href^="/services/"]')
    await expect(services.filter({ visible: true })).toHaveCount(11) // the overview and the 10 services
  })

  test('the services menu works by keyboard and closes on Escape and on an outside click', async ({
    page,
  }) => {
    await page.goto('/about/')
    const nav = page.getByRole('navigation', { name: /main/i })
    const toggle = nav.getByRole('button', { name: 'Services' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Arrow Boards' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toBeFocused()

    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await page.locator('main').click({ position: { x: 5, y: 5 } })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await toggle.click()
    await nav.getByRole('link', { name: 'Arrow Boards' }).click()
    await expect(page).toHaveURL(/\/services\/arrow-boards\/$/)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test('the footer lists both offices and links to the Application for Credit', async ({ page }) => {
    await page.goto('/')
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText('VIC')
    await expect(footer).toContainText('QLD')
    await footer.getByRole('link', { name: /Application for Credit/i }).click()
    await expect(page).toHaveURL(/\/application-for-credit\/$/)
  })

  test('every page sets its own title, and a route change scrolls to the top', async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveTitle(new RegExp(SITE_NAME))
    const homeTitle = await page.title()
    await page.setViewportSize({ width: 1280, height: 500 })
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /Application for Credit/i })
      .click()
    await expect(page).toHaveURL(/\/application-for-credit\/$/)
    await expect(page).not.toHaveTitle(homeTitle)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})

test.describe('status pages and content pages', () => {
  test('the four /pages/* screens say what happened', async ({ page }) => {
    await page.goto('/pages/maintenance')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main')).toContainText(/maintenance|internet/i)

    await page.goto('/pages/error-403')
    await expect(page.locator('main')).toContainText(/administrator/i)

    await page.goto('/pages/error-404')
    await expect(page.locator('main').getByRole('link', { name: /reload/i })).toBeVisible()

    await page.goto('/pages/error-500')
    await expect(page.locator('main').getByRole('link', { name: /reload/i })).toBeVisible()
  })

  test('a seeded content page is looked up by its name', async ({ page }) => {
    // (The privacy policy and the terms have pages of their own; 'careers' is a content page.)
    const response = await page.goto('/careers/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/career/i)
    await expect(page).toHaveTitle(/career/i)
  })

  test.describe('an unknown page', () => {
    test.use({ allowConsoleErrors: [/status of 404/] })
    test("answers 404 and says 'Page Not Found'", async ({ page }) => {
      const response = await page.goto('/no-such-page-here/')
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found')
      await expect(page).toHaveTitle(/Page Not Found/)
    })
  })
})

test.describe('private routes', () => {
  test('an unauthenticated visit to /update-profile/ goes to /login and remembers where it came from', async ({
    page,
  }) => {
    await page.goto('/update-profile/')
    await expect(page).toHaveURL(/\/login\/?\?return-url=%2Fupdate-profile%2F/)
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
  })

  test('an unauthenticated visit to an admin page goes to /login', async ({ page }) => {
    await page.goto('/admin/manage-users/')
    await expect(page).toHaveURL(/\/login\/?\?return-url=/)
  })
})
