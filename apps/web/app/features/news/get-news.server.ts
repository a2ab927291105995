import { type NewsItem, newsItemSchema } from '@signalway/shared/content'
import { data } from 'react-router'
import { getInternalApiUrl, INTERNAL_API_HEADERS } from '../../lib/config.server.ts'
import { sortNewestFirst } from './news.ts'

function isNewsItem(value: unknown): value is NewsItem {
  return newsItemSchema.safeParse(value).success
}

/**
 * The news items from `GET /api/news` (the API in the same process), newest first. A failure is
 * thrown as a 502/503 route error, like the content pages.
 */
export async function getNews(fetchImpl: typeof fetch = fetch): Promise<NewsItem[]> {
  let response: Response
  try {
    response = await fetchImpl(`${getInternalApiUrl()}/news`, { headers: INTERNAL_API_HEADERS })
  } catch (error) {
    console.error('News: the API could not be reached', error)
    throw data('The news service is unavailable.', { status: 503 })
  }
  if (!response.ok) {
    console.error(`News: the API answered ${response.status}`)
    throw data('The news service failed.', { status: 502 })
  }
  const body: unknown = await response.json()
  return sortNewestFirst(Array.isArray(body) ? body.filter(isNewsItem) : [])
}
