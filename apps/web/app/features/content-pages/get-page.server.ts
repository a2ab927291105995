import { type Page, type PageSummary, pageSummarySchema } from '@signalway/shared/content'
import { getInternalJson } from '../../lib/internal-api.server.ts'
import type { EditedPage } from './markdown-html.tsx'

/**
 * Fetches a content page by name from the API in the same process. Returns null for an
 * unknown name (404); any other failure is thrown as a 502/503 route error.
 */
export async function getContentPage(name: string, fetchImpl: typeof fetch = fetch): Promise<Page | null> {
  return (await getInternalJson(`/pages/${encodeURIComponent(name)}`, {
    service: 'content',
    notFound: 'null',
    fetchImpl,
  })) as Page | null
}

/** Every content page's address and last save (`GET /api/pages`), for the sitemap. */
export async function getContentPages(fetchImpl: typeof fetch = fetch): Promise<PageSummary[]> {
  const body = await getInternalJson('/pages', { service: 'content', fetchImpl })
  return Array.isArray(body) ? body.filter((page) => pageSummarySchema.safeParse(page).success) : []
}

/**
 * The privacy policy's or website terms' text as staff last saved it, or null while the text that
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
