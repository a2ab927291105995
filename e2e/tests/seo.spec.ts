import { expect, test } from '../fixtures.ts'
import { type NewsItem, origin, PUBLIC_PAGES, SERVICE_SLUGS, schemaNodes } from '../helpers/public.ts'

/*
 * Structured data, sitemap.xml, robots.txt and one URL per page.
 */

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
    // The content pages staff keep.
    const pages = (await (await request.get('/api/pages')).json()) as { name: string }[]
    expect(pages.length).toBeGreaterThan(0)
    for (const { name } of pages) expect(locs).toContain(`${baseURL}/${name}/`)
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
