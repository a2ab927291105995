import { formatSiteAddress, type Location, SITE } from '@signalway/shared'
import { useEffect, useRef, useState } from 'react'
import { MapPlaceholder } from './map-placeholder.tsx'
import { locationPhone, mapsEmbedUrl, mapsSearchUrl } from './maps.ts'

function LocationCard({ location, index }: { location: Location; index: number }) {
  const [showMap, setShowMap] = useState(false)
  const frameRef = useRef<HTMLIFrameElement>(null)
  const phone = locationPhone(location)
  const headingId = `location-${index + 1}`

  // The button that was focused is gone: focus moves to the map it inserted.
  useEffect(() => {
    if (showMap) frameRef.current?.focus()
  }, [showMap])

  return (
    <li className="location-card">
      <div className="location-card__map">
        {showMap ? (
          <iframe
            ref={frameRef}
            className="location-card__frame"
            src={mapsEmbedUrl(location)}
            title={`Map of ${location.label}`}
            width="400"
            height="240"
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : (
          <>
            <MapPlaceholder variant={index} />
            <button
              type="button"
              className="button button--primary location-card__load"
              onClick={() => setShowMap(true)}
            >
              Show map<span className="visually-hidden"> of {location.label}</span>
            </button>
          </>
        )}
      </div>
      <div className="location-card__body">
        <h3 className="location-card__title" id={headingId}>
          {location.label}
        </h3>
        <address className="location-card__address">{formatSiteAddress(location.address)}</address>
        <p className="location-card__phone">
          Phone: <a href={phone.href}>{phone.display}</a>
        </p>
        <p className="location-card__links">
          <a href={mapsSearchUrl(location)} target="_blank" rel="noopener noreferrer">
            Open in maps
            <span className="visually-hidden">: {location.label} (opens in a new tab)</span>
          </a>
        </p>
      </div>
    </li>
  )
}

/**
 * Our Locations on the Contact Us page (requirements §2): Laverton VIC, Molendinar QLD and Carrum
 * Downs VIC. No third-party map loads with the page: each card shows a drawn map with the
 * address, phone and an 'Open in maps' link, and inserts the Google Maps embed only when the
 * visitor presses 'Show map'.
 */
export function OurLocations() {
  return (
    <section className="section section--alt locations" aria-labelledby="our-locations">
      <div className="container">
        <h2 id="our-locations">Our Locations</h2>
        <p className="lead">
          {SITE.openingHours.long}. Call {SITE.phone.display} from anywhere, or visit one of our depots.
        </p>
        <ul className="location-grid">
          {SITE.locations.map((location, index) => (
            <LocationCard key={location.label} location={location} index={index} />
          ))}
        </ul>
        <p className="locations__note">
          Maps are provided by Google and load only when you choose to show them.
        </p>
      </div>
    </section>
  )
}
