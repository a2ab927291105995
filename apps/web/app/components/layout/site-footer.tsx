import { businessYear, formatSiteAddress, SITE } from '@signalway/shared'
import { Link } from 'react-router'
import { paths } from '../../lib/paths.ts'

const QUICK_LINKS = [
  { label: 'About', to: paths.about },
  { label: 'Services', to: paths.services.index },
  { label: 'News', to: paths.news },
  { label: 'FAQs', to: paths.faqs },
  { label: 'Contact Us', to: paths.contactUs },
  { label: 'Get a Quote', to: paths.getAQuote },
] as const

const CUSTOMER_LINKS = [
  { label: 'Application for Credit', to: paths.applicationForCredit.index },
  { label: 'Terms and Conditions of Hire', to: paths.applicationForCredit.terms },
  { label: 'Register', to: paths.register },
  { label: 'Update Profile', to: paths.updateProfile },
  { label: 'Privacy Policy', to: paths.privacyPolicy },
] as const

/** Footer (requirements §1): the two office addresses, phone, email and the Application for Credit link. */
export function SiteFooter() {
  return (
    <footer className="site-footer surface-dark">
      <div className="container">
        <div className="site-footer__grid">
          <section aria-labelledby="footer-contact">
            <h2 className="site-footer__heading" id="footer-contact">
              {SITE.name}
            </h2>
            <p className="site-footer__about">
              Traffic management equipment hire across Victoria and Queensland. {SITE.openingHours.long}.
            </p>
            <ul className="site-footer__list">
              <li>
                Phone: <a href={SITE.phone.href}>{SITE.phone.display}</a>
              </li>
              <li>
                Email: <a href={`mailto:${SITE.enquiriesEmail}`}>{SITE.enquiriesEmail}</a>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-offices">
            <h2 className="site-footer__heading" id="footer-offices">
              Our Offices
            </h2>
            {SITE.offices.map((office) => (
              <div className="site-footer__office" key={office.name}>
                <p className="site-footer__office-name">{office.name}</p>
                <address>
                  {formatSiteAddress(office.address)}
                  {office.phone ? (
                    <>
                      <br />
                      <a href={office.phone.href}>{office.phone.display}</a>
                    </>
                  ) : null}
                </address>
              </div>
            ))}
          </section>
          <nav aria-labelledby="footer-links">
            <h2 className="site-footer__heading" id="footer-links">
              Quick Links
            </h2>
            <ul className="site-footer__list">
              {QUICK_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-customers">
            <h2 className="site-footer__heading" id="footer-customers">
              Customers
            </h2>
            <ul className="site-footer__list">
              {CUSTOMER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="site-footer__bottom">
          <p>
            © {businessYear()} {SITE.legalName}
          </p>
          <p>{SITE.openingHours.long}</p>
        </div>
      </div>
    </footer>
  )
}
