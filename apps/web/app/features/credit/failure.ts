import { failureMessage, isApiError, serverMessage } from '../../lib/api-client.ts'

/**
 * What a credit screen says when a call fails: the server's own words when it refused for a reason the person
 * can act on (a field's message, a daily limit reached, a signer who is no longer waiting), else the screen's.
 */
export function creditFailureMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 400 && error.modelState) {
    return Object.values(error.modelState).flat()[0] ?? fallback
  }
  if (isApiError(error) && (error.status === 409 || error.status === 429)) {
    return serverMessage(error) ?? fallback
  }
  return failureMessage(error, fallback)
}
