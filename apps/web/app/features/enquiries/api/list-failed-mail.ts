import { type ApiClient, apiClient } from '../../../lib/api-client.ts'
import type { OutboxItem, Paged } from '../types.ts'

/** GET /api/admin/outbox?status=failed: mail that could not be delivered, newest first. */
export function listFailedMail(client: ApiClient = apiClient): Promise<Paged<OutboxItem>> {
  return client.get<Paged<OutboxItem>>('/admin/outbox?status=failed&pageSize=50')
}
