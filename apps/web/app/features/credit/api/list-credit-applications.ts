import type { CreditApplicationPage } from '@signalway/shared/credit-admin'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

export const CREDIT_APPLICATIONS_PAGE_SIZE = 20

/** GET /api/admin/credit-applications: newest first, searched by business name or ABN, one page. */
export function listCreditApplications(
  query: { search?: string; page: number; pageSize?: number },
  client: ApiClient = apiClient,
): Promise<CreditApplicationPage> {
  const params = new URLSearchParams()
  if (query.search?.trim()) params.set('search', query.search.trim())
  params.set('page', String(query.page))
  params.set('pageSize', String(query.pageSize ?? CREDIT_APPLICATIONS_PAGE_SIZE))
  return client.get<CreditApplicationPage>(`/admin/credit-applications?${params.toString()}`)
}
