import { gzipSync } from 'node:zlib'
import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { signInAsAdmin } from '../helpers/auth.ts'

/*
 * Issue 3, the public marketing site: every public page server-rendered with its heading, title,
 * canonical URL and social tags; keyboard navigation; the FAQ search; the carousels' autoplay and
 * pausing; the locations; sitemap.xml, robots.txt, one URL per page and structured data.
 */

const SITE_NAME = 'Signalway Traffic Hire'

const PUBLIC_PAGES = [
  { path: '/', h1: 'Traffic equipment hire, ready around the clock' },
  { path: '/about/', h1: 'About Signalway Traffic Hire' },
  { path: '/news/', h1: 'News' },
  { path: '/services/', h1: 'Our Services' },
  { path: '/services/vms-boards/', h1: 'VMS Board Hire and Repairs' },
  { path: '/faqs/', h1: 'Frequently Asked Questions' },
  { path: '/contact-us/', h1: 'Contact Us' },
  { path: '/get-a-quote/', h1: 'Get a Quote' },
  { path: '/application-for-credit/terms-and-conditions/', h1: 'Terms and Conditions of Hire' },
  { path: '/terms-and-conditions/', h1: 'Terms and Conditions' },
  { path: '/playground/', h1: 'Playground' },
] as const

const SERVICE_SLUGS = [
  'arrow-boards',
  'vms-boards',
  'portable-traffic-lights',
  'travel-times',
  'variable-speed-limit-signs',
  'truck-mounted-attenuators',
  'highway-trucks',
  'traffic-utes',
  'vms-utes',
  'portaboom',
]

interface NewsItem {
  slug: string
  date: string
  title: string
}

function origin(page: Page): string {
  return new URL(page.url()).origin
}

async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

/** Every schema.org node of the page, @graph entries included. */
async function schemaNodes(page: Page): Promise<Record<string, unknown>[]> {
  return (await jsonLd(page)).flatMap((block) =>
    Array.isArray(block['@graph']) ? (block['@graph'] as Record<string, unknown>[]) : [block],
  )
}

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

test.describe('structured data', () => {
  test('the business: both offices, the phone and 24/7 opening hours', async ({ page }) => {
    await page.goto('/')
    const nodes = await schemaNodes(page)
    const offices = nodes.filter((node) => node['@type'] === 'LocalBusiness')
    expect(offices).toHaveLength(2)
    const localities = offices.map(
      (office) => (office.address as { addressLocality: string }).addressLocality,
    )
    expect(localities.sort()).toEqual(['Laverton', 'Molendinar'])
    for (const office of offices) {
      expect(office.telephone).toMatch(/\d{4}/)
      const [hours] = office.openingHoursSpecification as {
        dayOfWeek: string[]
        opens: string
        closes: string
      }[]
      expect(hours?.dayOfWeek).toHaveLength(7)
      expect([hours?.opens, hours?.closes]).toEqual(['00:00', '23:59'])
    }
    const organization = nodes.find((node) => node['@type'] === 'Organization')
    expect(organization?.telephone).toBe('1300 975 707')
  })

  test('service pages carry a BreadcrumbList: Home > Services > the service', async ({ page }) => {
    await page.goto('/services/arrow-boards/')
    const base = origin(page)
    const breadcrumb = (await schemaNodes(page)).find((node) => node['@type'] === 'BreadcrumbList')
    const items = breadcrumb?.itemListElement as { position: number; name: string; item: string }[]
    expect(items.map((item) => [item.position, item.name, item.item])).toEqual([
      [1, 'Home', `${base}/`],
      [2, 'Services', `${base}/services/`],
      [3, 'Arrow Boards', `${base}/services/arrow-boards/`],
    ])
  })

  test('the FAQ page is a FAQPage of its questions', async ({ page }) => {
    await page.goto('/faqs/')
    const faq = (await schemaNodes(page)).find((node) => node['@type'] === 'FAQPage')
    const questions = faq?.mainEntity as { name: string }[]
    expect(questions.length).toBeGreaterThanOrEqual(12)
    await expect(page.getByRole('heading', { level: 3, name: questions[0]?.name })).toBeVisible()
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
    const firstLink = carousel.getByRole('link', { name: /Arrow Boards/ })
    await firstLink.focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/services\/arrow-boards\/$/)
  })
})

const CLOCK_START = new Date('2026-03-02T09:00:00+11:00')

/**
 * Jumps the page's fake clock an hour on and stops it there: from now on only runFor() moves
 * timers on. The jump fires a due autoplay step at most once, so tests read their baseline after it.
 */
async function freezeClock(page: Page) {
  await page.clock.pauseAt(new Date(CLOCK_START.getTime() + 3_600_000))
}

async function scrollLeft(carousel: Locator): Promise<number> {
  return carousel.locator('.carousel__track').evaluate((track) => Math.round(track.scrollLeft))
}

/** The scroll position once a smooth scroll has come to rest. */
async function restingScrollLeft(carousel: Locator): Promise<number> {
  let last = Number.NaN
  await expect
    .poll(
      async () => {
        const now = await scrollLeft(carousel)
        const still = now === last
        last = now
        return still
      },
      { intervals: [200] },
    )
    .toBe(true)
  return last
}

test.describe('home page carousels', () => {
  test('show the 10 equipment items and the 7 partner logos as labelled slides', async ({ page }) => {
    await page.goto('/')
    const equipment = page.getByRole('region', { name: 'Specialist Hire' })
    await expect(equipment).toHaveAttribute('aria-roledescription', 'carousel')
    const slides = equipment.getByRole('group')
    await expect(slides).toHaveCount(10)
    await expect(slides.first()).toHaveAttribute('aria-roledescription', 'slide')
    await expect(slides.first()).toHaveAttribute('aria-label', '1 of 10')
    for (const slug of SERVICE_SLUGS)
      await expect(equipment.locator(`a[href="/services/${slug}/"]`)).toHaveCount(1)
    const partners = page.getByRole('region', { name: 'Our Partners' })
    await expect(partners.getByRole('group')).toHaveCount(7)
    await expect(partners.getByRole('img')).toHaveCount(7)
    await expect(page.getByRole('link', { name: /^Learn More/ })).toHaveAttribute('href', '/about/')
  })

  test('autoplay advances every 5000 ms with the live region off, and pauses on hover', async ({ page }) => {
    await page.clock.install({ time: CLOCK_START })
    await page.goto('/')
    await page.mouse.move(0, 0)
    const carousel = page.getByRole('region', { name: 'Specialist Hire' })
    await expect(carousel).toHaveAttribute('data-rotating', 'true')
    await freezeClock(page)
    await expect(carousel.locator('[aria-live]').first()).toHaveAttribute('aria-live', 'off')
    const start = await restingScrollLeft(carousel)

    await page.clock.runFor(5000)
    await expect.poll(() => scrollLeft(carousel)).toBeGreaterThan(start)
    const afterOne = await restingScrollLeft(carousel)

    await carousel.hover()
    await expect(carousel).toHaveAttribute('data-rotating', 'false')
    await expect(carousel.locator('[aria-live]').first()).toHaveAttribute('aria-live', 'polite')
    await page.clock.runFor(15000)
    expect(await restingScrollLeft(carousel)).toBe(afterOne)

    await page.mouse.move(0, 0)
    await expect(carousel).toHaveAttribute('data-rotating', 'true')
    await page.clock.runFor(5000)
    await expect.poll(() => scrollLeft(carousel)).toBeGreaterThan(afterOne)
    await page.clock.resume()
  })

  test('the pause control stops autoplay until play is pressed; focus inside pauses too', async ({
    page,
  }) => {
    await page.clock.install({ time: CLOCK_START })
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Our Partners' })
    await expect(carousel).toHaveAttribute('data-rotating', 'true')
    await freezeClock(page)

    const start = await restingScrollLeft(carousel)
    await carousel.getByRole('button', { name: 'Pause automatic slide show' }).click()
    await expect(carousel.getByRole('button', { name: 'Play automatic slide show' })).toBeVisible()
    await page.mouse.move(0, 0)
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await expect(carousel).toHaveAttribute('data-rotating', 'false')
    await page.clock.runFor(15000)
    expect(await restingScrollLeft(carousel)).toBe(start)

    await carousel.getByRole('button', { name: 'Play automatic slide show' }).click()
    await page.mouse.move(0, 0)
    // Focus on the play control itself does not hold rotation back.
    await expect(carousel).toHaveAttribute('data-rotating', 'true')

    // The logos link to the partners: focus on one inside the carousel holds it still.
    await carousel.getByRole('link').first().focus()
    await expect(carousel).toHaveAttribute('data-rotating', 'false')
    const focusedAt = await restingScrollLeft(carousel)
    await page.clock.runFor(15000)
    expect(await restingScrollLeft(carousel)).toBe(focusedAt)

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await page.clock.runFor(5000)
    await expect.poll(() => scrollLeft(carousel)).not.toBe(focusedAt)
    await page.clock.resume()
  })

  test('honour prefers-reduced-motion: no autoplay until the visitor presses play', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await page.clock.install({ time: CLOCK_START })
    await page.goto('/')
    const carousel = page.getByRole('region', { name: 'Specialist Hire' })
    await expect(carousel.getByRole('button', { name: 'Play automatic slide show' })).toBeVisible()
    await page.clock.runFor(15000)
    expect(await scrollLeft(carousel)).toBe(0)
  })

  test('work without JavaScript as a scroll-snap track with every slide', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/')
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL })
    const noJs = await context.newPage()
    await noJs.goto('/')
    const track = noJs.getByRole('region', { name: 'Specialist Hire' }).locator('.carousel__track')
    await expect(track.getByRole('group')).toHaveCount(10)
    expect(await track.evaluate((element) => getComputedStyle(element).scrollSnapType)).toContain('x')
    await track.evaluate((element) => element.scrollBy({ left: 2000 }))
    expect(await scrollLeft(noJs.getByRole('region', { name: 'Specialist Hire' }))).toBeGreaterThan(0)
    await context.close()
  })
})

test.describe('FAQ search', () => {
  test('filters the questions as you type, keeps the URL in step and says when nothing matches', async ({
    page,
  }) => {
    await page.goto('/faqs/')
    const questions = page.locator('.faq-item')
    const total = await questions.count()
    expect(total).toBeGreaterThanOrEqual(12)
    const status = page.getByRole('status').filter({ hasText: /questions/ })
    await expect(status).toHaveText(`Showing all ${total} questions.`)

    const search = page.getByRole('searchbox', { name: 'Search the questions' })
    await search.fill('tolls')
    await expect(status).toHaveText(new RegExp(`^\\d+ of ${total} questions? match(es)? “tolls”\\.$`))
    const matching = await questions.count()
    expect(matching).toBeGreaterThan(0)
    expect(matching).toBeLessThan(total)
    await expect(questions.first()).toContainText(/toll/i)
    await expect(page).toHaveURL(/\/faqs\/\?q=tolls$/)

    await search.fill('qwertyuiop')
    await expect(status).toHaveText('No questions match “qwertyuiop”.')
    await expect(questions).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'send us a message' })).toBeVisible()

    await search.fill('')
    await expect(questions).toHaveCount(total)
  })

  test('works on the server with ?q=', async ({ page, request }) => {
    const html = await (await request.get('/faqs/?q=licence')).text()
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'))
    expect(main).toMatch(/questions? match(es)? “licence”/)
    expect(main).toContain('What licence do I need to drive a highway truck or a traffic ute?')
    expect(main).not.toContain('Who pays tolls on hired vehicles?')
    await page.goto('/faqs/?q=licence')
    await expect(page.getByRole('searchbox', { name: 'Search the questions' })).toHaveValue('licence')
  })
})

test.describe('FAQ search, continued', () => {
  test('a page opened filtered (?q=) shows every question again when the search is cleared', async ({
    page,
  }) => {
    await page.goto('/faqs/')
    const total = await page.locator('.faq-item').count()
    await page.goto('/faqs/?q=licence')
    const questions = page.locator('.faq-item')
    expect(await questions.count()).toBeLessThan(total)
    const search = page.getByRole('searchbox', { name: 'Search the questions' })
    await search.fill('')
    await expect(questions).toHaveCount(total)
    await expect(page).toHaveURL(/\/faqs\/$/)
    await search.fill('tolls')
    await search.press('Enter')
    await expect(page).toHaveURL(/\/faqs\/\?q=tolls$/)
    await expect(page.getByRole('status').filter({ hasText: /questions? match/ })).toContainText('“tolls”')
  })
})

test.describe('news', () => {
  test('lists the seeded items newest first, each with date, title, image and text, and its own page', async ({
    page,
    request,
  }) => {
    const items = (await (await request.get('/api/news')).json()) as NewsItem[]
    expect(items.length).toBeGreaterThan(0)
    await page.goto('/news/')
    const articles = page.locator('.news-item')
    await expect(articles).toHaveCount(items.length)
    const dates = await articles
      .locator('time')
      .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''))
    expect([...dates].sort().reverse()).toEqual(dates)
    // Readable dates on Melbourne's day ('16 February 2026'), the instant machine-readable in datetime.
    const newest = items.reduce((a, b) => (Date.parse(b.date) > Date.parse(a.date) ? b : a))
    const melbourneDay = new Intl.DateTimeFormat('en-AU', {
      timeZone: 'Australia/Melbourne',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }).format(new Date(newest.date))
    await expect(articles.first().locator('time')).toHaveText(melbourneDay)
    await expect(articles.first().locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
    await expect(articles.first().locator('time')).toHaveAttribute('datetime', newest.date)
    const image = articles.first().locator('img')
    await expect(image).toHaveAttribute('width', /\d+/)
    await expect(image).toHaveAttribute('height', /\d+/)
    await expect
      .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0)

    const first = articles.first().getByRole('heading', { level: 2 })
    const title = (await first.textContent()) ?? ''
    await first.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\|`))
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

test.describe('search engines', () => {
  test('sitemap.xml lists every public page, the 10 services and each news item', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('xml')
    const xml = await response.text()
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
    for (const { path } of PUBLIC_PAGES.filter((page) => page.path !== '/playground/')) {
      expect(locs).toContain(`${baseURL}${path}`)
    }
    for (const slug of SERVICE_SLUGS) expect(locs).toContain(`${baseURL}/services/${slug}/`)
    const news = (await (await request.get('/api/news')).json()) as NewsItem[]
    for (const item of news) expect(locs).toContain(`${baseURL}/news/${item.slug}/`)
    expect(locs).not.toContain(`${baseURL}/admin/`)
    for (const loc of locs.slice(0, 5)) expect((await request.get(loc ?? '')).status()).toBe(200)
  })

  test('robots.txt points to the sitemap', async ({ request, baseURL }) => {
    const response = await request.get('/robots.txt')
    expect(response.status()).toBe(200)
    const text = await response.text()
    expect(text).toContain('User-agent: *')
    expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
  })

  test('one URL per page: a path without its trailing slash answers 301, query kept', async ({ request }) => {
    for (const [from, to] of [
      ['/about', '/about/'],
      ['/services/vms-boards', '/services/vms-boards/'],
      ['/faqs?q=tolls', '/faqs/?q=tolls'],
      ['/application-for-credit/terms-and-conditions', '/application-for-credit/terms-and-conditions/'],
      ['/privacy-policy', '/privacy-policy/'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 })
      expect(response.status(), from).toBe(301)
      expect(
        new URL(response.headers().location ?? '', 'http://x').pathname +
          new URL(response.headers().location ?? '', 'http://x').search,
      ).toBe(to)
    }
    const news = (await (await request.get('/api/news')).json()) as NewsItem[]
    const item = await request.get(`/news/${news[0]?.slug}`, { maxRedirects: 0 })
    expect(item.status()).toBe(301)
  })

  test('leaves the API, files, status screens and unknown paths alone', async ({ request }) => {
    expect((await request.get('/api/news', { maxRedirects: 0 })).status()).toBe(200)
    expect((await request.get('/robots.txt', { maxRedirects: 0 })).status()).toBe(200)
    expect((await request.get('/images/logo.svg', { maxRedirects: 0 })).status()).toBe(200)
    expect((await request.get('/pages/error-404', { maxRedirects: 0 })).status()).toBe(200)
    expect((await request.get('/no-such-page-here', { maxRedirects: 0 })).status()).toBe(404)
    expect((await request.get('/news/no-such-item/', { maxRedirects: 0 })).status()).toBe(404)
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

/** A form page hydrates on the first interaction (ADR 011): focus its first field and wait. */
async function hydrate(page: Page) {
  await page.getByRole('textbox', { name: /^Name/ }).focus()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
}

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
    // ADR 011: the public form pages carry React Router's module script inert, started by the enhancement script.
    for (const path of ['/contact-us/', '/get-a-quote/']) {
      const html = await (await request.get(path)).text()
      expect(html, path).toContain('window.__reactRouterContext')
      expect(html, path).toMatch(
        /<script type="text\/x-deferred-module" data-preload="\/assets\/entry\.client-/,
      )
      expect(html, path).not.toMatch(/<script[^>]* type="module"(?![^>]*\ssrc=)/)
      expect(html, path).toMatch(
        /<script type="module" id="enhance-script" src="\/assets\/enhance-[\w-]+\.js"[^>]* data-hydrate="on-interaction"/,
      )
      expect(html, path).not.toContain('modulepreload')
    }
    for (const path of ['/login/', '/application-for-credit/']) {
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
    const total = await page.locator('.faq-item').count()
    await page.getByRole('searchbox', { name: 'Search the questions' }).fill('tolls')
    await expect(page).toHaveURL(/\/faqs\/\?q=tolls$/)
    expect(await page.locator('.faq-item').count()).toBeLessThan(total)
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
      expect(scripts.filter((url) => /\/schemas-[\w-]+\.js$/.test(url))).toHaveLength(1)
      expect(await page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations)).toEqual([])
    })
  }
})
