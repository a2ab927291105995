import { failureMessage, isApiError } from '../../lib/api-client.ts'

/** The server's own sentence for a refused request (400, 403, 404, 409), else `fallback`. */
export function refusalOf(error: unknown, fallback: string): string {
  if (isApiError(error) && [400, 403, 404, 409].includes(error.status) && error.message) return error.message
  return failureMessage(error, fallback)
}
