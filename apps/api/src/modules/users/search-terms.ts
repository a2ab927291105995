/**
 * The user table's search on the server (requirements §9: whole words, a quoted word exact, the last
 * typed word a prefix), with the words of @signalway/shared/search so that it matches exactly what
 * the table would match in the browser.
 *
 * Every distinct word of a listed user's first name, last name, email and mobile (as stored, and
 * as the mask shows it: '0412345678' and '0412 345 678') is a row of user_search_terms. A search
 * term is then an index range: `word = ?`, or for a prefix `word >= ? and word < ?`.
 *
 * Each row also carries `shared_prefix`: how many leading characters (code points) the word shares
 * with the user's previous word in code point order. A user's words starting with a prefix P are
 * consecutive in that order, so exactly one of them, the first, shares fewer than |P| characters
 * with its predecessor: `shared_prefix < |P|` picks one row per matching user, and counting or
 * paging a prefix needs no DISTINCT (docs/decisions/009-admin-user-search.md).
 */
import { formatMobile } from '@signalway/shared/fields'
import { parseSearch, searchWords } from '@signalway/shared/search'

export interface SearchableUser {
  first_name: string
  last_name: string
  email: string
  mobile: string
}

export interface SearchTermRow {
  word: string
  sharedPrefix: number
}

/** Code point order: SQLite's BINARY and PostgreSQL's "C" collation on UTF-8 text. */
export function compareCodePoints(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  const length = Math.min(left.length, right.length)
  for (let index = 0; index < length; index++) {
    const difference = (left[index]?.codePointAt(0) ?? 0) - (right[index]?.codePointAt(0) ?? 0)
    if (difference !== 0) return difference
  }
  return left.length - right.length
}

function sharedPrefixLength(a: string, b: string): number {
  const left = [...a]
  const right = [...b]
  let length = 0
  while (length < left.length && length < right.length && left[length] === right[length]) length++
  return length
}

/** A user's distinct words in code point order, each with its shared prefix length. */
export function userSearchTerms(user: SearchableUser): SearchTermRow[] {
  const text = `${user.first_name} ${user.last_name} ${user.email} ${user.mobile} ${formatMobile(user.mobile)}`
  const words = [...new Set(searchWords(text))].sort(compareCodePoints)
  return words.map((word, index) => ({
    word,
    sharedPrefix: index === 0 ? 0 : sharedPrefixLength(words[index - 1] as string, word),
  }))
}

/** A term of a search: an exact word, or a prefix as the range [from, to) of `length` characters. */
export type SearchCondition = { exact: string } | { from: string; to: string; length: number }

/** The conditions of a search text, each needed, without repeats; [] for an empty search. */
export function searchConditions(query: string): SearchCondition[] {
  const conditions = new Map<string, SearchCondition>()
  for (const term of parseSearch(query)) {
    const key = `${term.prefix ? 'p' : 'e'}:${term.word}`
    if (conditions.has(key)) continue
    conditions.set(
      key,
      term.prefix
        ? { from: term.word, to: nextPrefix(term.word), length: [...term.word].length }
        : { exact: term.word },
    )
  }
  return [...conditions.values()]
}

/**
 * The smallest string greater than every string starting with `prefix`, in code point order: the
 * last code point incremented (skipping the surrogate range).
 */
export function nextPrefix(prefix: string): string {
  const points = [...prefix]
  const last = points.pop()
  if (last === undefined) return '\u{10FFFF}'
  let code = (last.codePointAt(0) ?? 0) + 1
  if (code >= 0xd800 && code <= 0xdfff) code = 0xe000
  return points.join('') + String.fromCodePoint(code)
}
