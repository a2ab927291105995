import type { UploadedImage } from '@signalway/shared/publishing'
import { type ApiClient, apiClient } from './api-client.ts'

/**
 * POST /api/admin/media: an image as a data URL; the server decides from its bytes what it is and keeps it
 * re-encoded at the sizes the pages use (the publishing image pipeline: news items and equipment types).
 */
export function uploadImage(dataUrl: string, client: ApiClient = apiClient) {
  return client.post<UploadedImage>('/admin/media', { dataUrl })
}
