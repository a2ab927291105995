import type { Page } from '@signalway/shared/content'
import { data } from 'react-router'
import { getInternalApiUrl, INTERNAL_API_HEADERS } from '../../lib/config.server.ts'

/**
 * Fetches a content page by name from the API in the same process. Returns null for an
 * unknown name (404); any other failure is thrown as a 502/503 route error.
 */
export async function getContentPage(name: string, fetchImpl: typeof fetch = fetch): Promise<Page | null> {
  let response: Response
  try {
    response = await fetchImpl(`${getInternalApiUrl()}/pages/${encodeURIComponent(name)}`, {
      headers: INTERNAL_API_HEADERS,
    })
  } catch (error) {
    console.error(`Content page '${name}': the API could not be reached`, error)
    throw data('The content service is unavailable.', { status: 503 })
  }
  if (response.status === 404) return null
  if (!response.ok) {
    console.error(`Content page '${name}': the API answered ${response.status}`)
    throw data('The content service failed.', { status: 502 })
  }
  return (await response.json()) as Page
}
