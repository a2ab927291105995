import { SITE } from '@signalway/shared'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { PhoneIcon } from './icons.tsx'

/**
 * On phones and small tablets the phone number and Get a Quote stay in reach: a bar fixed to the
 * bottom of the screen (CSS only, so the static pages need no script for it). Only the reading pages
 * have it, by route (call-bar-routes.ts, ADR 037); those keep room for it at their end, scroll what is
 * focused clear of it, and their notifications sit above it, so it hides nothing.
 */
export function CallBar() {
  return (
    <nav className="call-bar" aria-label="Call or get a quote">
      <a className="call-bar__call" href={SITE.phone.href}>
        <PhoneIcon className="call-bar__icon" />
        <span>
          Call <span className="call-bar__number">{SITE.phone.display}</span>
        </span>
      </a>
      <Link className="call-bar__quote" to={paths.getAQuote}>
        Get a Quote
      </Link>
    </nav>
  )
}
