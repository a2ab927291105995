import { useEffect, useState } from 'react'
import { useNonce } from '../lib/nonce.tsx'

const GTM_ID = /^GTM-[A-Z0-9]+$/

/** Where the visitor's cookie choice is kept ('granted' or 'denied'). */
export const CONSENT_STORAGE_KEY = 'signalway:consent'

export type ConsentChoice = 'granted' | 'denied'

const CONSENT_TYPES = ['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage'] as const

function consentState(choice: ConsentChoice) {
  return Object.fromEntries(CONSENT_TYPES.map((type) => [type, choice]))
}

export function validTagManagerId(id: string | null | undefined): id is string {
  return typeof id === 'string' && GTM_ID.test(id)
}

/**
 * The Google Tag Manager loader (SPEC.md §1: started only if an identifier is configured).
 * Without an id nothing at all is rendered. Consent Mode v2: every storage type defaults to
 * 'denied' before GTM loads, and a choice the visitor made earlier (the consent banner) is applied
 * at once. The inline script carries the CSP nonce and passes it on to the gtm.js it inserts.
 */
export function TagManagerScript({ id }: { id: string | undefined }) {
  const nonce = useNonce()
  if (!validTagManagerId(id)) return null
  const denied = JSON.stringify({ ...consentState('denied'), wait_for_update: 500 })
  const granted = JSON.stringify(consentState('granted'))
  const snippet =
    'window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}' +
    `gtag('consent','default',${denied});` +
    `try{if(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})==='granted')gtag('consent','update',${granted})}catch(e){}` +
    "(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':new Date().getTime(),event:'gtm.js'});" +
    "var f=d.getElementsByTagName(s)[0],j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;" +
    "j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;var n=d.querySelector('script[nonce]');" +
    "if(n){j.setAttribute('nonce',n.nonce||n.getAttribute('nonce'))}f.parentNode.insertBefore(j,f);" +
    `})(window,document,'script','dataLayer',${JSON.stringify(id)});`
  // biome-ignore lint/security/noDangerouslySetInnerHtml: fixed GTM snippet; the id is validated against /^GTM-[A-Z0-9]+$/
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: snippet }} />
}

/** The no-script fallback, placed first in <body>; nothing without an id. */
export function TagManagerNoScript({ id }: { id: string | undefined }) {
  if (!validTagManagerId(id)) return null
  return (
    <noscript>
      <iframe
        className="gtm-frame"
        title="Google Tag Manager"
        src={`https://www.googletagmanager.com/ns.html?id=${encodeURIComponent(id)}`}
        height="0"
        width="0"
      />
    </noscript>
  )
}

export function readConsent(storage: Pick<Storage, 'getItem'> | undefined): ConsentChoice | null {
  try {
    const value = storage?.getItem(CONSENT_STORAGE_KEY)
    return value === 'granted' || value === 'denied' ? value : null
  } catch {
    return null
  }
}

type Gtag = (...args: unknown[]) => void

/** Stores the choice and tells Consent Mode about it. */
export function saveConsent(
  choice: ConsentChoice,
  target: { localStorage?: Storage; gtag?: Gtag } = window as never,
) {
  try {
    target.localStorage?.setItem(CONSENT_STORAGE_KEY, choice)
  } catch {
    // Private mode: the choice holds for this page only.
  }
  target.gtag?.('consent', 'update', consentState(choice))
}

/**
 * The cookie consent banner, shown only when a tag-manager id is configured and the visitor has
 * not chosen yet. Rendered after hydration (the choice lives in the browser), fixed at the bottom
 * so it shifts nothing.
 */
export function ConsentBanner({ tagManagerId }: { tagManagerId: string | undefined }) {
  const [choice, setChoice] = useState<ConsentChoice | null | 'unknown'>('unknown')
  useEffect(() => setChoice(readConsent(window.localStorage)), [])
  if (!validTagManagerId(tagManagerId) || choice !== null) return null
  const decide = (value: ConsentChoice) => {
    saveConsent(value)
    setChoice(value)
  }
  return (
    <section className="consent-banner" aria-label="Cookie consent">
      <p className="consent-banner__text">
        May we use analytics cookies to see how our website is used? Nothing is stored for analytics or
        advertising unless you accept.
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--accent" onClick={() => decide('granted')}>
          Accept analytics cookies
        </button>
        <button type="button" className="button button--outline-light" onClick={() => decide('denied')}>
          Decline
        </button>
      </div>
    </section>
  )
}
