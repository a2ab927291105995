/**
 * Table search (requirements §9): whole words match; a quoted word must match exactly; the last typed
 * word (unquoted, not followed by a space) matches as a prefix. Every term must match; case is
 * ignored; words are runs of letters and digits.
 */

export type SearchTerm = { word: string; prefix: boolean }

const WORD = /[\p{L}\p{N}]+/gu

/** The lower-cased words of a text, as the search sees them (a server's search index uses these). */
export function searchWords(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? []
}
const words = searchWords

/** The terms of a search text. */
export function parseSearch(query: string): SearchTerm[] {
  const terms: SearchTerm[] = []
  const pattern = /"([^"]*)"?|([^\s"]+)/gu
  let match: RegExpExecArray | null = pattern.exec(query)
  let last: { quoted: boolean; end: number } | null = null
  while (match !== null) {
    const quoted = match[1] !== undefined
    for (const word of words(match[1] ?? match[2] ?? '')) terms.push({ word, prefix: false })
    last = { quoted, end: match.index + match[0].length }
    match = pattern.exec(query)
  }
  const lastTerm = terms.at(-1)
  if (lastTerm && last && !last.quoted && last.end === query.length) lastTerm.prefix = true
  return terms
}

/** A predicate telling whether a text matches the search; an empty search matches everything. */
export function createSearchMatcher(query: string): (text: string) => boolean {
  const terms = parseSearch(query)
  if (terms.length === 0) return () => true
  return (text) => {
    const haystack = words(text)
    return terms.every((term) =>
      haystack.some((word) => (term.prefix ? word.startsWith(term.word) : word === term.word)),
    )
  }
}
