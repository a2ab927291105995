import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from '../fixtures.ts'
import { hydrated, registerByApi, storeTokens, uniqueEmail } from '../helpers/auth.ts'

/*
 * Nothing moves while a page loads ("no layout shift"). Each page is opened on a phone with the CPU
 * slowed down 4x (as Lighthouse's mobile profile) and the layout shifts the browser reports without input are
 * added up (Cumulative Layout Shift). Google's "good" is under 0.1; these pages stay under 0.01. Before, the
 * private pages scored 0.2 to 0.9: the footer and the profile's Security section were pushed down as the
 * content arrived.
 */

const LIMIT = 0.01

/** Records every layout shift from the first paint on, in the page's own window. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = []
    ;(window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node | null }[]
      }[]) {
        if (entry.hadRecentInput) continue
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map((source) =>
            source.node instanceof Element ? `${source.node.tagName}.${source.node.className}` : '?',
          ),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** The page's layout shifts so far add up to less than LIMIT (the shifts themselves in the message). */
async function expectStill(page: Page) {
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts,
  )
  expect(
    shifts.reduce((sum, shift) => sum + shift.value, 0),
    JSON.stringify(shifts),
  ).toBeLessThan(LIMIT)
}

/** A newly registered user signed in, on a phone whose CPU is 4x slower, with layout shifts recorded. */
async function signedInOnSlowPhone(page: Page, request: APIRequestContext, tag: string, firstName: string) {
  await storeTokens(page, await registerByApi(request, uniqueEmail(tag), firstName))
  await recordShifts(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

test.use({ viewport: { width: 412, height: 823 } })

test.describe('nothing moves while a page loads on a phone', () => {
  test('the private pages, signed in: the profile (its Security section last) and the account area', async ({
    page,
    request,
  }) => {
    await signedInOnSlowPhone(page, request, 'stable', 'Clara')

    await page.goto('/update-profile/')
    // Shown signed in before its app (ADR 028), which comes with the first interaction, the Security section with it.
    await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toHaveValue('Clara', {
      timeout: 15_000,
    })
    await expectStill(page)
    await hydrated(page)
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible({
      timeout: 15_000,
    })
    await expectStill(page)

    await page.goto('/my-account/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('main').getByRole('status')).toHaveCount(0, { timeout: 15_000 })
    await expectStill(page)
  })

  test('a public page signed in: the account link arrives in the header without moving the page', async ({
    page,
    request,
  }) => {
    await signedInOnSlowPhone(page, request, 'stable-header', 'Christabel')
    await page.goto('/services/')
    await expect(
      page.getByRole('banner').getByRole('link', { name: /Your account, Christabel/ }),
    ).toBeVisible()
    await expectStill(page)
  })

  test("the catalogue's pictures: a type's page and its service's cards keep their room before the images arrive", async ({
    page,
  }) => {
    await recordShifts(page)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await page.goto('/equipment-types/vms-board-full-matrix/')
    const picture = page.locator('img.service-detail__image')
    await expect(picture).toHaveAttribute('src', /^\/api\/media\//)
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await expectStill(page)

    await page.goto('/services/vms-boards/')
    const cards = page.locator('img.equipment-type__image')
    await cards.first().scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        cards.evaluateAll((images) =>
          images.every(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true)
    await expectStill(page)
  })
})
