import type { ApiError } from '../../lib/api-client.ts'

/** The `Message` of an error response body (a 409 'email taken', a 429 'try again in ...'), if any. */
export function serverMessage(error: ApiError): string | undefined {
  const body = error.body
  if (!body || typeof body !== 'object') return undefined
  const message = (body as { Message?: unknown }).Message
  return typeof message === 'string' && message.trim() !== '' ? message : undefined
}
