/*
 * The token of an account invitation's link, kept in this tab while the invited person signs in or registers
 * (as the email confirmation's, ADR 040): the sign-in and register pages' return-url brings them back to the
 * bare join page, so that the token never travels in another page's address.
 */

const KEY = 'signalway.join-account'

/** The token kept for the join page, or ''. */
export function keptJoinToken(): string {
  if (typeof window === 'undefined') return ''
  try {
    return window.sessionStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

export function keepJoinToken(token: string): void {
  try {
    window.sessionStorage.setItem(KEY, token)
  } catch {
    // Private mode without storage: after signing in the link must be opened again.
  }
}

export function forgetJoinToken(): void {
  try {
    window.sessionStorage.removeItem(KEY)
  } catch {
    // Nothing kept.
  }
}
