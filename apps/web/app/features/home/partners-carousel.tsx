import { Carousel } from '../../components/ui/carousel/carousel.tsx'
import { PARTNER_BREAKPOINTS } from '../../components/ui/carousel/carousel-logic.ts'
import { partners } from '../../site-content/home.ts'
import type { Partner } from '../../site-content/types.ts'

/** A partner's logo, linking to their website unless `linked` is false (the playground's focusable slides). */
export function PartnerLogo({ partner, linked = true }: { partner: Partner; linked?: boolean }) {
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
      {partner.href && linked ? (
        <a href={partner.href} target="_blank" rel="noopener noreferrer" className="partner-logo__link">
          {logo}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        logo
      )}
    </figure>
  )
}

/**
 * Our Partners (requirements §2, Home): the 7 partner logos, each linking to the partner's website (in a
 * new tab, without giving it this page: noopener noreferrer). A partner without a website would
 * make its slide take the keyboard focus instead.
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
