import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { InlineHashes } from './csp.ts'

/*
 * The server's cache of public pages: a page rendered once is served to everyone, already
 * compressed, for as long as its Cache-Control lets a shared cache keep it (`s-maxage`), then
 * served stale while one request renders it again (`stale-while-revalidate`, RFC 5861).
 * The pieces here are pure; plugins/web.ts wires them to the renderer.
 */

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export type Encoding = 'br' | 'gzip' | 'identity'

export interface RenderedPage {
  status: number
  /** The renderer's headers, without Set-Cookie, Content-Length and Content-Encoding. */
  headers: Array<[string, string]>
  html: string
}

export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  /** Compressed forms are made only for pages that are kept; the others go out as rendered. */
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>
  /** A strong validator of the page's bytes (before compression). */
  etag: string
  /** This page's Content-Security-Policy: its inline scripts and styles by hash. */
  csp: string
  storedAt: number
  /** Until storedAt + freshMs the page is served as it is. */
  freshMs: number
  /** Then, until storedAt + freshMs + staleMs, served while it is rendered again. */
  staleMs: number
}

export interface SharedLifetime {
  freshSeconds: number
  staleSeconds: number
}

/**
 * How long a shared cache may keep a response, from its Cache-Control: `s-maxage` (required: a
 * page says it may be shared), then `stale-while-revalidate`. Undefined when it must not be shared.
 */
export function sharedLifetime(cacheControl: string | null | undefined): SharedLifetime | undefined {
  if (!cacheControl) return undefined
  const directives = new Map<string, string>()
  for (const part of cacheControl.toLowerCase().split(',')) {
    const [name = '', value = ''] = part.trim().split('=', 2)
    directives.set(name, value.replace(/^"|"$/g, ''))
  }
  if (['private', 'no-store', 'no-cache'].some((name) => directives.has(name))) return undefined
  const seconds = (name: string) => {
    const value = directives.get(name)
    return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined
  }
  const freshSeconds = seconds('s-maxage')
  if (freshSeconds === undefined || freshSeconds === 0) return undefined
  return { freshSeconds, staleSeconds: seconds('stale-while-revalidate') ?? 0 }
}

// The renderer (React) escapes `</script` and `</style` inside these elements, so the first closing
// tag ends the element. An inline script is one without a src attribute.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i

/** The CSP hash sources of every inline `<script>` and `<style>` of a document, each once. */
export function inlineHashes(html: string): InlineHashes {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  for (const [, attributes = '', content = ''] of html.matchAll(SCRIPT)) {
    if (!SRC_ATTRIBUTE.test(attributes)) scripts.add(sha256Source(content))
  }
  for (const [, content = ''] of html.matchAll(STYLE)) styles.add(sha256Source(content))
  return { scripts: [...scripts], styles: [...styles] }
}

function sha256Source(content: string): string {
  return `sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`
}

/** The encoding to answer with: Brotli, then gzip, among those the client accepts (q > 0). */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  const accepted = new Map<string, number>()
  for (const part of [acceptEncoding ?? ''].flat().join(',').toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim())
    if (coding === '') continue
    const q = parameters.find((parameter) => parameter.startsWith('q='))
    accepted.set(coding, q ? Number(q.slice(2)) || 0 : 1)
  }
  const weight = (coding: string) => accepted.get(coding) ?? accepted.get('*') ?? 0
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return 'identity'
}

/**
 * A page ready to serve, with its validator and policy; one to keep (`lifetime` given) is also
 * compressed both ways, once, off the event loop.
 */
export async function preparePage(
  page: RenderedPage,
  lifetime: SharedLifetime | undefined,
  policyOf: (hashes: InlineHashes) => string,
  now: number,
): Promise<CachedPage> {
  const identity = Buffer.from(page.html, 'utf8')
  const [br, gz] = await Promise.all(lifetime ? compressed(identity) : [])
  return {
    status: page.status,
    headers: page.headers,
    bodies: br && gz ? { identity, br, gzip: gz } : { identity },
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    csp: policyOf(inlineHashes(page.html)),
    storedAt: now,
    freshMs: (lifetime?.freshSeconds ?? 0) * 1000,
    staleMs: (lifetime?.staleSeconds ?? 0) * 1000,
  }
}

function compressed(identity: Buffer): [Promise<Buffer>, Promise<Buffer>] {
  return [
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzipAsync(identity, { level: 9 }),
  ]
}

/**
 * Least recently used pages are dropped first once `maxEntries` are kept. Each clear starts a new generation: a
 * page rendered from what the site held before it (its render began earlier) is not kept after it, or a save
 * that lands during a render would be hidden by the page rendered from the content it replaced.
 */
export class PageStore {
  readonly #pages = new Map<string, CachedPage>()
  readonly #maxEntries: number
  #generation = 0

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries
  }

  get size(): number {
    return this.#pages.size
  }

  get(key: string): CachedPage | undefined {
    const page = this.#pages.get(key)
    if (page) {
      this.#pages.delete(key)
      this.#pages.set(key, page)
    }
    return page
  }

  /** The generation now: take it before rendering a page, and give it back to `set`. */
  get generation(): number {
    return this.#generation
  }

  /** Keeps the page, unless it was rendered in an earlier generation than this one. */
  set(key: string, page: CachedPage, generation = this.#generation): void {
    if (generation !== this.#generation) return
    this.#pages.delete(key)
    this.#pages.set(key, page)
    while (this.#pages.size > this.#maxEntries) {
      const oldest = this.#pages.keys().next().value
      if (oldest === undefined) break
      this.#pages.delete(oldest)
    }
  }

  delete(key: string): void {
    this.#pages.delete(key)
  }

  clear(): void {
    this.#generation += 1
    this.#pages.clear()
  }
}

/** Fresh, stale (serve and render again) or expired (render now). */
export function freshness(page: CachedPage, now: number): 'fresh' | 'stale' | 'expired' {
  const age = now - page.storedAt
  if (age < page.freshMs) return 'fresh'
  return age < page.freshMs + page.staleMs ? 'stale' : 'expired'
}

/** True when If-None-Match names this page's validator (or `*`). */
export function matchesValidator(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
