import type { Locator, Page } from '@playwright/test'
import { expect } from '../fixtures.ts'

/* What the public-site tests share: the pages, the structured data reader, the carousels' clock. */

export const SITE_NAME = 'Signalway Traffic Hire'

export const PUBLIC_PAGES = [
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

export const SERVICE_SLUGS = [
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

export interface NewsItem {
  slug: string
  date: string
  title: string
}

export function origin(page: Page): string {
  return new URL(page.url()).origin
}

export async function jsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>)
}

/** Every schema.org node of the page, @graph entries included. */
export async function schemaNodes(page: Page): Promise<Record<string, unknown>[]> {
  return (await jsonLd(page)).flatMap((block) =>
    Array.isArray(block['@graph']) ? (block['@graph'] as Record<string, unknown>[]) : [block],
  )
}

export const CLOCK_START = new Date('2026-03-02T09:00:00+11:00')

/**
 * Jumps the page's fake clock an hour on and stops it there: from now on only runFor() moves
 * timers on. The jump fires a due autoplay step at most once, so tests read their baseline after it.
 */
export async function freezeClock(page: Page) {
  await page.clock.pauseAt(new Date(CLOCK_START.getTime() + 3_600_000))
}

export async function scrollLeft(carousel: Locator): Promise<number> {
  return carousel.locator('.carousel__track').evaluate((track) => Math.round(track.scrollLeft))
}

/** The scroll position once a smooth scroll has come to rest. */
export async function restingScrollLeft(carousel: Locator): Promise<number> {
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

/** A form page hydrates on the first interaction (ADR 011): focus its first field and wait. */
export async function hydrate(page: Page) {
  await page.getByRole('textbox', { name: /^Name/ }).focus()
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible()
}
