import type { CreditDraft, CreditDraftSave, CreditDraftSaved } from '@signalway/shared/credit/drafts'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/* Save and continue later. */

/** POST /api/apply-for-credit/drafts: the form's values; the link is emailed. */
export function saveCreditDraft(draft: CreditDraftSave, client: ApiClient = apiClient) {
  return client.post<CreditDraftSaved>('/apply-for-credit/drafts', draft)
}

/** POST /api/apply-for-credit/drafts/open: the token travels in the body, never in a URL the server logs. */
export function openCreditDraft(token: string, client: ApiClient = apiClient) {
  return client.post<CreditDraft>('/apply-for-credit/drafts/open', { token })
}

/** POST /api/apply-for-credit/drafts/discard: the application was submitted, its saved copy goes. */
export function discardCreditDraft(token: string, client: ApiClient = apiClient) {
  return client.post<void>('/apply-for-credit/drafts/discard', { token })
}
