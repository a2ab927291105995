import { hireTerms, type TermsClause } from './terms.ts'

/*
 * Which text of the Terms and Conditions of Hire a booking accepts (ADR 048). The booking form shows hireTerms and
 * sends HIRE_TERMS_VERSION and HIRE_TERMS_SHA256 with the acceptance; the API refuses a booking whose pair is not
 * the current one (the text changed while the person was reading it), and the hire agreement PDF prints both.
 *
 * The digest is SHA-256 over the UTF-8 bytes of hireTermsCanonicalText(). It is written here rather than computed,
 * so that the browser needs no hashing; hire-terms-version.test.ts recomputes it, and fails when the text changes
 * without a new version and digest.
 */

export const HIRE_TERMS_VERSION = '2026-11-27'

export const HIRE_TERMS_SHA256 = 'd1122260c606767e76683fdb64ed1e43849ff9ab34a147062f145b093fda17cc'

/** The terms as one text: each clause "N. Title", then its paragraphs "N.M text", one a line, '\n' line ends. */
export function hireTermsCanonicalText(clauses: readonly TermsClause[] = hireTerms): string {
  return clauses
    .flatMap((clause) => [
      `${clause.number}. ${clause.title}`,
      ...clause.paragraphs.map((paragraph, index) => `${clause.number}.${index + 1} ${paragraph}`),
    ])
    .join('\n')
    .concat('\n')
}
