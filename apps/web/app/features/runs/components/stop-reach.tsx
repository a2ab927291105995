import type { Stop } from '@signalway/shared/field-operations'
import { mapLink, telLink, unitsWords } from '../words.ts'

/**
 * How a driver reaches a stop and what it is about, the same on the run's card and on the stop's own page: the
 * address opening the phone's map app, the site contact with a tel: link, the notes and the units.
 */
export function StopReach({ stop, lineClassName }: { stop: Stop; lineClassName: string }) {
  return (
    <>
      <p className={lineClassName}>
        <a className="run-stop__link" href={mapLink(stop.siteAddress)}>
          {stop.siteAddress}
          <span className="visually-hidden"> (opens the map)</span>
        </a>
      </p>
      {stop.contactName || stop.contactPhone ? (
        <p className={lineClassName}>
          {stop.contactName}
          {stop.contactPhone ? (
            <a className="run-stop__link run-stop__phone" href={telLink(stop.contactPhone)}>
              <span className="visually-hidden">Call </span>
              {stop.contactPhone}
            </a>
          ) : null}
        </p>
      ) : null}
      {stop.notes ? <p className="run-stop__notes">{stop.notes}</p> : null}
      <p className="run-stop__units">{unitsWords(stop.units)}</p>
    </>
  )
}
