import { SERVICES } from '@signalway/shared'
import { Link } from 'react-router'
import { Carousel } from '../../components/ui/carousel/carousel.tsx'
import { EQUIPMENT_BREAKPOINTS } from '../../components/ui/carousel/carousel-logic.ts'
import { paths } from '../../lib/paths.ts'

export interface EquipmentItem {
  slug: string
  name: string
  href: string
  /** The quote form with this service ticked. */
  quoteHref: string
  image: { src: string; width: number; height: number }
}

/**
 * The 10 services as carousel items. Built from the shared service list (names and slugs only),
 * so the home page does not ship the service pages' text to the browser.
 */
export const equipmentItems: EquipmentItem[] = SERVICES.map((service) => ({
  slug: service.slug,
  name: service.name,
  href: paths.services.detail(service.slug),
  quoteHref: paths.getAQuoteFor(service.slug),
  image: { src: `/images/services/${service.slug}.svg`, width: 480, height: 320 },
}))

/**
 * Specialist Hire (requirements §2, Home): image, name and link for each of the 10 equipment types, and a link to the
 * quote form with that service ticked.
 */
export function EquipmentCarousel({ labelledBy }: { labelledBy: string }) {
  return (
    <Carousel
      variant="equipment"
      items={equipmentItems}
      breakpoints={EQUIPMENT_BREAKPOINTS}
      itemKey={(item) => item.slug}
      labelledBy={labelledBy}
      renderItem={(item) => (
        <div className="equipment-card">
          <Link className="equipment-card__link" to={item.href}>
            {/* The name below is the link text; the illustration adds nothing for a screen reader. */}
            <img
              className="equipment-card__image"
              src={item.image.src}
              width={item.image.width}
              height={item.image.height}
              alt=""
              loading="lazy"
              decoding="async"
            />
            <span className="equipment-card__name">
              {item.name}
              <span className="equipment-card__arrow" aria-hidden="true">
                →
              </span>
            </span>
          </Link>
          <Link className="equipment-card__quote" to={item.quoteHref}>
            Get a quote<span className="visually-hidden"> for {item.name}</span>
          </Link>
        </div>
      )}
    />
  )
}
