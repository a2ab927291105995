import { failureMessage, isApiError, serverMessage } from '../../lib/api-client.ts'

/**
 * What a refused request says, in the API's words: the field messages of a 400 (each once), else the server's
 * Message of a 400, 403, 404 or 409, else `fallback` (or the server's Message of a 500).
 */
export function apiWords(error: unknown, fallback: string): string {
  if (!isApiError(error)) return failureMessage(error, fallback)
  if (error.status === 400 && error.modelState) {
    const messages = [...new Set(Object.values(error.modelState).flat())]
    if (messages.length > 0) return messages.join(' ')
  }
  if ([400, 403, 404, 409].includes(error.status)) return serverMessage(error) ?? fallback
  return failureMessage(error, fallback)
}

/** How an invoice reaches the buyer, as staff read it: email goes by itself, post and fax are staff's to send. */
export const DELIVERY_WORDS = { email: 'Email (PDF attached)', fax: 'Fax', post: 'Post' } as const
