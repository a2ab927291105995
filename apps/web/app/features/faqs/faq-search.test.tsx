// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_FAQS } from '../../../test/faqs.ts'
import FaqsPage from '../../routes/faqs.tsx'
import { attachFaqSearch } from './faq-search-controller.ts'

/** The server's FAQ page for `url`. */
function serverPage(url: string): string {
  const props = { loaderData: { faqs: SAMPLE_FAQS } } as unknown as Parameters<typeof FaqsPage>[0]
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <FaqsPage {...props} />
    </MemoryRouter>,
  )
}

/** The server's FAQ page for `url`, as the document body; answers its `<search>` element. */
function loadServerPage(url: string) {
  document.body.innerHTML = serverPage(url)
  window.history.replaceState(null, '', url)
  return document.querySelector('search.faq-search') as HTMLElement
}

/** What follows the search box, without React's router attributes. */
function resultsAfter(search: Element): Element {
  const box = document.createElement('div')
  let node = search.nextSibling
  while (node) {
    box.append(node.cloneNode(true))
    node = node.nextSibling
  }
  for (const element of box.querySelectorAll('[data-discover]')) element.removeAttribute('data-discover')
  box.normalize()
  return box
}

const shown = () => document.querySelectorAll('.faq-item:not([hidden])')

afterEach(() => {
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('FAQ search without hydration', () => {
  it.each(['tolls', 'licence', 'credit online', 'qwertyuiop', ''])(
    'shows what the server renders for ?q=%s',
    (query) => {
      const search = loadServerPage('/faqs/?q=toll')
      attachFaqSearch(search)
      fireEvent.input(screen.getByRole('searchbox'), { target: { value: query } })
      const filtered = resultsAfter(search)

      const expected = document.createElement('div')
      expected.innerHTML = serverPage(`/faqs/${query ? `?q=${encodeURIComponent(query)}` : ''}`)
      const rendered = resultsAfter(expected.querySelector('search.faq-search') as Element)
      expect(filtered.isEqualNode(rendered), `${filtered.innerHTML}\n!=\n${rendered.innerHTML}`).toBe(true)
    },
  )

  it('filters as you type, says how many match, keeps ?q= in step, and empties back to all', () => {
    const search = loadServerPage('/faqs/')
    attachFaqSearch(search)
    const input = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement
    const status = screen.getByRole('status')
    expect(status.textContent).toBe(`Showing all ${SAMPLE_FAQS.length} questions.`)

    fireEvent.input(input, { target: { value: 'tolls' } })
    // The category's name matches too.
    expect([...shown()].map((item) => item.id)).toEqual(['tolls', 'toll-disputes'])
    expect(status.textContent).toBe(`2 of ${SAMPLE_FAQS.length} questions match “tolls”.`)
    expect(window.location.pathname + window.location.search).toBe('/faqs/?q=tolls')
    // Only the category with a match shows.
    expect([...document.querySelectorAll('.faq-group:not([hidden]) h2')].map((h) => h.textContent)).toEqual([
      'Tolls, damage and incidents',
    ])

    // The answer's text is searched, not its markup; its links stay.
    fireEvent.input(input, { target: { value: 'quote page' } })
    expect([...shown()].map((item) => item.id)).toEqual(['how-to-hire'])
    expect(screen.getByRole('link', { name: 'Get a Quote' }).getAttribute('href')).toBe('/get-a-quote/')

    fireEvent.input(input, { target: { value: 'qwertyuiop' } })
    expect(shown()).toHaveLength(0)
    expect(document.querySelector('.faq-empty')?.hasAttribute('hidden')).toBe(false)
    expect(screen.getByRole('link', { name: 'send us a message' }).getAttribute('href')).toBe('/contact-us/')

    fireEvent.input(input, { target: { value: '' } })
    expect(shown()).toHaveLength(SAMPLE_FAQS.length)
    expect(document.querySelector('.faq-empty')?.hasAttribute('hidden')).toBe(true)
    expect(window.location.search).toBe('')
  })

  it('a page loaded with ?q= gets every question back when the search changes; Enter stays on the page', () => {
    const search = loadServerPage('/faqs/?q=licence')
    expect(shown()).toHaveLength(1)
    attachFaqSearch(search)
    expect(shown()).toHaveLength(1)
    const input = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement
    fireEvent.input(input, { target: { value: '' } })
    expect(shown()).toHaveLength(SAMPLE_FAQS.length)
    const submit = new Event('submit', { cancelable: true })
    search.querySelector('form')?.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
  })

  it('applies what was typed before the script arrived', () => {
    const search = loadServerPage('/faqs/')
    const input = search.querySelector('input') as HTMLInputElement
    input.value = 'tolls'
    attachFaqSearch(search)
    expect(shown()).toHaveLength(2)
  })
})
