import { type NewsItem, newsItemSchema } from '@signalway/shared/content'
import { getInternalJson } from '../../lib/internal-api.server.ts'
import { sortNewestFirst } from './news.ts'

function isNewsItem(value: unknown): value is NewsItem {
  return newsItemSchema.safeParse(value).success
}

/**
 * The news items from `GET /api/news` (the API in the same process), newest first. A failure is
 * thrown as a 502/503 route error, like the content pages.
 */
export async function getNews(fetchImpl: typeof fetch = fetch): Promise<NewsItem[]> {
  const body = await getInternalJson('/news', { service: 'news', fetchImpl })
  return sortNewestFirst(Array.isArray(body) ? body.filter(isNewsItem) : [])
}
