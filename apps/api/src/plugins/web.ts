import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { type Config, publicConfig } from '../config.ts'
import type { InlineHashes } from '../lib/csp.ts'
import {
  type CachedPage,
  freshness,
  matchesValidator,
  negotiateEncoding,
  PageStore,
  preparePage,
  sharedLifetime,
} from '../lib/page-cache.ts'
import { loadAssets } from '../lib/static-assets.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's cache of public pages (absent without a web build or with PAGE_CACHE_ENTRIES=0). */
    pageCache?: { clear(): void; readonly size: number }
  }
}

export interface WebPluginOptions {
  config: Config
  /** The API base URL for the web app's server-side loaders; defaults to this server on loopback. */
  internalApiUrl?: string | undefined
  /** Where public pages are kept (see createPageStore); without one every page is rendered per request. */
  pageCache?: PageStore | undefined
}

/** The page cache the configuration asks for: none with PAGE_CACHE_ENTRIES=0 or in development. */
export function createPageStore(config: Config): PageStore | undefined {
  return config.pageCacheEntries > 0 && config.nodeEnv !== 'development'
    ? new PageStore(config.pageCacheEntries)
    : undefined
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT_CACHE = 'public, max-age=3600'
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']
/** The renderer's headers that do not belong in a stored page. */
const UNSTORED_HEADERS = new Set(['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'])
/** What a kept page is rendered again with: nothing of any visitor's request. */
const SHARED_RENDER_HEADERS = { accept: 'text/html', 'user-agent': 'signalway-page-cache' }

/**
 * Serves the built web app on the same origin as the API: its static files, and every other
 * non-API path rendered by React Router. Registered last. Without a build the API runs alone.
 * Not wrapped in fastify-plugin: its catch-all body parser must stay out of the API's scope.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (
  app,
  { config, internalApiUrl, pageCache: pages },
) => {
  const serverIndex = join(config.webBuildDir, 'server', 'index.js')
  if (!existsSync(serverIndex)) {
    app.log.warn({ serverIndex }, 'web build not found; serving the API only (build it with `npm run build`)')
    return
  }

  // The build reads these when it loads, so they are set first.
  process.env.INTERNAL_API_URL = internalApiUrl ?? defaultInternalApiUrl(config)
  process.env.PUBLIC_CONFIG_JSON = JSON.stringify(publicConfig(config))
  const build = (await import(pathToFileURL(serverIndex).href)) as ServerBuild
  const handleRequest = createRequestHandler(build, config.nodeEnv)
  const internalApiKey = (build.entry.module as { internalApiContext?: RouterContext<InternalApi | null> })
    .internalApiContext
  /**
   * What a page rendered for one visitor gets: the API, in-process, for this visitor (a form posted to a page, an
   * action; a reset link checked as its page renders, ADR 027). Pages kept for everyone are rendered without it.
   */
  const visitorContext = (request: FastifyRequest) => {
    if (!internalApiKey) return undefined
    const context = new RouterContextProvider()
    context.set(internalApiKey, internalApiFor(app, request))
    return context
  }

  const clientDir = join(config.webBuildDir, 'client')
  if (existsSync(clientDir)) {
    // Hashed file names under assets/ never change content: answered from memory, with the build's Brotli or
    // gzip copy, a validator and a year's cache (lib/static-assets.ts).
    const assets = loadAssets(join(clientDir, 'assets'))
    app.get('/assets/*', async (request, reply) => {
      const asset = assets.get((request.params as { '*': string })['*'])
      if (!asset) return reply.callNotFound()
      reply
        .header('cache-control', IMMUTABLE)
        .header('vary', 'accept-encoding')
        .header('etag', asset.etag)
        .type(asset.contentType)
      if (matchesValidator(request.headers['if-none-match'], asset.etag)) return reply.code(304).send()
      const wanted = negotiateEncoding(request.headers['accept-encoding'])
      const encoding = asset.bodies[wanted] ? wanted : 'identity'
      if (encoding !== 'identity') reply.header('content-encoding', encoding)
      return reply.send(asset.bodies[encoding])
    })

    // The other files (images, icons, robots.txt) from the disk, with the build's compressed copy if any.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      cacheControl: false,
      preCompressed: true,
      // Pages are rendered per request (each carries its own CSP nonce), never served as files; the compressed
      // copies are sent only in place of their file.
      allowedPath: (path) => !path.endsWith('.html') && !/\.(?:br|gz)$/.test(path),
      setHeaders: (reply) => {
        reply.header('cache-control', SHORT_CACHE)
      },
    })
  }

  // React Router parses action bodies itself: hand it the bytes, within the body limit.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  const refreshing = new Map<string, Promise<CachedPage>>()
  const firstRenders = new Map<string, Promise<{ page: CachedPage; cookies: string[] }>>()
  const policyOf = (hashes: InlineHashes) => app.documentPolicy({ hashes })

  /**
   * Renders a page without a nonce (its policy lists the hashes of its inline scripts and styles
   * instead) and keeps it when its Cache-Control lets a shared cache do so, as a CDN would.
   */
  const render = async (webRequest: Request, path: string, store: PageStore) => {
    const response = await handleRequest(webRequest)
    const html = await response.text()
    const cookies = response.headers.getSetCookie()
    const headers = [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name))
    const lifetime =
      response.status === 200 && cookies.length === 0
        ? sharedLifetime(response.headers.get('cache-control'))
        : undefined
    const page = await preparePage({ status: response.status, headers, html }, lifetime, policyOf, Date.now())
    if (lifetime) store.set(path, page)
    else store.delete(path)
    return { page, cookies }
  }

  /** Renders a kept page again, for nobody in particular; concurrent refreshes of one page are one. */
  const refresh = (path: string, store: PageStore): Promise<CachedPage> => {
    let pending = refreshing.get(path)
    if (!pending) {
      const webRequest = new Request(new URL(path, config.siteUrl), { headers: SHARED_RENDER_HEADERS })
      pending = render(webRequest, path, store)
        .then(({ page }) => page)
        .finally(() => refreshing.delete(path))
      refreshing.set(path, pending)
    }
    return pending
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply, store: PageStore) => {
    const path = request.url
    const kept = store.get(path)
    const state = kept && freshness(kept, Date.now())
    if (kept && state === 'fresh') return sendPage(request, reply, kept, 'hit')
    if (kept && state === 'stale') {
      refresh(path, store).catch((error: unknown) => request.log.error({ err: error }, 'page refresh failed'))
      return sendPage(request, reply, kept, 'stale')
    }
    if (kept) return sendPage(request, reply, await refresh(path, store), 'miss')

    // Not kept (yet). While one visitor's render is under way, others asking for the same page wait
    // for it and get it if it turns out shareable (as a CDN collapses requests); if not, each
    // renders their own.
    const first = firstRenders.get(path)
    if (first) {
      const shared = await first.then(({ page }) => page).catch(() => undefined)
      if (shared && shared.freshMs > 0) return sendPage(request, reply, shared, 'hit')
    }
    // This visitor's own render, stored if the page says it may be shared. HEAD is rendered as GET
    // so that what is stored has its body.
    const rendering = render(
      toWebRequest(request, reply, config.siteUrl, { method: 'GET', nonce: undefined }),
      path,
      store,
    )
    if (!first) {
      firstRenders.set(path, rendering)
      rendering.then(
        () => firstRenders.delete(path),
        () => firstRenders.delete(path),
      )
    }
    const { page, cookies } = await rendering
    if (cookies.length > 0) reply.header('set-cookie', cookies)
    return sendPage(request, reply, page, 'miss')
  }

  app.route({
    method: METHODS,
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound()
      if (pages && isSharedCandidate(request)) return servePage(request, reply, pages)
      const response = await handleRequest(
        toWebRequest(request, reply, config.siteUrl, { method: request.method, nonce: request.cspNonce }),
        visitorContext(request),
      )
      return sendWebResponse(request, reply, response)
    },
  })
}

/**
 * The API as the web app's actions call it (`apps/web/app/lib/internal-api.server.ts`): a request
 * handled in-process, with the visitor's address (so its rate limits and records are theirs) and
 * user agent, and nothing else of theirs.
 */
export interface InternalApi {
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>
}

function internalApiFor(app: FastifyInstance, request: FastifyRequest): InternalApi {
  return {
    async post(path, body) {
      const response = await app.inject({
        method: 'POST',
        url: `/api${path}`,
        remoteAddress: request.ip,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': request.headers['user-agent'] ?? '',
        },
        payload: JSON.stringify(body),
      })
      let parsed: unknown = null
      try {
        parsed = response.json()
      } catch {
        // Not JSON: the status says enough.
      }
      return { status: response.statusCode, body: parsed }
    },
  }
}

/**
 * A request the same for every visitor: a plain GET or HEAD of a page (its canonical path ends with a
 * slash; data requests and files do not) with no query string and no credentials. Whether its answer
 * is kept is the page's to say (Cache-Control, see apps/web/app/lib/cache-policy.ts).
 */
function isSharedCandidate(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.url.endsWith('/') &&
    !request.url.includes('?') &&
    request.headers.authorization === undefined
  )
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CachedPage,
  outcome: 'hit' | 'stale' | 'miss',
) {
  reply.code(page.status)
  for (const [name, value] of page.headers) reply.header(name, value)
  if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
    reply.header('content-security-policy', page.csp)
  }
  if (page.freshMs === 0) return reply.send(page.bodies.identity)

  reply.header('x-page-cache', outcome)
  reply.header('age', String(Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000))))
  reply.header('etag', page.etag)
  reply.header('vary', 'Accept-Encoding')
  if (matchesValidator(request.headers['if-none-match'], page.etag)) return reply.code(304).send()
  const encoding = negotiateEncoding(request.headers['accept-encoding'])
  const body = page.bodies[encoding] ?? page.bodies.identity
  if (encoding !== 'identity' && page.bodies[encoding]) reply.header('content-encoding', encoding)
  return reply.send(body)
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

function defaultInternalApiUrl(config: Config): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === ''
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}/api`
}

function toWebRequest(
  request: FastifyRequest,
  reply: FastifyReply,
  siteUrl: string,
  { method, nonce }: { method: string; nonce: string | undefined },
): Request {
  // The configured site origin, not the Host header, so a forged Host cannot reach the app's URLs.
  const url = new URL(request.url, siteUrl)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const item of [value].flat()) headers.append(name, item)
  }
  // The document's CSP nonce, for entry.server to put on its inline scripts; never the caller's.
  headers.delete('x-csp-nonce')
  if (nonce) headers.set('x-csp-nonce', nonce)

  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })

  const init: RequestInit = { method, headers, signal: controller.signal }
  if (method !== 'GET' && method !== 'HEAD' && Buffer.isBuffer(request.body)) {
    init.body = request.body
  }
  return new Request(url, init)
}

function sendWebResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
  reply.code(response.status)
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)

  if (!response.body || request.method === 'HEAD') return reply.send()
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream))
}
