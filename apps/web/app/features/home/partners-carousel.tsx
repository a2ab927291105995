import { Carousel } from '../../components/ui/carousel/carousel.tsx'
import { PARTNER_BREAKPOINTS } from '../../components/ui/carousel/carousel-logic.ts'
import { partners } from '../../site-content/home.ts'
import type { Partner } from '../../site-content/types.ts'

function PartnerLogo({ partner }: { partner: Partner }) {
  const logo = (
    <img
      src={partner.logo.src}
      width={partner.logo.width}
      height={partner.logo.height}
      alt={partner.name}
      loading="lazy"
      decoding="async"
    />
  )
  return (
    <figure className="partner-logo">
      {partner.href ? (
        <a href={partner.href} rel="noopener">
          {logo}
        </a>
      ) : (
        logo
      )}
    </figure>
  )
}

/**
 * Our Partners (SPEC.md §2, Home): the 7 partner logos. A logo links to the partner's website
 * when it has one; the fictional partners have none, so their slides take the keyboard focus.
 */
export function PartnersCarousel({ labelledBy }: { labelledBy: string }) {
  return (
    <Carousel
      variant="partners"
      items={partners}
      breakpoints={PARTNER_BREAKPOINTS}
      itemKey={(partner) => partner.name}
      labelledBy={labelledBy}
      focusableSlides={partners.some((partner) => !partner.href)}
      renderItem={(partner) => <PartnerLogo partner={partner} />}
    />
  )
}
