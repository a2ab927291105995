import { describe, expect, it } from 'vitest'
import { publicPagePaths } from '../../lib/public-pages.ts'
import { buildRobots, buildSitemap, sitemapEntries } from './sitemap.ts'

const news = [
  { slug: 'newest', date: '2026-02-16T00:00:00.000Z' },
  { slug: 'older', date: '2025-03-18T00:00:00.000Z' },
]

describe('sitemap', () => {
  it('lists every public page, the 10 services and no private or noindex page', () => {
    const pages = publicPagePaths()
    expect(pages).toEqual(
      expect.arrayContaining([
        '/',
        '/about/',
        '/news/',
        '/services/',
        '/faqs/',
        '/contact-us/',
        '/get-a-quote/',
        '/application-for-credit/',
        '/application-for-credit/terms-and-conditions/',
        '/terms-and-conditions/',
      ]),
    )
    expect(pages.filter((path) => path.startsWith('/services/') && path !== '/services/')).toHaveLength(10)
    for (const hidden of ['/admin/', '/update-profile/', '/reset-password/', '/logout/', '/forgot-password/'])
      expect(pages).not.toContain(hidden)
    expect(new Set(pages).size).toBe(pages.length)
  })

  it('adds one entry per equipment type with the day it last changed, after the other pages', () => {
    const entries = sitemapEntries(
      news,
      [],
      [{ slug: 'arrow-board-trailer', updatedAt: '2026-11-20T03:00:00.000Z' }],
    )
    expect(entries.at(-1)).toEqual({ path: '/equipment-types/arrow-board-trailer/', lastmod: '2026-11-20' })
  })

  it('adds one entry per news item with its date, and dates the news page by the newest item', () => {
    const entries = sitemapEntries(news)
    expect(entries).toContainEqual({ path: '/news/newest/', lastmod: '2026-02-16' })
    expect(entries).toContainEqual({ path: '/news/older/', lastmod: '2025-03-18' })
    expect(entries).toContainEqual({ path: '/news/', lastmod: '2026-02-16' })
    expect(sitemapEntries([])).toContainEqual({ path: '/news/' })
  })

  it('lists the content pages staff keep once, with the day they were last saved', () => {
    const entries = sitemapEntries(news, [
      { name: 'careers', updatedAt: '2026-11-20T03:00:00.000Z' },
      { name: 'resources/hire-rates', updatedAt: null },
      // Already a public page of the site: listed once.
      { name: 'privacy-policy', updatedAt: '2026-11-21T00:00:00.000Z' },
    ])
    expect(entries).toContainEqual({ path: '/careers/', lastmod: '2026-11-20' })
    expect(entries).toContainEqual({ path: '/resources/hire-rates/' })
    expect(entries.filter((entry) => entry.path === '/privacy-policy/')).toHaveLength(1)
  })

  it('writes absolute, escaped URLs in the sitemaps.org format', () => {
    const xml = buildSitemap('https://hire.example.com/', [
      { path: '/' },
      { path: '/news/a&b/', lastmod: '2026-01-02' },
    ])
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    expect(xml).toContain('<url><loc>https://hire.example.com/</loc></url>')
    expect(xml).toContain(
      '<url><loc>https://hire.example.com/news/a&amp;b/</loc><lastmod>2026-01-02</lastmod></url>',
    )
    expect(xml.trim().endsWith('</urlset>')).toBe(true)
  })
})

describe('robots.txt', () => {
  it('allows the site, keeps crawlers out of private pages and points to the sitemap', () => {
    const robots = buildRobots('https://hire.example.com')
    expect(robots).toContain('User-agent: *')
    expect(robots).toContain('Disallow: /admin/')
    expect(robots).toContain('Disallow: /api/')
    expect(robots).toContain('Disallow: /application-for-credit/resume/')
    expect(robots).toContain('Disallow: /application-for-credit/sign/')
    expect(robots).toContain('Disallow: /application-for-credit/status/')
    expect(robots).toContain('Disallow: /accept-invitation/')
    expect(robots).toMatch(/^Sitemap: https:\/\/hire\.example\.com\/sitemap\.xml$/m)
  })
})
