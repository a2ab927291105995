import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The rules every page is held to: WCAG 2.2 level AA, with the A and AA rules of 2.0 and 2.1 it contains
 * (axe tags rules by the version that added them; `wcag22aa` brings SC 2.5.8 Target Size (Minimum)).
 * Every axe check of the browser tests goes through this file: the fixture's check of each page opened
 * (fixtures.ts) and the sweep of every route (every-page.ts, tests/wcag22.spec.ts).
 */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

/** Runs axe on the page as it is now and fails with a readable list of WCAG 2.2 AA violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  let violations = await axeViolations(page)
  if (violations.length > 0) {
    // A colour judged mid-fade (a notification arriving while axe ran) is gone a moment later: look
    // again once before failing, so that only what stays is reported.
    await page.waitForTimeout(400)
    violations = await axeViolations(page)
  }
  expect(violations, `axe violations on ${label}`).toEqual([])
}

/** The WCAG 2.2 AA violations of the page as it is now, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
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
  const results = await new AxeBuilder({ page }).withTags([...WCAG_22_AA]).analyze()
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
}
