/** What the search reads of a question: the question, its answer as text and its category. */
export interface Searchable {
  question: string
  text: string
  category: string
}

/** Lower case, accents removed, any run of spaces or punctuation as one space. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}%]+/gu, ' ')
    .trim()
}

/** The words of a search, normalised; empty for a blank search. */
export function searchTerms(query: string): string[] {
  const text = normalise(query)
  return text === '' ? [] : [...new Set(text.split(' '))]
}

/**
 * The questions that match a search: every word of the search appears in the question, the
 * answer or the category (in any order, as a prefix of a word or inside one). A blank search
 * matches everything. The order of `faqs` is kept.
 */
export function filterFaqs<T extends Searchable>(faqs: readonly T[], query: string): T[] {
  const terms = searchTerms(query)
  if (terms.length === 0) return [...faqs]
  return faqs.filter((faq) => {
    const haystack = ` ${normalise(`${faq.question} ${faq.text} ${faq.category}`)} `
    return terms.every((term) => haystack.includes(term))
  })
}

/** The polite status line under the search box. */
export function faqStatus(matches: number, total: number, query: string): string {
  const shown = query.trim()
  if (searchTerms(query).length === 0) return `Showing all ${total} questions.`
  if (matches === 0) return `No questions match “${shown}”.`
  return `${matches} of ${total} ${total === 1 ? 'question matches' : 'questions match'} “${shown}”.`
}
