import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from './config.ts'

const TAG_MANAGER_ID = /^GTM-[A-Z0-9]+$/

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback
}

/**
 * Parses the public configuration the API process puts in `PUBLIC_CONFIG_JSON`.
 * Missing or malformed values fall back to the local defaults (tests, `react-router dev`);
 * a tag-manager id that is not a GTM container id is ignored, never rendered.
 */
export function parsePublicConfig(json: string | undefined): PublicConfig {
  let raw: Record<string, unknown> = {}
  if (json) {
    try {
      const parsed: unknown = JSON.parse(json)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        raw = parsed as Record<string, unknown>
    } catch {
      console.warn('PUBLIC_CONFIG_JSON is not valid JSON; using defaults.')
    }
  }
  const tagManagerId = typeof raw.tagManagerId === 'string' ? raw.tagManagerId.trim() : ''
  return {
    siteUrl: stringOr(raw.siteUrl, DEFAULT_PUBLIC_CONFIG.siteUrl).replace(/\/+$/, ''),
    apiBaseUrl: stringOr(raw.apiBaseUrl, DEFAULT_PUBLIC_CONFIG.apiBaseUrl).replace(/\/+$/, ''),
    authClientId: stringOr(raw.authClientId, DEFAULT_PUBLIC_CONFIG.authClientId),
    siteName: stringOr(raw.siteName, DEFAULT_PUBLIC_CONFIG.siteName),
    ...(TAG_MANAGER_ID.test(tagManagerId) ? { tagManagerId } : {}),
  }
}

export function getPublicConfig(): PublicConfig {
  return parsePublicConfig(process.env.PUBLIC_CONFIG_JSON)
}

/**
 * Headers of a loader's read over HTTP in Vite's dev server (see internal-api.server.ts). Loopback needs no
 * compression, which would only queue the answer behind other work in Node's thread pool.
 */
export const INTERNAL_API_HEADERS = { Accept: 'application/json', 'Accept-Encoding': 'identity' } as const

/**
 * Where loaders read the API in Vite's dev server, the API running apart (no trailing slash). The server hands
 * every render the API in-process instead (internal-api.server.ts), so nothing else reads it.
 */
export function getInternalApiUrl(): string {
  const configured = process.env.INTERNAL_API_URL
  if (configured) return configured.replace(/\/+$/, '')
  return `http://127.0.0.1:${process.env.PORT ?? '3000'}/api`
}
