import { MESSAGES, SITE } from '@signalway/shared'
import { formatLongDate } from '@signalway/shared/business-time'
import { data, Link, redirect } from 'react-router'
import { PageHeader, SimplePage } from '../components/ui/page-header.tsx'
import { getNewsItem } from '../features/news/get-news.server.ts'
import { newsDescription, newsImage } from '../features/news/news.ts'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { configFromMatches, routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/news-item'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/**
 * One news item on its own page (/news/{slug}/), so that every item has a URL of its own for
 * search engines and the sitemap. An unknown slug answers 404 'Page Not Found'.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const item = await getNewsItem(context.get(internalApiContext), params.slug)
  if (!item) return data({ item: null }, { status: 404 })
  const { pathname, search } = new URL(request.url)
  const canonical = paths.newsItem(item.slug)
  // One URL per page: '/news/x' answers with a permanent redirect to '/news/x/'.
  if (pathname !== canonical && `${pathname}/` === canonical) throw redirect(`${canonical}${search}`, 301)
  return { item }
}

export const meta: Route.MetaFunction = (args) => {
  const item = args.loaderData?.item
  if (!item) {
    return routeMeta(args, {
      title: MESSAGES.pageNotFound,
      description: 'The page you are looking for cannot be found.',
      noIndex: true,
    })
  }
  const { siteUrl } = configFromMatches(args.matches)
  const image = newsImage(item)
  return [
    ...routeMeta(args, {
      title: item.title,
      description: newsDescription(item.text),
      path: paths.newsItem(item.slug),
      type: 'article',
    }),
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: item.title,
        datePublished: item.date,
        image: [`${siteUrl}${image.src}`],
        mainEntityOfPage: `${siteUrl}${paths.newsItem(item.slug)}`,
        publisher: { '@type': 'Organization', name: SITE.name, url: `${siteUrl}/` },
      },
    },
  ]
}

export default function NewsItemPage({ loaderData }: Route.ComponentProps) {
  const { item } = loaderData
  if (!item) {
    return (
      <SimplePage
        title={MESSAGES.pageNotFound}
        lead="Sorry, we cannot find the news item you are looking for."
      >
        <p>
          <Link className="button button--primary" to={paths.news}>
            See all news
          </Link>
        </p>
      </SimplePage>
    )
  }
  const image = newsImage(item)
  return (
    <>
      <PageHeader title={item.title} lead={<time dateTime={item.date}>{formatLongDate(item.date)}</time>} />
      <section className="section">
        <div className="container">
          <article className="news-article prose">
            <img
              className="news-article__image"
              src={image.src}
              width={image.width}
              height={image.height}
              alt={image.alt}
              srcSet={image.srcSet}
              sizes={image.srcSet ? '(min-width: 832px) 800px, 100vw' : undefined}
              fetchPriority="high"
            />
            <p className="lead">{item.text}</p>
            {item.html ? (
              // Rendered from Markdown by the API with raw HTML disabled: no script can be in it.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
              <div className="news-article__body" dangerouslySetInnerHTML={{ __html: item.html }} />
            ) : null}
            <p>
              <Link to={paths.news}>
                <span aria-hidden="true">← </span>All news
              </Link>
            </p>
          </article>
        </div>
      </section>
    </>
  )
}
