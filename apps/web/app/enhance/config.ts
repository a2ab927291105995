import type { PublicConfig } from '../lib/config.ts'

/**
 * The public configuration a page that is not hydrated needs, carried by its enhancement script's
 * own element as data attributes: the same for every page and every request, so a cached page
 * stays valid and the CSP needs no nonce or hash for it.
 */
export type EnhanceConfig = Pick<PublicConfig, 'apiBaseUrl' | 'authClientId' | 'tagManagerId'>

export const ENHANCE_SCRIPT_ID = 'enhance-script'

export function enhanceScriptDataset(config: EnhanceConfig): Record<`data-${string}`, string> {
  return {
    'data-api-base-url': config.apiBaseUrl,
    'data-auth-client-id': config.authClientId,
    ...(config.tagManagerId ? { 'data-tag-manager-id': config.tagManagerId } : {}),
  }
}

export function readEnhanceConfig(doc: Document): EnhanceConfig {
  const data = doc.getElementById(ENHANCE_SCRIPT_ID)?.dataset ?? {}
  return {
    apiBaseUrl: data.apiBaseUrl || '/api',
    authClientId: data.authClientId || 'web',
    ...(data.tagManagerId ? { tagManagerId: data.tagManagerId } : {}),
  }
}

/** Set on the script element of a page that hydrates on the first interaction (ADR 011). */
const HYDRATE_ATTRIBUTE = 'data-hydrate'
const ON_INTERACTION = 'on-interaction'

export function hydrateOnInteractionDataset(): Record<`data-${string}`, string> {
  return { [HYDRATE_ATTRIBUTE]: ON_INTERACTION }
}

/** Whether the document's enhancement script is that of a page that hydrates on the first interaction. */
export function hydratesOnInteraction(doc: Document): boolean {
  return doc.getElementById(ENHANCE_SCRIPT_ID)?.getAttribute(HYDRATE_ATTRIBUTE) === ON_INTERACTION
}
