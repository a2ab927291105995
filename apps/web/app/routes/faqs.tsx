import { SITE } from '@signalway/shared'
import { groupByCategory } from '@signalway/shared/faqs'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { MarkdownHtml } from '../features/content-pages/markdown-html.tsx'
import { SEARCH_PARAM } from '../features/faqs/faq-search-controller.ts'
import { faqStatus, filterFaqs } from '../features/faqs/filter-faqs.ts'
import { getFaqs } from '../features/faqs/get-faqs.server.ts'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { faqPageJsonLd } from '../lib/structured-data.ts'
import type { Route } from './+types/faqs'

/**
 * Not hydrated (ADR 008): `features/faqs/faq-search-controller.ts` filters as you type; the
 * enhancement script covers the header.
 */
export const handle = STATIC_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  return { faqs: await getFaqs(context.get(internalApiContext)) }
}

export const meta: Route.MetaFunction = (args) => [
  ...routeMeta(args, {
    title: 'FAQs',
    description:
      'Answers to common questions about hiring traffic equipment from Signalway Traffic Hire: bookings, delivery, 24/7 support, credit accounts, licences and road works.',
    path: paths.faqs,
  }),
  {
    'script:ld+json': faqPageJsonLd(
      (args.loaderData?.faqs ?? []).map((faq) => ({ question: faq.question, answer: faq.text })),
    ),
  },
]

/**
 * FAQ (requirements §2), as staff keep it in the back office, with a search box that filters the
 * questions and answers as you type. The search is a GET form, so `/faqs/?q=tolls` is filtered on the server
 * too and works without JavaScript; with it, the list and the URL follow every keystroke. Every question is
 * on the page; those that do not match are `hidden`, so the search can bring them back without a request.
 */
export default function FaqsPage({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData
  const [searchParams, setSearchParams] = useSearchParams()
  const [query, setQuery] = useState(() => searchParams.get(SEARCH_PARAM) ?? '')
  const inputId = useId()
  const statusId = useId()
  const matches = new Set(filterFaqs(faqs, query))

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
              {faqStatus(matches.size, faqs.length, query)}
            </p>
          </search>

          {groupByCategory(faqs).map((group) => (
            <section
              className="faq-group"
              key={group.category}
              hidden={!group.faqs.some((faq) => matches.has(faq))}
            >
              <h2 className="faq-group__title">{group.category}</h2>
              <div className="faq-list">
                {group.faqs.map((faq) => (
                  <article className="faq-item" key={faq.id} id={faq.slug} hidden={!matches.has(faq)}>
                    <h3 className="faq-item__question">{faq.question}</h3>
                    <MarkdownHtml className="faq-item__answer" html={faq.html} />
                  </article>
                ))}
              </div>
            </section>
          ))}
          <div className="faq-empty" hidden={matches.size > 0}>
            <p>
              Try fewer or different words, or ask us directly: call{' '}
              <a href={SITE.phone.href}>{SITE.phone.display}</a> or{' '}
              <Link to={paths.contactUs}>send us a message</Link>.
            </p>
          </div>
        </div>
      </section>
    </>
  )
}
