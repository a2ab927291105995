import { formatSiteAddress, SITE } from '@signalway/shared'

/** schema.org description of the business, rendered as JSON-LD in the document head. */
export function organizationJsonLd(siteUrl: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: SITE.name,
    legalName: SITE.legalName,
    url: `${siteUrl}/`,
    telephone: SITE.phone.display,
    email: SITE.enquiriesEmail,
    openingHours: 'Mo-Su 00:00-23:59',
    address: SITE.offices.map((office) => ({
      '@type': 'PostalAddress',
      streetAddress: formatSiteAddress(office.address).split(',')[0],
      addressLocality: office.address.city,
      addressRegion: office.address.state,
      postalCode: office.address.postcode,
      addressCountry: 'AU',
    })),
  }
  // '<' escaped so the JSON can never close the <script> element.
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
