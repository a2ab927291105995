import { useEffect, useState } from 'react'
import { useNonce } from '../lib/nonce.tsx'
import {
  CONSENT_BANNER_TEXT,
  CONSENT_STORAGE_KEY,
  type ConsentChoice,
  consentState,
  readConsent,
  saveConsent,
  validTagManagerId,
} from './consent.ts'

export type { ConsentChoice } from './consent.ts'
export { CONSENT_STORAGE_KEY, readConsent, saveConsent, validTagManagerId } from './consent.ts'

/**
 * The Google Tag Manager loader (requirements §1: started only if an identifier is configured).
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
    <section className="consent-banner" aria-label={CONSENT_BANNER_TEXT.label}>
      <p className="consent-banner__text">{CONSENT_BANNER_TEXT.question}</p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--accent" onClick={() => decide('granted')}>
          {CONSENT_BANNER_TEXT.accept}
        </button>
        <button type="button" className="button button--outline-light" onClick={() => decide('denied')}>
          {CONSENT_BANNER_TEXT.decline}
        </button>
      </div>
    </section>
  )
}
