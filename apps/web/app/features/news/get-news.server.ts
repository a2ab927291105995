import { type NewsItem, newsItemSchema } from '@signalway/shared/content'
import { NEWS_LIMITS } from '@signalway/shared/publishing'
import { getInternalJson, type InternalApi } from '../../lib/internal-api.server.ts'
import { sortNewestFirst } from './news.ts'

function isNewsItem(value: unknown): value is NewsItem {
  return newsItemSchema.safeParse(value).success
}

/**
 * The news items from `GET /api/news` (the API in the same process), newest first. A failure is
 * thrown as a 502/503 route error, like the content pages.
 */
export async function getNews(api: InternalApi | null): Promise<NewsItem[]> {
  const body = await getInternalJson(api, '/news', { service: 'news' })
  return sortNewestFirst(Array.isArray(body) ? body.filter(isNewsItem) : [])
}

/**
 * The published news item with this slug from `GET /api/news/:slug`, or null when there is none. A slug
 * longer than any item's (slugs are at most NEWS_LIMITS.slugMax of a-z, 0-9 and '-') is none without asking.
 * Any other failure is thrown as a 502/503 route error.
 */
export async function getNewsItem(api: InternalApi | null, slug: string): Promise<NewsItem | null> {
  const param = encodeURIComponent(slug)
  if (!param || param.length > NEWS_LIMITS.slugMax) return null
  const body = await getInternalJson(api, `/news/${param}`, { service: 'news', notFound: 'null' })
  return isNewsItem(body) ? body : null
}
