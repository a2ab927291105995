import { expect, test } from '../fixtures.ts'
import {
  origin,
  PUBLIC_PAGES,
  restingScrollLeft,
  SERVICE_SLUGS,
  SITE_NAME,
  scrollLeft,
} from '../helpers/public.ts'

/*
 * Every public page server-rendered with its heading, title, canonical URL and social tags; keyboard navigation; the locations; the terms and the playground.
 */

test.describe('every public page', () => {
  for (const { path, h1 } of PUBLIC_PAGES) {
    test(`${path} renders its heading and its own title`, async ({ page }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1)
      await expect(page).toHaveTitle(new RegExp(`${SITE_NAME}$`))
    })
  }

  test('is complete HTML from the server, with a unique title and description', async ({ request }) => {
    const titles = new Set<string>()
    const descriptions = new Set<string>()
    const paths = [
      ...PUBLIC_PAGES.map((page) => page.path),
      ...SERVICE_SLUGS.map((slug) => `/services/${slug}/`),
    ]
    for (const path of new Set(paths)) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html, path).toMatch(/<h1[^>]*>[^<]+/)
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1]
      const description = /<meta name="description" content="([^"]+)"/.exec(html)?.[1]
      expect(title, path).toBeTruthy()
      expect(description, path).toBeTruthy()
      titles.add(title ?? '')
      descriptions.add(description ?? '')
    }
    expect(titles.size).toBe(new Set(paths).size)
    expect(descriptions.size).toBe(new Set(paths).size)
  })

  test('has a canonical URL and Open Graph and Twitter tags with a raster image', async ({
    page,
    request,
  }) => {
    await page.goto('/about/')
    const base = origin(page)
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}/about/`)
    const meta = (selector: string) => page.locator(selector).first()
    await expect(meta('meta[property="og:url"]')).toHaveAttribute('content', `${base}/about/`)
    await expect(meta('meta[property="og:title"]')).toHaveAttribute('content', /^About Us \| Signalway/)
    await expect(meta('meta[property="og:description"]')).toHaveAttribute('content', /.{50,}/)
    await expect(meta('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    const image = await meta('meta[property="og:image"]').getAttribute('content')
    expect(image).toBe(`${base}/images/og-default.png`)
    await expect(meta('meta[property="og:image:width"]')).toHaveAttribute('content', '1200')
    await expect(meta('meta[property="og:image:height"]')).toHaveAttribute('content', '630')
    const png = await request.get(image ?? '')
    expect(png.status()).toBe(200)
    expect(png.headers()['content-type']).toBe('image/png')
  })

  test('no third-party request while a page loads, the contact page with its maps included', async ({
    page,
    baseURL,
  }) => {
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = request.url()
      if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) foreign.push(url)
    })
    await page.goto('/contact-us/')
    await page.waitForLoadState('networkidle')
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    expect(foreign).toEqual([])
  })
})

test.describe('navigation by keyboard', () => {
  test('skip link, then the main navigation to About, then the home page back', async ({ page }) => {
    await page.goto('/')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)

    await page.goto('/')
    const about = page
      .getByRole('navigation', { name: /main/i })
      .getByRole('link', { name: 'About', exact: true })
    for (let i = 0; i < 25 && !(await about.evaluate((link) => link === document.activeElement)); i++) {
      await page.keyboard.press('Tab')
    }
    await expect(about).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/about\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Signalway Traffic Hire')
  })

  test('the carousel controls and slides are reachable and work by keyboard', async ({ page }) => {
    // No autoplay here (reduced motion), so only the keys move the track.
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Specialist Hire' })
    const next = carousel.getByRole('button', { name: 'Next slide' })
    await next.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => scrollLeft(carousel)).toBeGreaterThan(0)
    expect(await restingScrollLeft(carousel)).toBeGreaterThan(0)
    await carousel.getByRole('button', { name: 'Previous slide' }).press('Enter')
    await expect.poll(() => scrollLeft(carousel)).toBe(0)
    const firstLink = carousel.getByRole('link', { name: 'Arrow Boards', exact: true })
    await firstLink.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/services\/arrow-boards\/$/)
  })
})

test.describe('Contact Us: Our Locations', () => {
  test('three locations with address, phone and an Open in maps link; the map loads only on request', async ({
    page,
  }) => {
    await page.route('https://www.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Map</title><p>Map</p>' }),
    )
    await page.goto('/contact-us/')
    const section = page.getByRole('region', { name: 'Our Locations' })
    for (const name of ['Laverton VIC', 'Molendinar QLD', 'Carrum Downs VIC']) {
      await expect(section.getByRole('heading', { level: 3, name })).toBeVisible()
    }
    await expect(section.locator('address')).toHaveCount(3)
    await expect(section.locator('a[href^="tel:"]')).toHaveCount(3)
    const maps = section.getByRole('link', { name: /^Open in maps/ })
    await expect(maps).toHaveCount(3)
    await expect(maps.first()).toHaveAttribute(
      'href',
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=.+Laverton/,
    )
    await expect(page.locator('iframe')).toHaveCount(0)

    await section.getByRole('button', { name: 'Show map of Molendinar QLD' }).click()
    const frame = section.locator('iframe[title="Map of Molendinar QLD"]')
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=/)
    await expect(frame).toBeFocused()
    await expect(page.locator('iframe')).toHaveCount(1)
  })
})

test.describe('terms and playground', () => {
  test('the Terms and Conditions of Hire have 10 clauses with the key terms', async ({ page }) => {
    await page.goto('/application-for-credit/terms-and-conditions/')
    await expect(page.locator('.terms__clause')).toHaveCount(10)
    const main = page.locator('main')
    for (const term of [
      '30 days',
      '25% plus GST',
      '48 hours',
      '24 hours',
      '5 business days',
      '20 business days',
      '50 km',
      'Victoria',
    ]) {
      await expect(main).toContainText(term)
    }
  })

  test('the playground shows the components and its demos work', async ({ page }) => {
    await page.goto('/playground/')
    for (const name of [
      'Buttons',
      'Notifications',
      'Error modal',
      'Carousel',
      'Status page',
      'Form fields',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
    }
    await page.getByRole('button', { name: 'Show a success notification' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'Your message has been successfully sent.' }),
    ).toBeVisible()
    await page.getByRole('button', { name: 'Open the error modal' }).click()
    await expect(page.getByRole('dialog', { name: 'Application Error' })).toBeVisible()
  })
})
