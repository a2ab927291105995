import { SITE } from '@signalway/shared'
import { element } from '../../lib/dom.ts'
import { paths } from '../../lib/paths.ts'
import { faqCategories, faqs } from '../../site-content/faqs.ts'
import { answerParts } from './answer-links.ts'
import { faqStatus, filterFaqs, groupFaqs } from './filter-faqs.ts'

/**
 * The FAQ search on the page that is not hydrated (ADR 008): the list, the status line and the URL
 * (`?q=`, replaced, so Back leaves the page) follow every keystroke, as `routes/faqs.tsx` renders
 * them on the server for `/faqs/?q=`. The markup built here is the route's (`faq-search.test.tsx`
 * compares them). Without this script the search is a GET form answered by the server.
 */

export const SEARCH_PARAM = 'q'

/** What follows the search box for `query`: the matching questions by category, or the empty state. */
export function faqResults(doc: Document, query: string): HTMLElement[] {
  const groups = groupFaqs(filterFaqs(faqs, query), faqCategories)
  if (groups.length === 0) {
    return [
      element(
        doc,
        'div',
        { class: 'faq-empty' },
        element(
          doc,
          'p',
          {},
          'Try fewer or different words, or ask us directly: call ',
          element(doc, 'a', { href: SITE.phone.href }, SITE.phone.display),
          ' or ',
          element(doc, 'a', { href: paths.contactUs }, 'send us a message'),
          '.',
        ),
      ),
    ]
  }
  return groups.map((group) =>
    element(
      doc,
      'section',
      { class: 'faq-group' },
      element(doc, 'h2', { class: 'faq-group__title' }, group.category),
      element(
        doc,
        'div',
        { class: 'faq-list' },
        ...group.faqs.map((faq) =>
          element(
            doc,
            'article',
            { class: 'faq-item', id: faq.id },
            element(doc, 'h3', { class: 'faq-item__question' }, faq.question),
            element(
              doc,
              'p',
              { class: 'faq-item__answer' },
              ...answerParts(faq.answer).map((part) =>
                typeof part === 'string' ? part : element(doc, 'a', { href: part.href }, part.text),
              ),
            ),
          ),
        ),
      ),
    ),
  )
}

/** Filters as the visitor types in the search box inside `search` (the page's `<search>` element). */
export function attachFaqSearch(search: HTMLElement): () => void {
  const doc = search.ownerDocument
  const win = doc.defaultView
  const form = search.querySelector('form')
  const input = search.querySelector<HTMLInputElement>('input[type="search"]')
  const status = search.querySelector<HTMLElement>('[role="status"]')
  if (!win || !form || !input || !status) return () => {}

  let shown = new URL(win.location.href).searchParams.get(SEARCH_PARAM) ?? ''
  const update = () => {
    const query = input.value
    if (query === shown) return
    shown = query
    const matches = filterFaqs(faqs, query)
    status.textContent = faqStatus(matches.length, faqs.length, query)
    // Everything after the search box is the result list.
    while (search.nextSibling) search.nextSibling.remove()
    search.after(...faqResults(doc, query))
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
