import type { PublicConfig } from '../lib/config.ts'
import { ENHANCE_SCRIPT_ID } from '../lib/hydration-handover.ts'

/**
 * The public configuration a page that is not hydrated needs, carried by its enhancement script's
 * own element as data attributes: the same for every page and every request, so a cached page
 * stays valid and the CSP needs no nonce or hash for it.
 */
export type EnhanceConfig = Pick<PublicConfig, 'apiBaseUrl' | 'authClientId' | 'tagManagerId'>

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
