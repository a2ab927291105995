import type { InternalNote } from '@signalway/shared/back-office'
import type { CreditApplicationDetail, CreditDecision } from '@signalway/shared/credit-admin'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

const path = (reference: string, tail = '') =>
  `/admin/credit-applications/${encodeURIComponent(reference)}${tail}`

/** GET /api/admin/credit-applications/:reference: the decision, notes and history of one application. */
export function getCreditApplication(reference: string, client: ApiClient = apiClient) {
  return client.get<CreditApplicationDetail>(path(reference))
}

/** PATCH /api/admin/credit-applications/:reference: a decision made from `decision.version` (409 if stale). */
export function saveCreditDecision(
  reference: string,
  decision: CreditDecision,
  client: ApiClient = apiClient,
) {
  return client.patch<CreditApplicationDetail>(path(reference), decision)
}

/** POST /api/admin/credit-applications/:reference/notes: an internal note. */
export function addCreditNote(reference: string, body: string, client: ApiClient = apiClient) {
  return client.post<InternalNote>(path(reference, '/notes'), { body })
}
