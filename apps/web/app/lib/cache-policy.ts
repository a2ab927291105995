import { publicPagePaths } from './public-pages.ts'

/**
 * How long a shared cache (the server's page cache, or a CDN in front of it) may keep a public page:
 * fresh for a minute, then served while it is rendered again in the background. Browsers always
 * revalidate (max-age=0), which costs a 304 when nothing changed.
 */
export const PUBLIC_PAGE_CACHE_CONTROL =
  'public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=600'

const PUBLIC_PAGES = new Set(publicPagePaths())
const NEWS_ITEM = /^\/news\/[^/]+\/$/
const EQUIPMENT_TYPE = /^\/equipment-types\/[^/]+\/$/

/**
 * The Cache-Control of a document response, or undefined to leave it private. Only the public pages
 * of the sitemap, the news items and the equipment types, answered 200 to a plain GET (no query string), are the same for
 * every visitor; everything else (forms answered after a POST, private pages, errors) is not shared.
 */
export function documentCacheControl(request: Request, status: number): string | undefined {
  if (status !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined
  const url = new URL(request.url)
  if (url.search !== '') return undefined
  return PUBLIC_PAGES.has(url.pathname) || NEWS_ITEM.test(url.pathname) || EQUIPMENT_TYPE.test(url.pathname)
    ? PUBLIC_PAGE_CACHE_CONTROL
    : undefined
}
