import { expect, test } from '../fixtures.ts'
import { CLOCK_START, freezeClock, restingScrollLeft, SERVICE_SLUGS, scrollLeft } from '../helpers/public.ts'

/*
 * The home page carousels' autoplay, pausing and controls.
 */

test.describe('home page carousels', () => {
  test('show the 10 equipment items and the 7 partner logos as labelled slides', async ({ page }) => {
    await page.goto('/')
    const equipment = page.getByRole('region', { name: 'Specialist Hire' })
    await expect(equipment).toHaveAttribute('aria-roledescription', 'carousel')
    const slides = equipment.getByRole('group')
    await expect(slides).toHaveCount(10)
    await expect(slides.first()).toHaveAttribute('aria-roledescription', 'slide')
    await expect(slides.first()).toHaveAttribute('aria-label', '1 of 10')
    for (const slug of SERVICE_SLUGS) {
      await expect(equipment.locator(`a[href="/services/${slug}/"]`)).toHaveCount(1)
      // Each item also opens the quote form with its service ticked.
      await expect(equipment.locator(`a[href="/get-a-quote/?service=${slug}"]`)).toHaveCount(1)
    }
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
