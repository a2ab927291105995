import { MESSAGES, SITE } from '@signalway/shared'
import { paths } from '../../lib/paths.ts'
import { StatusPage } from './status-page.tsx'

const USEFUL_LINKS = [
  { label: 'Our services', href: paths.services.index },
  { label: 'Get a Quote', href: paths.getAQuote },
  { label: 'Contact Us', href: paths.contactUs },
  { label: 'FAQs', href: paths.faqs },
] as const

/**
 * The one "Page Not Found" of the site: for /pages/error-404, an unknown address and a content page
 * that does not exist. Its first action reloads the site from the home page (requirements §2); plain links
 * (full page loads), so it works even where the app failed to start.
 */
export function NotFound() {
  return (
    <StatusPage
      code="404"
      title={MESSAGES.pageNotFound}
      actions={
        <a className="button button--primary" href={paths.home}>
          Reload the site
        </a>
      }
    >
      <p>Sorry, we cannot find the page you are looking for. It may have moved or no longer exist.</p>
      <p>These may help:</p>
      <ul className="not-found__links">
        {USEFUL_LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
      <p>
        Need equipment now? Call us 24/7 on <a href={SITE.phone.href}>{SITE.phone.display}</a>.
      </p>
    </StatusPage>
  )
}
