import { formatSiteAddress, SITE, type SiteAddress } from '@signalway/shared'

/** Open 24 hours a day, 7 days a week, in schema.org terms. */
const ALWAYS_OPEN = {
  '@type': 'OpeningHoursSpecification',
  dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  opens: '00:00',
  closes: '23:59',
}

function postalAddress(address: SiteAddress) {
  return {
    '@type': 'PostalAddress',
    streetAddress: formatSiteAddress(address).split(',')[0],
    addressLocality: address.city,
    addressRegion: address.state,
    postalCode: address.postcode,
    addressCountry: 'AU',
  }
}

/** schema.org data of the business: the organisation and one LocalBusiness per office. */
export function organizationData(siteUrl: string) {
  const home = `${siteUrl}/`
  const organizationId = `${home}#organization`
  const offices = SITE.offices.map((office, index) => {
    const location = SITE.locations.find((candidate) => candidate.address === office.address)
    return {
      '@type': 'LocalBusiness',
      '@id': `${home}#office-${index + 1}`,
      name: `${SITE.name} (${office.name}, ${office.address.city} ${office.address.state})`,
      parentOrganization: { '@id': organizationId },
      url: home,
      image: `${siteUrl}/images/og-default.png`,
      telephone: office.phone?.display ?? SITE.phone.display,
      email: SITE.enquiriesEmail,
      address: postalAddress(office.address),
      ...(location
        ? { geo: { '@type': 'GeoCoordinates', latitude: location.lat, longitude: location.lng } }
        : {}),
      openingHoursSpecification: [ALWAYS_OPEN],
      areaServed: office.address.state === 'QLD' ? 'Queensland' : 'Victoria',
    }
  })
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: SITE.name,
        legalName: SITE.legalName,
        url: home,
        logo: `${siteUrl}/images/logo.svg`,
        telephone: SITE.phone.display,
        email: SITE.enquiriesEmail,
        contactPoint: {
          '@type': 'ContactPoint',
          telephone: SITE.phone.display,
          contactType: 'customer service',
          areaServed: 'AU',
          availableLanguage: 'en-AU',
          hoursAvailable: ALWAYS_OPEN,
        },
        location: offices.map((office) => ({ '@id': office['@id'] })),
      },
      ...offices,
    ],
  }
}

/** The business as JSON-LD for the document head: both offices, the phone and 24/7 opening hours. */
export function organizationJsonLd(siteUrl: string): string {
  return toJsonLd(organizationData(siteUrl))
}

/** BreadcrumbList of a page, e.g. Home > Services > Arrow Boards. */
export function breadcrumbJsonLd(siteUrl: string, trail: ReadonlyArray<{ name: string; path: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: `${siteUrl}${crumb.path}`,
    })),
  }
}

/** FAQPage of the questions shown on the FAQ page. */
export function faqPageJsonLd(faqs: ReadonlyArray<{ question: string; answer: string }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  }
}

/** JSON for a <script type="application/ld+json">: '<' escaped so it can never close the element. */
export function toJsonLd(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
