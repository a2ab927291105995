import { paths } from '../../lib/paths.ts'
import { publicPagePaths } from '../../lib/public-pages.ts'

export interface SitemapEntry {
  /** Site-relative path, e.g. '/about/'. */
  path: string
  /** Date of the last change, when it is known (news items). */
  lastmod?: string
}

/** The date part of an ISO date, for <lastmod>; undefined when it is not a date. */
function isoDay(value: string): string | undefined {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10)
}

/**
 * The entries of the sitemap: the public pages, one per news item (newest first), then the content pages
 * staff keep that are not among the public pages already, with the day they were last saved, then one per
 * equipment type, with the day it was last changed.
 */
export function sitemapEntries(
  news: ReadonlyArray<{ slug: string; date: string }>,
  contentPages: ReadonlyArray<{ name: string; updatedAt: string | null }> = [],
  equipmentTypes: ReadonlyArray<{ slug: string; updatedAt: string }> = [],
): SitemapEntry[] {
  const newest = news
    .map((item) => isoDay(item.date))
    .filter(Boolean)
    .sort()
    .at(-1)
  const pages: SitemapEntry[] = publicPagePaths().map((path) =>
    path === paths.news && newest ? { path, lastmod: newest } : { path },
  )
  const items = news.map((item) => {
    const lastmod = isoDay(item.date)
    return lastmod ? { path: paths.newsItem(item.slug), lastmod } : { path: paths.newsItem(item.slug) }
  })
  const listed = new Set(pages.map((page) => page.path))
  const content = contentPages
    .map((page) => ({ path: `/${page.name}/`, lastmod: page.updatedAt ? isoDay(page.updatedAt) : undefined }))
    .filter((page) => !listed.has(page.path))
    .map(({ path, lastmod }) => (lastmod ? { path, lastmod } : { path }))
  const types = equipmentTypes.map((type) => {
    const lastmod = isoDay(type.updatedAt)
    const path = paths.equipmentType(type.slug)
    return lastmod ? { path, lastmod } : { path }
  })
  return [...pages, ...items, ...content, ...types]
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** The sitemap XML (sitemaps.org protocol 0.9) with absolute URLs on `siteUrl`. */
export function buildSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = siteUrl.replace(/\/+$/, '')
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(`${origin}${entry.path}`)}</loc>${lastmod}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

/** robots.txt: everything public may be crawled; private and token pages may not. */
export function buildRobots(siteUrl: string): string {
  const origin = siteUrl.replace(/\/+$/, '')
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    `Disallow: ${paths.admin.index}`,
    `Disallow: ${paths.updateProfile}`,
    `Disallow: ${paths.myAccount}`,
    `Disallow: ${paths.runs}`,
    `Disallow: ${paths.setUpTwoStep}`,
    `Disallow: ${paths.resetPassword}`,
    `Disallow: ${paths.confirmEmail}`,
    `Disallow: ${paths.cancelEmailChange}`,
    `Disallow: ${paths.acceptInvitation}`,
    `Disallow: ${paths.logout}`,
    // A saved credit application's emailed link.
    `Disallow: ${paths.applicationForCredit.resume('')}`,
    // Remote signing's links: a signer's, and the status page's.
    `Disallow: ${paths.applicationForCredit.sign('')}`,
    `Disallow: ${paths.applicationForCredit.status('')}`,
    '',
    `Sitemap: ${origin}${paths.sitemap}`,
    '',
  ].join('\n')
}
