/**
 * The one site-configuration module of business details. Every detail is fictional:
 * the phone numbers are in the ranges the ACMA sets aside for fictitious use, the
 * domain is `.example` (RFC 2606) and the street addresses are invented.
 */
import type { StateCode } from './constants.ts'

export type PhoneNumber = {
  /** As shown, e.g. '1300 975 707'. */
  readonly display: string
  /** A `tel:` link target. */
  readonly href: string
}

export type SiteAddress = {
  readonly unitNumber?: string
  readonly streetNumber: string
  readonly streetName: string
  readonly city: string
  readonly state: StateCode
  readonly postcode: string
}

export type Office = {
  readonly name: string
  readonly address: SiteAddress
  readonly phone?: PhoneNumber
}

export type Location = {
  /** Short label, e.g. 'Laverton VIC'. */
  readonly label: string
  readonly address: SiteAddress
  readonly lat: number
  readonly lng: number
}

export type SiteConfig = {
  readonly name: string
  readonly legalName: string
  readonly abn: string
  readonly phone: PhoneNumber
  readonly enquiriesEmail: string
  readonly accountsEmail: string
  readonly oncallEmail: string
  readonly oncallEscalationEmail: string
  readonly openingHours: { readonly short: string; readonly long: string }
  readonly offices: readonly Office[]
  readonly locations: readonly Location[]
  /** The podcast's listening page (the About page's Listen Now button). */
  readonly podcastUrl: string
  /** The partners of the home page's carousel, each linking to its website. */
  readonly partners: readonly { readonly name: string; readonly slug: string; readonly url: string }[]
}

const laverton: SiteAddress = {
  streetNumber: '48',
  streetName: 'Signal Court',
  city: 'Laverton',
  state: 'VIC',
  postcode: '3028',
}
const molendinar: SiteAddress = {
  unitNumber: '3',
  streetNumber: '17',
  streetName: 'Beacon Place',
  city: 'Molendinar',
  state: 'QLD',
  postcode: '4214',
}
const carrumDowns: SiteAddress = {
  streetNumber: '22',
  streetName: 'Barrier Way',
  city: 'Carrum Downs',
  state: 'VIC',
  postcode: '3201',
}

export const SITE = {
  name: 'Signalway Traffic Hire',
  legalName: 'Signalway Traffic Hire Pty Ltd',
  /** Fictional, with a valid checksum (isValidAbn): the PDF and the guarantee print it. */
  abn: '98 765 432 122',
  phone: { display: '1300 975 707', href: 'tel:1300975707' },
  enquiriesEmail: 'enquiries@signalway.example',
  accountsEmail: 'accounts@signalway.example',
  /** Fault reports (ADR 049): the on-call technician, then the second contact when nobody acknowledges. */
  oncallEmail: 'oncall@signalway.example',
  oncallEscalationEmail: 'operations@signalway.example',
  openingHours: { short: '24/7', long: 'Open 24 hours a day, 7 days a week' },
  /** The two office addresses of the footer; the first is the head office. */
  offices: [
    {
      name: 'Head Office',
      address: laverton,
      phone: { display: '(03) 5550 4821', href: 'tel:+61355504821' },
    },
    {
      name: 'Queensland Office',
      address: molendinar,
      phone: { display: '(07) 5550 2716', href: 'tel:+61755502716' },
    },
  ],
  /** The three locations of the contact page, each with a map position. */
  locations: [
    { label: 'Laverton VIC', address: laverton, lat: -37.8626, lng: 144.7705 },
    { label: 'Molendinar QLD', address: molendinar, lat: -27.9742, lng: 153.3667 },
    { label: 'Carrum Downs VIC', address: carrumDowns, lat: -38.0983, lng: 145.1796 },
  ],
  // Fictional business: its podcast and partners live on reserved .example domains (RFC 2606).
  podcastUrl: 'https://podcast.signalway.example/on-site/',
  partners: [
    { name: 'Quorrin Civil Group', slug: 'quorrin-civil', url: 'https://www.quorrin-civil.example/' },
    {
      name: 'Marrowbay Utilities',
      slug: 'marrowbay-utilities',
      url: 'https://www.marrowbay-utilities.example/',
    },
    {
      name: 'Tenterly Constructions',
      slug: 'tenterly-constructions',
      url: 'https://www.tenterly-constructions.example/',
    },
    {
      name: 'Halcyra Traffic Management',
      slug: 'halcyra-traffic',
      url: 'https://www.halcyra-traffic.example/',
    },
    { name: 'Brindelle Events', slug: 'brindelle-events', url: 'https://www.brindelle-events.example/' },
    {
      name: 'Ostrova Earthworks',
      slug: 'ostrova-earthworks',
      url: 'https://www.ostrova-earthworks.example/',
    },
    {
      name: 'Pellinor Rail & Civil',
      slug: 'pellinor-rail-civil',
      url: 'https://www.pellinor-rail-civil.example/',
    },
  ],
} as const satisfies SiteConfig

/** '3/17 Beacon Place, Molendinar QLD 4214' */
export function formatSiteAddress(address: SiteAddress): string {
  const street = `${address.unitNumber ? `${address.unitNumber}/` : ''}${address.streetNumber} ${address.streetName}`
  return `${street}, ${address.city} ${address.state} ${address.postcode}`
}
