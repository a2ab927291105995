/*
 * The token of a confirmation link, kept in this tab while its owner signs in (ADR 040): the link confirms only
 * in a browser signed in to its account, and the login page's return-url brings the visitor back to the bare
 * page, so that the token never travels in the login page's address.
 */

const KEY = 'signalway.confirm-email'

/** The token kept for the confirmation page, or ''. */
export function keptConfirmationToken(): string {
  if (typeof window === 'undefined') return ''
  try {
    return window.sessionStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function keepConfirmationToken(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token)
  } catch {
    // Private mode without storage: after signing in the link must be opened again.
  }
}

export function forgetConfirmationToken(): void {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
