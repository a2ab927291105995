import { MESSAGES, SERVICES, SITE } from '@signalway/shared'
import { data, Link, redirect } from 'react-router'
import { PageHeader, SimplePage } from '../components/ui/page-header.tsx'
import { getEquipmentType } from '../features/fleet/get-fleet.server.ts'
import {
  minimumHire,
  PRICE_ON_APPLICATION,
  priceWithGst,
  productJsonLd,
  publicRates,
  typeDescription,
} from '../features/fleet/prices.ts'
import { typeImage } from '../features/fleet/type-image.ts'
import { STATIC_PAGE } from '../lib/hydration.ts'
import { internalApiContext } from '../lib/internal-api.server.ts'
import { configFromMatches, routeMeta } from '../lib/meta.ts'
import { paths } from '../lib/paths.ts'
import { breadcrumbJsonLd } from '../lib/structured-data.ts'
import { findService } from '../site-content/index.ts'
import type { ImageAsset } from '../site-content/types.ts'
import type { Route } from './+types/equipment-type'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

/**
 * One equipment type on its own page (/equipment-types/{slug}/), in the sitemap: its description, specifications
 * and rates (or "Price on application"), and the quote form for its service. An unknown slug answers 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const type = await getEquipmentType(context.get(internalApiContext), params.slug)
  if (!type) return data({ type: null }, { status: 404 })
  const { pathname, search } = new URL(request.url)
  const canonical = paths.equipmentType(type.slug)
  // One URL per page: '/equipment-types/x' answers with a permanent redirect to '/equipment-types/x/'.
  if (pathname !== canonical && `${pathname}/` === canonical) throw redirect(`${canonical}${search}`, 301)
  return { type }
}

function serviceName(slug: string): string {
  return SERVICES.find((service) => service.slug === slug)?.name ?? 'Equipment'
}

export const meta: Route.MetaFunction = (args) => {
  const type = args.loaderData?.type
  if (!type) {
    return routeMeta(args, {
      title: MESSAGES.pageNotFound,
      description: 'The page you are looking for cannot be found.',
      noIndex: true,
    })
  }
  const { siteUrl } = configFromMatches(args.matches)
  const path = paths.equipmentType(type.slug)
  const category = serviceName(type.serviceSlug)
  return [
    ...routeMeta(args, {
      title: type.name,
      description: typeDescription(type),
      path,
      ...(type.image ? { image: { src: type.image, width: 800, height: 450, alt: type.imageAlt } } : {}),
    }),
    { 'script:ld+json': productJsonLd(type, { siteUrl, path, category, sellerName: SITE.name }) },
    {
      'script:ld+json': breadcrumbJsonLd(siteUrl, [
        { name: 'Home', path: paths.home },
        { name: 'Services', path: paths.services.index },
        { name: category, path: paths.services.detail(type.serviceSlug) },
        { name: type.name, path },
      ]),
    },
  ]
}

export default function EquipmentTypePage({ loaderData }: Route.ComponentProps) {
  const { type } = loaderData
  if (!type) {
    return (
      <SimplePage
        title={MESSAGES.pageNotFound}
        lead="Sorry, we cannot find the equipment you are looking for."
      >
        <p>
          <Link className="button button--primary" to={paths.services.index}>
            See all services
          </Link>
        </p>
      </SimplePage>
    )
  }
  const service = findService(type.serviceSlug)
  const rates = publicRates(type)
  // Without its own image, a type shows its service's illustration (ADR 047).
  const image: (ImageAsset & { srcSet?: string | undefined }) | null =
    typeImage(type, 'large') ?? service?.image ?? null
  return (
    <>
      <PageHeader title={type.name} lead={type.description} />
      <section className="section">
        <div className="container service-detail">
          <div className="prose">
            <h2>Rates</h2>
            <dl className="equipment-specs equipment-rates">
              {rates ? (
                <>
                  <div>
                    <dt>Day rate</dt>
                    <dd>{priceWithGst(rates.day)}</dd>
                  </div>
                  <div>
                    <dt>Week rate</dt>
                    <dd>{priceWithGst(rates.week)}</dd>
                  </div>
                </>
              ) : (
                <div>
                  <dt>Price</dt>
                  <dd>{PRICE_ON_APPLICATION}</dd>
                </div>
              )}
              <div>
                <dt>Minimum hire</dt>
                <dd>{minimumHire(type.minimumDays)}</dd>
              </div>
            </dl>
            {type.specifications.length > 0 ? (
              <>
                <h2>Specifications</h2>
                <dl className="equipment-specs">
                  {type.specifications.map((spec) => (
                    <div key={spec.label}>
                      <dt>{spec.label}</dt>
                      <dd>{spec.value}</dd>
                    </div>
                  ))}
                </dl>
              </>
            ) : null}
            <p className="service-actions">
              <Link className="button button--accent" to={paths.getAQuoteFor(type.serviceSlug)}>
                Get a quote
              </Link>
              <Link className="button button--outline" to={paths.bookWith({ type: type.slug })}>
                Book online
              </Link>
            </p>
            {service ? (
              <p className="equipment-back">
                <Link to={paths.services.detail(service.slug)}>
                  <span aria-hidden="true">← </span>All {service.name}
                </Link>
              </p>
            ) : null}
          </div>
          {image ? (
            <img
              className="service-detail__image"
              src={image.src}
              width={image.width}
              height={image.height}
              alt={image.alt}
              srcSet={image.srcSet}
              sizes={image.srcSet ? '(min-width: 64rem) 24rem, min(26rem, 100vw)' : undefined}
              // The first thing a narrow screen shows and beside the title on a wide one: the largest paint.
              fetchPriority="high"
            />
          ) : null}
        </div>
      </section>
    </>
  )
}
