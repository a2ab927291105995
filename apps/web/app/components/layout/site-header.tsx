import { SITE } from '@signalway/shared'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'
import { AuthLinks } from './auth-links.tsx'
import { Brand } from './brand.tsx'
import { PhoneIcon } from './icons.tsx'
import { MainNav } from './main-nav.tsx'

/** Fixed-height header (requirements §1): phone, Contact Us, Get a Quote, Login/Logout, main navigation. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="topbar surface-dark">
        <div className="container topbar__inner">
          <a className="topbar__phone" href={SITE.phone.href}>
            <PhoneIcon className="topbar__phone-icon" />
            <span className="topbar__phone-label">Call us 24/7</span>
            <span>{SITE.phone.display}</span>
          </a>
          <div className="topbar__actions">
            <Link className="button button--outline-light button--sm topbar__contact" to={paths.contactUs}>
              Contact Us
            </Link>
            <Link className="button button--accent button--sm topbar__quote" to={paths.getAQuote}>
              Get a Quote
            </Link>
            <AuthLinks />
          </div>
        </div>
      </div>
      <div className="mainbar">
        <div className="container mainbar__inner">
          <Brand />
          <MainNav />
        </div>
      </div>
      <div className="hazard-stripe" aria-hidden="true" />
    </header>
  )
}
