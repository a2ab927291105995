import { PRIVACY_POLICY_DATE, privacyPolicy } from './privacy.ts'
import { registrationTerms, type TermsClause } from './terms.ts'

/*
 * The content pages whose text ships with the site: the privacy policy and the website's terms.
 * Until staff edit one, its page shows this text (with its numbered contents); once edited, the page shows
 * the saved Markdown. The editor starts from this text written as Markdown.
 */

/** Numbered clauses as Markdown: a heading per clause, each paragraph with its clause number in bold. */
export function clausesToMarkdown(clauses: readonly TermsClause[]): string {
  return clauses
    .map((clause) =>
      [
        `## ${clause.number}. ${clause.title}`,
        ...clause.paragraphs.map((paragraph, index) => `**${clause.number}.${index + 1}** ${paragraph}`),
      ].join('\n\n'),
    )
    .join('\n\n')
}

export interface BuiltInPage {
  title: string
  description: string
  /** Markdown. */
  content: string
}

export const BUILT_IN_PAGES: Readonly<Record<'privacy-policy' | 'terms-and-conditions', BuiltInPage>> = {
  'privacy-policy': {
    title: 'Privacy Policy',
    description:
      'What personal and credit information Signalway Traffic Hire collects, why, who it is shared with, and how to see, correct or complain about it.',
    content: `In effect from ${PRIVACY_POLICY_DATE}.\n\n${clausesToMarkdown(privacyPolicy)}`,
  },
  'terms-and-conditions': {
    title: 'Terms and Conditions',
    description: 'The terms and conditions you accept when you register a Signalway Traffic Hire account.',
    content: `The hire of equipment is governed by our [Terms and Conditions of Hire](/application-for-credit/terms-and-conditions/).\n\n${clausesToMarkdown(registrationTerms)}`,
  },
}

export type BuiltInPageName = keyof typeof BUILT_IN_PAGES

export function isBuiltInPage(name: string): name is BuiltInPageName {
  return Object.hasOwn(BUILT_IN_PAGES, name)
}
