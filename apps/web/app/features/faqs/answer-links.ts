import { paths } from '../../lib/paths.ts'

/** The pages an FAQ answer may name, linked where the answer names them (longest names first). */
const LINKED_PAGES: ReadonlyArray<{ text: string; href: string }> = [
  { text: 'Terms and Conditions of Hire', href: paths.applicationForCredit.terms },
  { text: 'Application for Credit', href: paths.applicationForCredit.index },
  { text: 'Get a Quote', href: paths.getAQuote },
]

export type AnswerPart = string | { text: string; href: string }

const PATTERN = new RegExp(
  LINKED_PAGES.map((page) => page.text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|'),
  'gu',
)

/**
 * An answer as text and links: every mention of Get a Quote, Application for Credit or Terms and
 * Conditions of Hire becomes a link to that page. Used by the FAQ page and by its search (which
 * renders the same answers without React), so both show the same links.
 */
export function answerParts(answer: string): AnswerPart[] {
  const parts: AnswerPart[] = []
  let last = 0
  for (const match of answer.matchAll(PATTERN)) {
    const index = match.index ?? 0
    if (index > last) parts.push(answer.slice(last, index))
    const page = LINKED_PAGES.find((candidate) => candidate.text === match[0])
    if (page) parts.push({ text: page.text, href: page.href })
    last = index + match[0].length
  }
  if (last < answer.length) parts.push(answer.slice(last))
  return parts
}
