import type { NewsAdminItem, NewsAdminSummary, NewsInput } from '@signalway/shared/publishing'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/* The publishing calls of the back office. */

/** GET /api/admin/news: every item, drafts included, newest first. */
export function listNewsItems(client: ApiClient = apiClient) {
  return client.get<NewsAdminSummary[]>('/admin/news')
}

/** GET /api/admin/news/:id. */
export function getNewsItem(id: number, client: ApiClient = apiClient) {
  return client.get<NewsAdminItem>(`/admin/news/${id}`)
}

/** POST /api/admin/news (no version) or PUT /api/admin/news/:id from `input.version` (409 if stale). */
export function saveNewsItem(id: number | null, input: NewsInput, client: ApiClient = apiClient) {
  return id === null
    ? client.post<NewsAdminItem>('/admin/news', input)
    : client.put<NewsAdminItem>(`/admin/news/${id}`, input)
}

/** POST /api/admin/markdown-preview: the HTML the public site will show. */
export async function previewMarkdown(markdown: string, client: ApiClient = apiClient): Promise<string> {
  return (await client.post<{ html: string }>('/admin/markdown-preview', { markdown })).html
}
