import type { FaqAdminItem, FaqInput, FaqMove } from '@signalway/shared/faqs'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/* The FAQ's calls of the back office. */

/** GET /api/admin/faqs: every question, in the page's order. */
export function listFaqs(client: ApiClient = apiClient) {
  return client.get<FaqAdminItem[]>('/admin/faqs')
}

export function getFaq(id: number, client: ApiClient = apiClient) {
  return client.get<FaqAdminItem>(`/admin/faqs/${id}`)
}

/** POST /api/admin/faqs (no version) or PUT /api/admin/faqs/:id from `input.version` (409 if stale). */
export function saveFaq(id: number | null, input: FaqInput, client: ApiClient = apiClient) {
  return id === null
    ? client.post<FaqAdminItem>('/admin/faqs', input)
    : client.put<FaqAdminItem>(`/admin/faqs/${id}`, input)
}

/** One place up or down within its category: answers the whole list in its new order. */
export function moveFaq(id: number, direction: FaqMove['direction'], client: ApiClient = apiClient) {
  return client.post<FaqAdminItem[]>(`/admin/faqs/${id}/move`, { direction })
}

export function deleteFaq(id: number, version: number, client: ApiClient = apiClient) {
  return client.delete<void>(`/admin/faqs/${id}?version=${version}`)
}
