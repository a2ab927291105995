import { getNews } from '../../features/news/get-news.server.ts'
import { buildSitemap, sitemapEntries } from '../../features/seo/sitemap.ts'
import { getPublicConfig } from '../../lib/config.server.ts'

/** /sitemap.xml: every public page, the 10 services and each news item. */
export async function loader() {
  let news: Awaited<ReturnType<typeof getNews>> = []
  try {
    news = await getNews()
  } catch {
    // The pages are still worth listing; getNews has logged the failure.
  }
  const xml = buildSitemap(getPublicConfig().siteUrl, sitemapEntries(news))
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
