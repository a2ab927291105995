/** The sha256 sources ('sha256-…') of a document's inline scripts and styles. */
export interface InlineHashes {
  scripts: string[]
  styles: string[]
}

export interface DocumentCspOptions {
  /**
   * What allows the document's inline scripts and styles: this response's nonce, or, for a page
   * rendered once and served to everyone (the page cache), the hashes of exactly those elements.
   */
  inline: { nonce: string } | { hashes: InlineHashes }
  /** With Google Tag Manager, its script and the analytics endpoints are allowed. */
  tagManager: boolean
  /** The API origin when the web app calls an API on another host. */
  apiOrigin?: string | undefined
}

const GTM = 'https://www.googletagmanager.com'
const ANALYTICS = [
  'https://www.google-analytics.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
]

/**
 * The policy of HTML documents: scripts and styles only from this origin, or inline ones carrying
 * this response's nonce or having one of the listed hashes.
 */
export function documentCsp({ inline, tagManager, apiOrigin }: DocumentCspOptions): string {
  const gtm = (...sources: string[]) => (tagManager ? sources : [])
  const scripts = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.scripts.map(quoted)
  const styles = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.styles.map(quoted)
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scripts, ...gtm(GTM)],
    'style-src': ["'self'", ...styles],
    'img-src': ["'self'", 'data:', ...gtm(GTM, ...ANALYTICS)],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(apiOrigin ? [apiOrigin] : []), ...gtm(GTM, ...ANALYTICS)],
    // The contact page embeds maps of the three locations.
    'frame-src': ["'self'", 'https://www.google.com', ...gtm(GTM)],
    // The drivers' installable app (ADR 050): its service worker and manifest, from this origin only.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'object-src': ["'none'"],
  })
}

/** The API's origin when the web app calls an API on another host (API_BASE_URL is a URL); none for '/api'. */
export function apiOriginOf(apiBaseUrl: string): string | undefined {
  return /^https?:/.test(apiBaseUrl) ? new URL(apiBaseUrl).origin : undefined
}

/**
 * The policy a service worker runs under (the one its script is served with, ADR 050): it renders nothing and runs
 * no other script; it fetches the pages, files and API answers it keeps, from this origin and the API's.
 */
export function serviceWorkerCsp(apiOrigin?: string): string {
  return serialize({
    'default-src': ["'none'"],
    'connect-src': ["'self'", ...(apiOrigin ? [apiOrigin] : [])],
    'frame-ancestors': ["'none'"],
  })
}

/** JSON and other non-document responses render nothing and may be framed by no one. */
export const API_CSP = serialize({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] })

/** Swagger UI sets inline styles from its scripts; its scripts are all files of this origin. */
export const DOCS_CSP = serialize({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'object-src': ["'none'"],
})

function quoted(source: string): string {
  return `'${source}'`
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}
