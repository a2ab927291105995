import type { Paged } from '@signalway/shared/http'
import type { OutboxItem } from '@signalway/shared/outbox'
import { type ApiClient, apiClient } from '../../../lib/api-client.ts'

/** GET /api/admin/outbox?status=failed: mail that could not be delivered, newest first. */
export function listFailedMail(client: ApiClient = apiClient): Promise<Paged<OutboxItem>> {
  return client.get<Paged<OutboxItem>>('/admin/outbox?status=failed&pageSize=50')
}
