import type { AwaitingSignatures, CreditApplicationPage } from '@signalway/shared/credit-admin'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const CREDIT_APPLICATIONS_PAGE_SIZE = 20

/** GET /api/admin/credit-applications: newest first, searched and filtered by status and assignee, one page. */
export function listCreditApplications(
  query: { search?: string; status?: string; assignee?: string; page: number; pageSize?: number },
  client: ApiClient = apiClient,
): Promise<CreditApplicationPage> {
  const params = new URLSearchParams()
  if (query.search?.trim()) params.set('search', query.search.trim())
  if (query.status) params.set('status', query.status)
  if (query.assignee) params.set('assignee', query.assignee)
  params.set('page', String(query.page))
  params.set('pageSize', String(query.pageSize ?? CREDIT_APPLICATIONS_PAGE_SIZE))
  return client.get<CreditApplicationPage>(`/admin/credit-applications?${params.toString()}`)
}

/** GET /api/admin/credit-applications/awaiting-signatures: sent for remote signing, not yet signed by all. */
export function listAwaitingSignatures(
  client: ApiClient = apiClient,
): Promise<{ items: AwaitingSignatures[] }> {
  return client.get<{ items: AwaitingSignatures[] }>('/admin/credit-applications/awaiting-signatures')
}
