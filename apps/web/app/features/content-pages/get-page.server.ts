import type { Page } from '@signalway/shared/content'
import { data } from 'react-router'
import { getInternalApiUrl, INTERNAL_API_HEADERS } from '../../lib/config.server.ts'
import type { EditedPage } from './markdown-html.tsx'

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

/**
 * The privacy policy's or website terms' text as staff last saved it (issue 15), or null while the text that
 * ships with the site stands (never saved, or the content service unreachable: the shipped text is shown).
 */
export async function getEditedPage(name: string, fetchImpl: typeof fetch = fetch): Promise<Page | null> {
  try {
    const page = await getContentPage(name, fetchImpl)
    return page?.updatedAt ? page : null
  } catch {
    return null
  }
}

/** A built-in page's loader data: the saved text, or null for the shipped one. */
export async function loadEditedPage(name: string): Promise<{ edited: EditedPage | null }> {
  const page = await getEditedPage(name)
  return { edited: page && { title: page.title, description: page.description, html: page.html } }
}
