import { CONSENT_BANNER_TEXT, type ConsentChoice } from '../components/consent.ts'
import { element } from '../lib/dom.ts'
import { paths } from '../lib/paths.ts'

/**
 * The few elements a page that is not hydrated adds after load, built with the DOM. Each is the
 * markup its React component renders (`markup.test.tsx` compares them), so a visitor sees the same
 * header, overlay and banner whether the page hydrated or not.
 */

/** The header's Login (signed out) or Logout (signed in) link: `components/layout/auth-links.tsx`. */
export function authLink(doc: Document, status: 'signedIn' | 'signedOut'): HTMLAnchorElement {
  const signedIn = status === 'signedIn'
  return element(
    doc,
    'a',
    { class: 'button button--outline-light button--sm', href: signedIn ? paths.logout : paths.login },
    signedIn ? 'Logout' : 'Login',
  )
}

/** The blocking overlay: `components/ui/blocking-overlay.tsx`. */
export function blockingOverlay(doc: Document, label: string): HTMLDivElement {
  return element(
    doc,
    'div',
    { class: 'blocking-overlay', role: 'status', 'aria-busy': 'true', 'aria-live': 'polite' },
    element(doc, 'span', { class: 'spinner', 'aria-hidden': 'true' }),
    element(doc, 'span', { class: 'blocking-overlay__label' }, label),
  )
}

/** The cookie consent banner: `ConsentBanner` of `components/tag-manager.tsx`. */
export function consentBanner(doc: Document, decide: (choice: ConsentChoice) => void): HTMLElement {
  const button = (className: string, text: string, choice: ConsentChoice) => {
    const node = element(doc, 'button', { type: 'button', class: className }, text)
    node.addEventListener('click', () => decide(choice))
    return node
  }
  return element(
    doc,
    'section',
    { class: 'consent-banner', 'aria-label': CONSENT_BANNER_TEXT.label },
    element(doc, 'p', { class: 'consent-banner__text' }, CONSENT_BANNER_TEXT.question),
    element(
      doc,
      'div',
      { class: 'consent-banner__actions' },
      button('button button--accent', CONSENT_BANNER_TEXT.accept, 'granted'),
      button('button button--outline-light', CONSENT_BANNER_TEXT.decline, 'denied'),
    ),
  )
}
