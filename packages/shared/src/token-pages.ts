/**
 * The addresses whose URL carries a secret token: the emailed links (password reset, email change confirm and
 * cancel, a staff member's invitation to set a password, an invitation to join a customer account, a saved credit application, a signer's link, the status page of an application sent for signing) and
 * the API's "download the PDF again" address. The one list behind everything that keeps those tokens secret:
 * such pages send no referrer and load no tag manager, the request log replaces their token with a marker, and
 * a sent email holding a link to one of them is emptied in the outbox. Plain code, no zod.
 */

export interface TokenPage {
  /** Lower case, with a trailing slash: the page's path, or for a 'segment' page the path its token follows. */
  readonly path: string
  /** Where the token is: the whole query string (`?t=...`), or the path segment after `path`. */
  readonly token: 'query' | 'segment'
}

export const TOKEN_PAGES: readonly TokenPage[] = [
  { path: '/reset-password/', token: 'query' },
  { path: '/confirm-email/', token: 'query' },
  { path: '/cancel-email-change/', token: 'query' },
  { path: '/accept-invitation/', token: 'query' },
  { path: '/join-account/', token: 'query' },
  { path: '/application-for-credit/resume/', token: 'segment' },
  { path: '/application-for-credit/sign/', token: 'segment' },
  { path: '/application-for-credit/status/', token: 'segment' },
  { path: '/api/apply-for-credit/pdf/', token: 'query' },
]

/**
 * A path as the server routes it: percent-decoded, runs of slashes made one (the server redirects '//x' to
 * '/x'), React Router's data suffix ('/x/_.data', '/x.data') taken off. Case is kept.
 */
export function routedPath(pathname: string): string {
  let path = pathname
  try {
    path = decodeURIComponent(path)
  } catch {
    // Not valid percent-encoding: compared as sent.
  }
  return path.replace(/[/\\]+/g, '/').replace(/(?:\/_)?\.data$/, '/')
}

/** The token page a path (without its query) is, if any. */
export function tokenPageOf(pathname: string): TokenPage | undefined {
  const routed = routedPath(pathname).toLowerCase()
  const path = routed.endsWith('/') ? routed : `${routed}/`
  return TOKEN_PAGES.find((page) =>
    page.token === 'query' ? path === page.path : path.startsWith(page.path),
  )
}

export function isTokenPage(pathname: string): boolean {
  return tokenPageOf(pathname) !== undefined
}

/**
 * What comes right before the token in a link to a token page ('/confirm-email/?', '/confirm-email?',
 * '/application-for-credit/sign/'), lower case: a text holding one of these followed by a character holds a
 * live link.
 */
export const TOKEN_LINK_MARKERS: readonly string[] = TOKEN_PAGES.flatMap((page) =>
  page.token === 'query' ? [`${page.path}?`, `${page.path.slice(0, -1)}?`] : [page.path],
)
