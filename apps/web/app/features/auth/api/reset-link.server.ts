import { resetTokenFromSearch } from '@signalway/shared'
import type { InternalApi } from '../../../lib/internal-api.server.ts'
import { type CheckedResetLink, VALIDATE_RESET_TOKEN_PATH } from './password-reset.ts'

/**
 * The link's token checked by the API in this process, for the visitor who opened it (their address counts
 * towards the API's limits), as the page's app would check it (ADR 027): refused (4xx but 429) is invalid; no
 * answer, a server error or a lock-out says nothing about the link, which can be checked again. Undefined
 * without an API to ask for the visitor (a render outside the server, or one kept for everyone): the app then checks.
 */
export async function checkResetLink(
  api: InternalApi | null,
  search: string,
): Promise<CheckedResetLink | undefined> {
  const token = resetTokenFromSearch(search)
  if (token === '') return { token, check: 'invalid' }
  if (!api?.post) return undefined
  try {
    const { status } = await api.post(VALIDATE_RESET_TOKEN_PATH, { resetToken: token })
    if (status >= 200 && status < 300) return { token, check: 'valid' }
    return { token, check: status >= 400 && status < 500 && status !== 429 ? 'invalid' : 'unavailable' }
  } catch (error) {
    console.error('The reset link could not be checked', error)
    return { token, check: 'unavailable' }
  }
}
