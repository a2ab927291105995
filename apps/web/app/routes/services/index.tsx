import { Link } from 'react-router'
import { PageHeader } from '../../components/ui/page-header.tsx'
import { STATIC_PAGE } from '../../lib/hydration.ts'
import { routeMeta } from '../../lib/meta.ts'
import { paths } from '../../lib/paths.ts'
import { services } from '../../site-content/index.ts'
import type { Route } from './+types/index'

/** Not hydrated (ADR 008): static content; the enhancement script covers the header. */
export const handle = STATIC_PAGE

export const meta: Route.MetaFunction = (args) =>
  routeMeta(args, {
    title: 'Services',
    description:
      'Hire arrow boards, VMS boards, portable traffic lights, travel time boards, variable speed limit signs, truck mounted attenuators, highway trucks, traffic utes, VMS utes and Portaboom.',
    path: paths.services.index,
  })

/** Card grid of the 10 services, each linking to its own page. */
export default function ServicesIndexPage() {
  return (
    <>
      <PageHeader
        title="Our Services"
        lead="Arrow boards, VMS boards, portable traffic lights, truck mounted attenuators and more: delivered, set up and supported around the clock."
      />
      <section className="section">
        <div className="container">
          <ul className="card-grid">
            {services.map((service, index) => (
              <li key={service.slug} className="card">
                {/* The first card's image is the largest paint on a phone: fetched at once, the rest when near. */}
                <img
                  className="card__image"
                  src={service.image.src}
                  width={service.image.width}
                  height={service.image.height}
                  alt=""
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                />
                <div className="card__body">
                  <h2 className="card__title">
                    <Link className="card__link" to={paths.services.detail(service.slug)}>
                      {service.name}
                    </Link>
                  </h2>
                  <p className="card__text">{service.summary}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
