import { type Page, type PageSummary, pageSummarySchema } from '@signalway/shared/content'
import { getInternalJson, type InternalApi } from '../../lib/internal-api.server.ts'
import type { EditedPage } from './markdown-html.tsx'

/**
 * A content page by name from the API in the same process. Returns null for an unknown name (404); any
 * other failure is thrown as a 502/503 route error.
 */
export async function getContentPage(api: InternalApi | null, name: string): Promise<Page | null> {
  return (await getInternalJson(api, `/pages/${encodeURIComponent(name)}`, {
    service: 'content',
    notFound: 'null',
  })) as Page | null
}

/** Every content page's address and last save (`GET /api/pages`), for the sitemap. */
export async function getContentPages(api: InternalApi | null): Promise<PageSummary[]> {
  const body = await getInternalJson(api, '/pages', { service: 'content' })
  return Array.isArray(body) ? body.filter((page) => pageSummarySchema.safeParse(page).success) : []
}

/**
 * The privacy policy's or website terms' text as staff last saved it, or null while the text that
 * ships with the site stands (never saved, or the content service unreachable: the shipped text is shown).
 */
export async function getEditedPage(api: InternalApi | null, name: string): Promise<Page | null> {
  try {
    const page = await getContentPage(api, name)
    return page?.updatedAt ? page : null
  } catch {
    return null
  }
}

/** A built-in page's loader data: the saved text, or null for the shipped one. */
export async function loadEditedPage(
  api: InternalApi | null,
  name: string,
): Promise<{ edited: EditedPage | null }> {
  const page = await getEditedPage(api, name)
  return { edited: page && { title: page.title, description: page.description, html: page.html } }
}
