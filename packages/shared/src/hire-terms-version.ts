import { hireTerms } from './terms.ts'

/*
 * The Terms and Conditions of Hire a booking accepts: the version shown on the booking form and the SHA-256 of
 * the text, so that the server can check that what the person read is the current text (a changed text is 409).
 */

/** The version of the Terms and Conditions of Hire: the day their text last changed. */
export const HIRE_TERMS_VERSION = '2026-11-27'

/** The terms as one canonical text: each clause's number and title on a line, then its paragraphs, one a line. */
export function hireTermsText(): string {
  return hireTerms
    .map((clause) => [`${clause.number}. ${clause.title}`, ...clause.paragraphs].join('\n'))
    .join('\n\n')
}

/** The SHA-256 (lower-case hex) of the canonical text, with the Web Crypto of the browser and of Node alike. */
export async function hireTermsSha256(): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(hireTermsText()))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
