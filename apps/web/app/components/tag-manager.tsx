import { useNonce } from '../lib/nonce.tsx'

const GTM_ID = /^GTM-[A-Z0-9]+$/

function validId(id: string | undefined): id is string {
  return typeof id === 'string' && GTM_ID.test(id)
}

/**
 * The Google Tag Manager loader (SPEC.md §1: started only if an identifier is configured).
 * Without an id nothing at all is rendered. The inline script carries the CSP nonce and
 * passes it on to the gtm.js script it inserts.
 */
export function TagManagerScript({ id }: { id: string | undefined }) {
  const nonce = useNonce()
  if (!validId(id)) return null
  const snippet =
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
  if (!validId(id)) return null
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
