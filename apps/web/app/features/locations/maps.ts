import { formatSiteAddress, type Location, SITE } from '@signalway/shared'

/** Google Maps search link for an address (opens the maps app or site; no key, no script). */
export function mapsSearchUrl(location: Pick<Location, 'address'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${SITE.name}, ${formatSiteAddress(location.address)}`)}`
}

/** The keyless embed of the same place; frame-src of the document CSP allows https://www.google.com. */
export function mapsEmbedUrl(location: Pick<Location, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps?q=${location.lat},${location.lng}&z=15&output=embed`
}

/** The phone of a location: its office's number when it has an office, else the national number. */
export function locationPhone(location: Pick<Location, 'address'>) {
  const office = SITE.offices.find((candidate) => candidate.address === location.address)
  return office?.phone ?? SITE.phone
}
