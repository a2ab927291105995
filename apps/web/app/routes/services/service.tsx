import { Link, useLocation } from 'react-router'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { EquipmentTypeList } from '../../features/fleet/components/equipment-type-list.tsx'
import { getEquipmentTypes } from '../../features/fleet/get-fleet.server.ts'
import { STATIC_PAGE } from '../../lib/hydration.ts'
import { internalApiContext } from '../../lib/internal-api.server.ts'
import { configFromMatches, routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { breadcrumbJsonLd } from '../../lib/structured-data.ts'
import { findService } from '../../site-content/index.ts'
import type { Route } from './+types/service'

/** The service of a '/services/{slug}/' path; every such route is declared in routes.ts from SERVICES. */
export function serviceFromPath(pathname: string) {
  const slug = pathname.replace(/\/+$/, '').split('/').pop() ?? ''
  return findService(slug)
}

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/**
 * The service's equipment types, from the API in the same process. The page is worth showing without them: a
 * failed read (logged by the read) leaves the list out rather than failing the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const service = serviceFromPath(new URL(request.url).pathname)
  if (!service) return { types: [] }
  const types = await getEquipmentTypes(context.get(internalApiContext), service.slug).catch(() => [])
  return { types }
}

export const meta: Route.MetaFunction = (args) => {
  const service = serviceFromPath(args.location.pathname)
  if (!service)
    return routeMeta(args, { title: 'Services', description: 'Our services.', path: paths.services.index })
  const { siteUrl } = configFromMatches(args.matches)
  return [
    ...routeMeta(args, {
      title: service.title,
      description: service.metaDescription,
      path: paths.services.detail(service.slug),
    }),
    {
      'script:ld+json': breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: paths.home },
        { name: 'Services', path: paths.services.index },
        { name: service.name, path: paths.services.detail(service.slug) },
      ]),
    },
  ]
}

function List({ heading, items }: { heading: string; items: string[] }) {
  if (items.length === 0) return null
  return (
    <>
      <h2>{heading}</h2>
      <ul className="check-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  )
}

/** A static service page (requirements §2): description and feature lists, then the equipment to hire. */
export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation()
  const service = serviceFromPath(pathname)
  if (!service) return <PageHeader title="Services" />
  return (
    <>
      <PageHeader title={service.title} lead={service.summary} />
      <section className="section">
        <div className="container service-detail">
          <div className="prose">
            {service.intro.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <List heading="Features" items={service.features} />
            <List heading="Common uses" items={service.uses} />
            <List heading="Included with every hire" items={service.included} />
            <p className="service-actions">
              <Link className="button button--accent" to={paths.getAQuoteFor(service.slug)}>
                Get a Quote
              </Link>
              <Link className="button button--outline" to={paths.bookWith({ service: service.slug })}>
                Book online
              </Link>
            </p>
          </div>
          <img
            className="service-detail__image"
            src={service.image.src}
            width={service.image.width}
            height={service.image.height}
            alt={service.image.alt}
            fetchPriority="high"
          />
        </div>
      </section>
      <EquipmentTypeList types={loaderData.types} serviceSlug={service.slug} headingId="equipment-types" />
    </>
  )
}
