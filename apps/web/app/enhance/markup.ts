import { CONSENT_BANNER_TEXT, type ConsentChoice } from '../components/consent.ts'
import type { UserProfile } from '../lib/auth-storage.ts'
import { element } from '../lib/dom.ts'
import { isAdmin } from '../lib/is-admin.ts'
import { paths } from '../lib/paths.ts'

/**
 * The few elements a page that is not hydrated adds after load, built with the DOM. Each is the
 * markup its React component renders (`markup.test.tsx` compares them), so a visitor sees the same
 * header, overlay and banner whether the page hydrated or not.
 */

/**
 * The header's account slot, as `components/layout/auth-links.tsx` renders it: Login when signed out;
 * signed in, the profile link with the first name, Admin for administrators, and Logout.
 */
export function authSlot(
  doc: Document,
  session: { status: 'signedIn' | 'signedOut'; profile: UserProfile | null },
): HTMLSpanElement {
  const button = (href: string, text: string) =>
    element(doc, 'a', { class: 'button button--outline-light button--sm', href }, text)
  if (session.status === 'signedOut')
    return element(doc, 'span', { class: 'auth-slot' }, button(paths.login, 'Login'))
  const { profile } = session
  const firstName = profile?.firstName.trim() || 'Your account'
  const account = element(
    doc,
    'a',
    { class: 'topbar__account', href: paths.myAccount },
    element(doc, 'span', { class: 'visually-hidden' }, 'Your account, '),
    element(doc, 'span', { class: 'topbar__account-name' }, firstName),
  )
  const links = [account]
  if (isAdmin(profile)) links.push(button(paths.admin.index, 'Admin'))
  links.push(button(paths.logout, 'Logout'))
  return element(doc, 'span', { class: 'auth-slot auth-slot--signed-in' }, ...links)
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
