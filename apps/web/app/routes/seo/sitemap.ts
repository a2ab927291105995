import { getContentPages } from '../../features/content-pages/get-page.server.ts'
import { getEquipmentTypes } from '../../features/fleet/get-fleet.server.ts'
import { getNews } from '../../features/news/get-news.server.ts'
import { buildSitemap, sitemapEntries } from '../../features/seo/sitemap.ts'
import { getPublicConfig } from '../../lib/config.server.ts'
import { internalApiContext } from '../../lib/internal-api.server.ts'
import type { Route } from './+types/sitemap'

/**
 * /sitemap.xml: every public page, the 10 services, each news item, each content page staff keep and each
 * equipment type.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = context.get(internalApiContext)
  // Any list failing leaves the rest worth listing; the reads have logged the failure.
  const [news, contentPages, equipmentTypes] = await Promise.all([
    getNews(api).catch(() => []),
    getContentPages(api).catch(() => []),
    getEquipmentTypes(api).catch(() => []),
  ])
  const xml = buildSitemap(getPublicConfig().siteUrl, sitemapEntries(news, contentPages, equipmentTypes))
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
