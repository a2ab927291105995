import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

/**
 * The rules every page is held to: WCAG 2.2 level AA, with the A and AA rules of 2.0 and 2.1 it contains
 * (axe tags rules by the version that added them; `wcag22aa` brings SC 2.5.8 Target Size (Minimum)).
 * Every axe check of the browser tests goes through this file: the fixture's check of each page opened
 * (fixtures.ts) and the sweep of every route (every-page.ts, tests/wcag22.spec.ts).
 */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

/** What each page looked like when axe last passed it: see `fingerprint`. */
const lastPassed = new WeakMap<Page, string>()

/**
 * The page as axe judges it: its address, its markup, the viewport and the scroll position (colour contrast
 * reads what is drawn under each text). The same fingerprint twice means the same answer from axe, so the check
 * of a page at the end of a test that has not changed it since it opened is not run a second time.
 */
async function fingerprint(page: Page): Promise<string | null> {
  return page
    .evaluate(() => {
      const text = `${location.href}|${innerWidth}x${innerHeight}|${scrollX},${scrollY}|${document.documentElement.outerHTML}`
      let hash = 0x811c9dc5
      for (let index = 0; index < text.length; index++) {
        hash ^= text.charCodeAt(index)
        hash = Math.imul(hash, 0x01000193)
      }
      return `${text.length}:${(hash >>> 0).toString(16)}`
    })
    .catch(() => null)
}

/** Runs axe on the page as it is now and fails with a readable list of WCAG 2.2 AA violations. */
export async function expectAccessible(page: Page, label = page.url()) {
  const before = await fingerprint(page)
  if (before !== null && lastPassed.get(page) === before) return
  let violations = await axeViolations(page)
  if (violations.length > 0) {
    // A colour judged mid-fade (a notification arriving while axe ran) is gone a moment later: look
    // again once before failing, so that only what stays is reported.
    await page.waitForTimeout(400)
    violations = await axeViolations(page)
  }
  expect(violations, `axe violations on ${label}`).toEqual([])
  // What passed is the page as it is after the check (a fade let finish): the fingerprint is taken again.
  const after = await fingerprint(page)
  if (after !== null) lastPassed.set(page, after)
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
  const results = page.frames().length > 1 ? await withFrames(page) : await inPage(page)
  return results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  )
}

/** axe-core itself, as @axe-core/playwright injects it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe run in the page itself, injected once per document (through the DevTools protocol, as @axe-core/playwright
 * does: a page's CSP does not apply): the same rules and tags as AxeBuilder, at a third of its time, which injects
 * axe again and opens a blank page to assemble the results at every check.
 */
async function inPage(page: Page): Promise<Pick<AxeResults, 'violations'>> {
  const present = await page.evaluate(() => 'axe' in window)
  if (!present) await page.evaluate(AXE_SOURCE)
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof import('axe-core') }).axe
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then(({ violations }) => ({ violations })),
    [...WCAG_22_AA],
  )
}

/** A page with frames (a map shown on request): AxeBuilder checks each frame's document too. */
function withFrames(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).withTags([...WCAG_22_AA]).analyze()
}
