import { faqStatus, filterFaqs, type Searchable } from './filter-faqs.ts'

/**
 * The FAQ search on the page that is not hydrated (ADR 008): the list, the status line and the URL
 * (`?q=`, replaced, so Back leaves the page) follow every keystroke, as `routes/faqs.tsx` renders them on
 * the server for `/faqs/?q=`. The questions are read from the page itself (staff keep them in the back
 * office): every question is there, those that do not match `hidden`, so this script only shows
 * and hides (`faq-search.test.tsx` compares the result with the server's). Without this script the search
 * is a GET form answered by the server.
 */

export const SEARCH_PARAM = 'q'

interface Item extends Searchable {
  element: HTMLElement
  group: HTMLElement
}

/** The questions on the page after the search box, with their category's section. */
function readItems(container: ParentNode): Item[] {
  return [...container.querySelectorAll<HTMLElement>('.faq-group')].flatMap((group) => {
    const category = group.querySelector('.faq-group__title')?.textContent ?? ''
    return [...group.querySelectorAll<HTMLElement>('.faq-item')].map((element) => ({
      element,
      group,
      category,
      question: element.querySelector('.faq-item__question')?.textContent ?? '',
      text: element.querySelector('.faq-item__answer')?.textContent ?? '',
    }))
  })
}

/** Shows the questions matching `query` and their categories, or the empty state; answers how many match. */
function showMatches(items: readonly Item[], empty: HTMLElement | null, query: string): number {
  const matches = new Set(filterFaqs(items, query))
  for (const item of items) item.element.hidden = !matches.has(item)
  for (const group of new Set(items.map((item) => item.group))) {
    group.hidden = !items.some((item) => item.group === group && matches.has(item))
  }
  if (empty) empty.hidden = matches.size > 0
  return matches.size
}

/** Filters as the visitor types in the search box inside `search` (the page's `<search>` element). */
export function attachFaqSearch(search: HTMLElement): () => void {
  const doc = search.ownerDocument
  const win = doc.defaultView
  const form = search.querySelector('form')
  const input = search.querySelector<HTMLInputElement>('input[type="search"]')
  const status = search.querySelector<HTMLElement>('[role="status"]')
  const container = search.parentElement
  if (!win || !form || !input || !status || !container) return () => {}
  const items = readItems(container)
  const empty = container.querySelector<HTMLElement>('.faq-empty')

  let shown = new URL(win.location.href).searchParams.get(SEARCH_PARAM) ?? ''
  const update = () => {
    const query = input.value
    if (query === shown) return
    shown = query
    status.textContent = faqStatus(showMatches(items, empty, query), items.length, query)
    const url = new URL(win.location.href)
    url.search = query.trim() ? new URLSearchParams({ [SEARCH_PARAM]: query }).toString() : ''
    win.history.replaceState(win.history.state, '', url)
  }
  const onSubmit = (event: Event) => {
    event.preventDefault()
    update()
  }

  input.addEventListener('input', update)
  form.addEventListener('submit', onSubmit)
  // Typed before this script arrived.
  update()
  return () => {
    input.removeEventListener('input', update)
    form.removeEventListener('submit', onSubmit)
  }
}
