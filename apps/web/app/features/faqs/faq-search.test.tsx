// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import FaqsPage from '../../routes/faqs.tsx'
import { faqs } from '../../site-content/faqs.ts'
import { attachFaqSearch, faqResults } from './faq-search-controller.ts'

/** The server's FAQ page for `url`, as the document body. */
function loadServerPage(url: string) {
  document.body.innerHTML = renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <FaqsPage />
    </MemoryRouter>,
  )
  window.history.replaceState(null, '', url)
  return document.querySelector('search.faq-search') as HTMLElement
}

/** The results after the search box, without React's text separators and router attributes. */
function resultsAfter(search: Element): Element {
  const box = document.createElement('div')
  let node = search.nextSibling
  while (node) {
    box.append(node.cloneNode(true))
    node = node.nextSibling
  }
  for (const element of box.querySelectorAll('[data-discover]')) element.removeAttribute('data-discover')
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_COMMENT)
  const comments: Node[] = []
  while (walker.nextNode()) comments.push(walker.currentNode)
  for (const comment of comments) comment.parentNode?.removeChild(comment)
  box.normalize()
  return box
}

afterEach(() => {
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('FAQ search without hydration', () => {
  it.each(['', 'tolls', 'licence', 'deliver 24', 'qwertyuiop'])(
    'builds what the server renders for ?q=%s',
    (query) => {
      const search = loadServerPage(`/faqs/${query ? `?q=${encodeURIComponent(query)}` : ''}`)
      const built = document.createElement('div')
      built.append(...faqResults(document, query))
      built.normalize()
      const rendered = resultsAfter(search)
      expect(built.isEqualNode(rendered), `${built.innerHTML}\n!=\n${rendered.innerHTML}`).toBe(true)
    },
  )

  it('filters as you type, says how many match, keeps ?q= in step, and empties back to all', () => {
    const search = loadServerPage('/faqs/')
    attachFaqSearch(search)
    const input = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement
    const status = screen.getByRole('status')
    expect(status.textContent).toBe(`Showing all ${faqs.length} questions.`)

    fireEvent.input(input, { target: { value: 'tolls' } })
    const matching = document.querySelectorAll('.faq-item').length
    expect(matching).toBeGreaterThan(0)
    expect(matching).toBeLessThan(faqs.length)
    expect(status.textContent).toBe(`${matching} of ${faqs.length} questions match “tolls”.`)
    expect(window.location.pathname + window.location.search).toBe('/faqs/?q=tolls')

    fireEvent.input(input, { target: { value: 'qwertyuiop' } })
    expect(document.querySelectorAll('.faq-item')).toHaveLength(0)
    expect(screen.getByRole('link', { name: 'send us a message' }).getAttribute('href')).toBe('/contact-us/')

    fireEvent.input(input, { target: { value: '' } })
    expect(document.querySelectorAll('.faq-item')).toHaveLength(faqs.length)
    expect(window.location.search).toBe('')
  })

  it('a page loaded with ?q= gets every question back when the search changes; Enter stays on the page', () => {
    const search = loadServerPage('/faqs/?q=licence')
    const before = document.querySelectorAll('.faq-item').length
    attachFaqSearch(search)
    expect(document.querySelectorAll('.faq-item')).toHaveLength(before)
    const input = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement
    fireEvent.input(input, { target: { value: '' } })
    expect(document.querySelectorAll('.faq-item')).toHaveLength(faqs.length)
    const submit = new Event('submit', { cancelable: true })
    search.querySelector('form')?.dispatchEvent(submit)
    expect(submit.defaultPrevented).toBe(true)
  })

  it('applies what was typed before the script arrived', () => {
    const search = loadServerPage('/faqs/')
    const input = search.querySelector('input') as HTMLInputElement
    input.value = 'tolls'
    attachFaqSearch(search)
    expect(document.querySelectorAll('.faq-item').length).toBeLessThan(faqs.length)
  })
})
