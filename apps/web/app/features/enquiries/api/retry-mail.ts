import type { OutboxItem } from '@signalway/shared/outbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** POST /api/admin/outbox/:id/retry: queues a failed message again, due now. */
export function retryMail(id: number, client: ApiClient = apiClient): Promise<OutboxItem> {
  return client.post<OutboxItem>(`/admin/outbox/${encodeURIComponent(String(id))}/retry`)
}
