import { SITE } from '@signalway/shared'

/**
 * The configuration the browser may see. It is read on the server from
 * `PUBLIC_CONFIG_JSON` (see `config.server.ts`) and handed to the client through
 * the root loader; nothing else from the server environment reaches the browser.
 */
export interface PublicConfig {
  /** Absolute origin of the public site, no trailing slash; used for canonical and Open Graph URLs. */
  siteUrl: string
  /** Base of every API call, '/api' when the API is served from the same origin. */
  apiBaseUrl: string
  /** Google Tag Manager container id; the tag-manager script is rendered only when set. */
  tagManagerId?: string
  /** Fixed client id sent with token calls. */
  authClientId: string
  siteName: string
}

/** The product name: the default document title and the suffix of every page title. */
export const PRODUCT_NAME: string = SITE.name

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  siteUrl: 'http://localhost:3000',
  apiBaseUrl: '/api',
  authClientId: 'web',
  siteName: PRODUCT_NAME,
}
