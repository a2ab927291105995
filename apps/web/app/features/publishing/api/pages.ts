import type { PageAdminItem, PageAdminSummary, PageCreate, PageInput } from '@signalway/shared/publishing'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/* The content pages' calls of the back office. A nested name travels with an encoded slash. */

export function listPages(client: ApiClient = apiClient) {
  return client.get<PageAdminSummary[]>('/admin/pages')
}

export function getPage(name: string, client: ApiClient = apiClient) {
  return client.get<PageAdminItem>(`/admin/pages/${encodeURIComponent(name)}`)
}

export function createPage(page: PageCreate, client: ApiClient = apiClient) {
  return client.post<PageAdminItem>('/admin/pages', page)
}

/** PUT /api/admin/pages/:name from `input.version` (409 if stale). */
export function savePage(name: string, input: PageInput, client: ApiClient = apiClient) {
  return client.put<PageAdminItem>(`/admin/pages/${encodeURIComponent(name)}`, input)
}
