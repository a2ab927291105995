import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export { expect }

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Runs axe on the page as it is now and fails with a readable list of WCAG 2.1 AA violations. */
export async function expectAccessible(page: Page) {
  let violations = await axeViolations(page)
  if (violations.length > 0) {
    // A colour judged mid-fade (a notification arriving while axe ran) is gone a moment later: look
    // again once before failing, so that only what stays is reported.
    await page.waitForTimeout(400)
    violations = await axeViolations(page)
  }
  expect(violations, `axe violations on ${page.url()}`).toEqual([])
}

async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: a notification fading in is half transparent for a moment, and on a
  // slow machine axe can catch it there. Finite animations (not an endless spinner) are let finish.
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter(
              (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
            )
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    )
    .catch(() => undefined)
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze()
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
}

/**
 * axe on a page just opened: a page that sends the visitor elsewhere as it starts (a guard's redirect, the
 * enhancement script of a private page sending a signed-out visitor to the login page) can navigate while axe runs:
 * its context is destroyed, or axe, injected into the page that left, is missing from the one that came
 * (`runPartial` of undefined). axe then runs again on the page it arrived at.
 */
async function expectAccessibleOnArrival(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await expectAccessible(page)
    } catch (error) {
      if (attempt >= 3 || !/Execution context was destroyed|reading 'runPartial'/.test(String(error)))
        throw error
      await page.waitForLoadState()
    }
  }
}

type Fixtures = {
  /** Console errors a test expects (the browser's log line for a deliberate 404): `test.use({ allowConsoleErrors })`. */
  allowConsoleErrors: RegExp[]
  /** axe runs in the page: off only for tests with JavaScript disabled, where it cannot. */
  axe: boolean
}

/**
 * Every test: fails on an unexpected console error or uncaught page error, and runs axe on every page it
 * opens with page.goto and on the page it ends on.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  axe: [true, { option: true }],
  page: async ({ page, allowConsoleErrors, axe }, use) => {
    const errors: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))

    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (axe) await expectAccessibleOnArrival(page)
      return response
    }

    await use(page)

    if (axe && !page.isClosed()) await expectAccessible(page)
    const unexpected = errors.filter((text) => !allowConsoleErrors.some((pattern) => pattern.test(text)))
    expect(unexpected, 'unexpected console errors').toEqual([])
  },
})
