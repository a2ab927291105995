import { formatLongDate } from '@signalway/shared/business-time'
import { Link } from 'react-router'
import { PageHeader } from '../components/ui/page-header.tsx'
import { getNews } from '../features/news/get-news.server.ts'
import { newsImage } from '../features/news/news.ts'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import type { Route } from './+types/news'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await getNews(context.get(internalApiContext)) }
}

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'News',
    description:
      'The latest news from Signalway Traffic Hire: new equipment, projects and updates from our Victorian and Queensland teams.',
    path: paths.news,
  })

/** News (requirements §2): dated items, newest first, each with date, title, image and text. */
export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData
  return (
    <>
      <PageHeader
        title="News"
        lead="New equipment in the fleet, projects we have supported and changes to our service, from the depots in Victoria and Queensland."
      />
      <section className="section">
        <div className="container">
          {items.length === 0 ? (
            <p className="lead">There is no news yet. Please check back soon.</p>
          ) : (
            <ol className="news-list">
              {items.map((item, index) => {
                const image = newsImage(item)
                return (
                  <li key={item.id}>
                    <article className="news-item" aria-labelledby={`news-${item.slug}`}>
                      <img
                        className="news-item__image"
                        src={image.src}
                        width={image.width}
                        height={image.height}
                        alt={image.alt}
                        srcSet={image.srcSet}
                        sizes={image.srcSet ? '(min-width: 1024px) 400px, 100vw' : undefined}
                        // The first item is the largest paint; the others wait until they are near.
                        loading={index === 0 ? 'eager' : 'lazy'}
                        fetchPriority={index === 0 ? 'high' : undefined}
                        decoding="async"
                      />
                      <div className="news-item__body">
                        <p className="news-item__date">
                          <time dateTime={item.date}>{formatLongDate(item.date)}</time>
                        </p>
                        <h2 className="news-item__title" id={`news-${item.slug}`}>
                          <Link to={paths.newsItem(item.slug)}>{item.title}</Link>
                        </h2>
                        <p className="news-item__text">{item.text}</p>
                      </div>
                    </article>
                  </li>
                )
              })}
            </ol>
          )}
        </div>
      </section>
    </>
  )
}
