import { expect, test } from '../fixtures.ts'
import type { NewsItem } from '../helpers/public.ts'

/*
 * The FAQ search and the news.
 */

test.describe('FAQ search', () => {
  test('filters the questions as you type, keeps the URL in step and says when nothing matches', async ({
    page,
  }) => {
    await page.goto('/faqs/')
    const questions = page.locator('.faq-item:visible')
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
    // Every question is on the page (the search brings them back without a request); those that do not match are hidden.
    expect(main).toMatch(
      /<article class="faq-item" id="[\w-]+"><h3 class="faq-item__question">What licence do I need to drive a highway truck or a traffic ute\?/,
    )
    expect(main).toMatch(
      /<article class="faq-item" id="[\w-]+" hidden=""><h3 class="faq-item__question">Who pays tolls on hired vehicles\?/,
    )
    await page.goto('/faqs/?q=licence')
    await expect(page.getByRole('searchbox', { name: 'Search the questions' })).toHaveValue('licence')
  })
})

test.describe('FAQ search, continued', () => {
  test('a page opened filtered (?q=) shows every question again when the search is cleared', async ({
    page,
  }) => {
    await page.goto('/faqs/')
    const total = await page.locator('.faq-item:visible').count()
    await page.goto('/faqs/?q=licence')
    const questions = page.locator('.faq-item:visible')
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
    // Another test may publish an item meanwhile (publishing.spec.ts): the list and the page are read together.
    let items: NewsItem[] = []
    const articles = page.locator('.news-item')
    await expect(async () => {
      items = (await (await request.get('/api/news')).json()) as NewsItem[]
      expect(items.length).toBeGreaterThan(0)
      await page.goto('/news/')
      await expect(articles).toHaveCount(items.length, { timeout: 2000 })
    }).toPass()
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
