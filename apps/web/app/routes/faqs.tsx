import { SITE } from '@signalway/shared'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { answerParts } from '../features/faqs/answer-links.ts'
import { SEARCH_PARAM } from '../features/faqs/faq-search-controller.ts'
import { faqStatus, filterFaqs, groupFaqs } from '../features/faqs/filter-faqs.ts'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { faqPageJsonLd } from '../lib/structured-data.ts'
import { faqCategories, faqs } from '../site-content/faqs.ts'
import type { Route } from './+types/faqs'

/**
 * Not hydrated (ADR 008): `features/faqs/faq-search-controller.ts` filters as you type; the
 * enhancement script covers the header.
 */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) => [
  ...routeMeta(args, {
    title: 'FAQs',
    description:
      'Answers to common questions about hiring traffic equipment from Signalway Traffic Hire: bookings, delivery, 24/7 support, credit accounts, licences and road works.',
    path: paths.faqs,
  }),
  { 'script:ld+json': faqPageJsonLd(faqs) },
]

/**
 * FAQ (SPEC.md §2) with a search box that filters the questions and answers as you type. The
 * search is a GET form, so `/faqs/?q=tolls` is filtered on the server too and works without
 * JavaScript; with it, the list and the URL follow every keystroke.
 */
export default function FaqsPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const [query, setQuery] = useState(() => searchParams.get(SEARCH_PARAM) ?? '')
  const inputId = useId()
  const statusId = useId()
  const matches = filterFaqs(faqs, query)

  const onChange = (value: string) => {
    setQuery(value)
    setSearchParams(value.trim() ? { [SEARCH_PARAM]: value } : {}, {
      replace: true,
      preventScrollReset: true,
    })
  }

  return (
    <>
      <PageHeader
        title="Frequently Asked Questions"
        lead="Answers to common questions about hiring our equipment. Search them, or call us at any hour."
      />
      <section className="section">
        <div className="container faq">
          <search className="faq-search">
            <form
              method="get"
              action={paths.faqs}
              className="faq-search__form"
              onSubmit={(event) => event.preventDefault()}
            >
              <label className="faq-search__label" htmlFor={inputId}>
                Search the questions
              </label>
              <div className="faq-search__row">
                <input
                  id={inputId}
                  className="faq-search__input"
                  type="search"
                  name={SEARCH_PARAM}
                  value={query}
                  onChange={(event) => onChange(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby={statusId}
                />
                <button type="submit" className="button button--primary">
                  Search
                </button>
              </div>
            </form>
            <p id={statusId} className="faq-search__status" role="status">
              {faqStatus(matches.length, faqs.length, query)}
            </p>
          </search>

          {matches.length === 0 ? (
            <div className="faq-empty">
              <p>
                Try fewer or different words, or ask us directly: call{' '}
                <a href={SITE.phone.href}>{SITE.phone.display}</a> or{' '}
                <Link to={paths.contactUs}>send us a message</Link>.
              </p>
            </div>
          ) : (
            groupFaqs(matches, faqCategories).map((group) => (
              <section className="faq-group" key={group.category}>
                <h2 className="faq-group__title">{group.category}</h2>
                <div className="faq-list">
                  {group.faqs.map((faq) => (
                    <article className="faq-item" key={faq.id} id={faq.id}>
                      <h3 className="faq-item__question">{faq.question}</h3>
                      <p className="faq-item__answer">
                        {answerParts(faq.answer).map((part, index) =>
                          typeof part === 'string' ? (
                            part
                          ) : (
                            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
                            <a key={index} href={part.href}>
                              {part.text}
                            </a>
                          ),
                        )}
                      </p>
                    </article>
                  ))}
                </div>
              </section>
            ))
          )}
        </div>
      </section>
    </>
  )
}
