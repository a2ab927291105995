import { attachMainNav } from '../components/layout/main-nav-controller.ts'
import { attachCarousel } from '../components/ui/carousel/carousel-controller.ts'
import { type CarouselVariant, VARIANT_BREAKPOINTS } from '../components/ui/carousel/carousel-logic.ts'
import { apiClient, configureApiClient } from '../lib/api-client.ts'
import { getAuthStorage } from '../lib/auth-storage.ts'
import { hydratesOnInteraction, SIGNED_IN_HINT_ATTRIBUTE } from '../lib/hydration-handover.ts'
import { rememberPage } from '../lib/last-page.ts'
import { paths } from '../lib/paths.ts'
import { enhanceAuth } from './auth.ts'
import { readEnhanceConfig } from './config.ts'
import { enhanceConsent } from './consent.ts'
import { startPrivateShell } from './private-shell-start.ts'

const VARIANTS = Object.keys(VARIANT_BREAKPOINTS) as CarouselVariant[]

/**
 * Everything interactive on a page that is not hydrated (ADR 008): the main navigation, the
 * carousels, the FAQ search, the header's sign-in state and the consent banner. The same controllers as the React
 * components attach to the server-rendered markup; links are ordinary links (full page loads).
 * On a page that hydrates on the first interaction, only what it needs until then (ADR 011).
 */
export function enhancePage(doc: Document): Promise<void> {
  const config = readEnhanceConfig(doc)
  if (doc.defaultView) dropSecretQuery(doc.defaultView)
  // A static page is shown: the login page may send the visitor back to it.
  if (doc.defaultView) rememberPage(doc.defaultView.location.pathname + doc.defaultView.location.search)
  configureApiClient({ baseUrl: config.apiBaseUrl, clientId: config.authClientId })

  // A page that hydrates on the first interaction: the app does the rest (ADR 011).
  if (hydratesOnInteraction(doc)) {
    // A stored sign-in starts the app at once (on-interaction.ts): what is shown only to a visitor signed out
    // waits for it, hidden, rather than flash.
    if (getAuthStorage().getTokens() !== null) doc.documentElement.setAttribute(SIGNED_IN_HINT_ATTRIBUTE, '')
    // A private page's profile and data are asked for now, while the code that shows them loads (ADR 030).
    const shellStart = startPrivateShell(doc, getAuthStorage(), apiClient)
    return import('./on-interaction.ts').then(({ hydrateOnInteraction }) => {
      hydrateOnInteraction(doc, config, getAuthStorage(), apiClient, shellStart)
    })
  }

  const nav = doc.querySelector<HTMLElement>('nav.main-nav')
  if (nav) attachMainNav(nav)

  for (const carousel of doc.querySelectorAll<HTMLElement>('.carousel')) {
    const variant = VARIANTS.find((name) => carousel.classList.contains(`carousel--${name}`))
    if (variant) attachCarousel(carousel, { breakpoints: VARIANT_BREAKPOINTS[variant] })
  }

  // The FAQ search (it reads the questions from the page): loaded on that page only.
  const faqSearch = doc.querySelector<HTMLElement>('search.faq-search')
  const faqs = faqSearch
    ? import('../features/faqs/faq-search-controller.ts').then(({ attachFaqSearch }) => {
        attachFaqSearch(faqSearch)
      })
    : Promise.resolve()

  enhanceConsent(doc, config.tagManagerId)

  // Navigation on a 403, a network failure or an expired session is a full page load here.
  return Promise.all([faqs, enhanceAuth(doc, getAuthStorage(), apiClient)]).then(() => undefined)
}

/**
 * A password reset link's token leaves the address bar (and so history, bookmarks and shared screens) as the
 * page loads, before anything records the address (ADR 027): replaced, not pushed, so going back does
 * not return to it. The page was rendered with the token, checked; the app takes it from there.
 */
export function dropSecretQuery(win: Window): void {
  const { pathname, search, hash } = win.location
  if (pathname !== paths.resetPassword || search === '') return
  win.history.replaceState(win.history.state, '', pathname + hash)
}
