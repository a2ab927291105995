import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import { FAULT_BODY_LIMIT } from '@signalway/shared/faults'
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  LightMyRequestResponse,
} from 'fastify'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import { type Config, publicConfig } from '../config.ts'
import { apiOriginOf, type InlineHashes, serviceWorkerCsp } from '../lib/csp.ts'
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
/**
 * Per address: posts of a unit's fault form (up to FAULT_BODY_LIMIT each), counted before the body is read, so that
 * a client cannot make the server take in 11 MB bodies without bound. Above the API's own limit on reports (5 in 10
 * minutes, which the form shows as its error), so a person never meets this one; scaled by RATE_LIMIT_FACTOR.
 */
export const FAULT_PAGE_POST_RATE_LIMIT = { max: 10, timeWindow: 10 * 60_000 }
/** What a kept page is rendered again with: nothing of any visitor's request. */
const SHARED_RENDER_HEADERS = { accept: 'text/html', 'user-agent': 'signalway-page-cache' }

type HandleRequest = ReturnType<typeof createRequestHandler>
/** The router context a render gets: the API in-process, for the visitor served or (null) for nobody. */
type RenderContext = (request: FastifyRequest | null) => RouterContextProvider | undefined

/**
 * Serves the built web app on the same origin as the API: its static files, and every other
 * non-API path rendered by React Router. Registered last. Without a build the API runs alone.
 * Not wrapped in fastify-plugin: its catch-all body parser must stay out of the API's scope.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { config, pageCache: pages }) => {
  const serverIndex = join(config.webBuildDir, 'server', 'index.js')
  if (!existsSync(serverIndex)) {
    app.log.warn({ serverIndex }, 'web build not found; serving the API only (build it with `npm run build`)')
    return
  }
  const build = await loadServerBuild(serverIndex, config)
  const handleRequest = createRequestHandler(build, config.nodeEnv)
  const contextFor = renderContext(app, build)

  const clientDir = join(config.webBuildDir, 'client')
  if (existsSync(clientDir))
    await serveClientFiles(app, clientDir, serviceWorkerCsp(apiOriginOf(config.apiBaseUrl)))

  // React Router parses action bodies itself: hand it the bytes, within the body limit.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  const servePage = pages && pageServer(app, config, handleRequest, contextFor, pages)
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound()
    if (servePage && isSharedCandidate(request)) return servePage(request, reply)
    const response = await handleRequest(
      toWebRequest(request, reply, config.siteUrl, { method: request.method, nonce: request.cspNonce }),
      contextFor(request),
    )
    return sendWebResponse(request, reply, response)
  }
  app.route({ method: METHODS, url: '/*', schema: { hide: true }, handler })
  // A unit's fault form carries a phone's photo (ADR 049): its page takes a larger body than the others, and a
  // limit of its own per address (checked on the request, before the body).
  app.route({
    method: 'POST',
    url: '/equipment/:fleetNumber/',
    bodyLimit: FAULT_BODY_LIMIT,
    config: { rateLimit: FAULT_PAGE_POST_RATE_LIMIT },
    schema: { hide: true },
    handler,
  })
}

/** The server build, loaded once the public configuration it reads as it loads is set. */
async function loadServerBuild(serverIndex: string, config: Config): Promise<ServerBuild> {
  process.env.PUBLIC_CONFIG_JSON = JSON.stringify(publicConfig(config))
  return (await import(pathToFileURL(serverIndex).href)) as ServerBuild
}

/**
 * What a render is handed under the build's own context key (`internalApiContext`; the build bundles its own
 * copy of React Router, so only its key is the one its loaders read): the API in-process. Every loader reads
 * through it, never over HTTP; a page rendered for one visitor can also act for them (a form posted to a page,
 * an action; a reset link checked as its page renders, ADR 027), a page kept for everyone acts for nobody.
 */
function renderContext(app: FastifyInstance, build: ServerBuild): RenderContext {
  const key = (build.entry.module as { internalApiContext?: RouterContext<InternalApi | null> })
    .internalApiContext
  return (request) => {
    if (!key) return undefined
    const context = new RouterContextProvider()
    context.set(key, internalApiFor(app, request))
    return context
  }
}

/**
 * The drivers' app's service worker (ADR 050): always checked for a newer copy, and run under its own policy. The
 * file sent may be the build's compressed copy of it.
 */
const SERVICE_WORKER_FILE = /[/\\]runs[/\\]sw\.js(?:\.br|\.gz)?$/

/** The build's client files: hashed assets from memory, the rest from the disk. */
async function serveClientFiles(app: FastifyInstance, clientDir: string, workerPolicy: string) {
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
    setHeaders: (reply, path) => {
      if (SERVICE_WORKER_FILE.test(path)) {
        reply.header('cache-control', 'no-cache')
        reply.header('content-security-policy', workerPolicy)
      } else reply.header('cache-control', SHORT_CACHE)
    },
  })
}

/**
 * Serves the pages the same for everyone from the page store: fresh ones as kept, stale ones while they are
 * rendered again, others rendered and kept when their Cache-Control lets a shared cache do so, as a CDN would.
 */
function pageServer(
  app: FastifyInstance,
  config: Config,
  handleRequest: HandleRequest,
  contextFor: RenderContext,
  store: PageStore,
) {
  const refreshing = new Map<string, Promise<CachedPage>>()
  const firstRenders = new Map<string, Promise<{ page: CachedPage; cookies: string[]; generation: number }>>()
  const policyOf = (hashes: InlineHashes) => app.documentPolicy({ hashes })

  /** Renders a page for nobody in particular, without a nonce (its policy lists its inline hashes), and keeps it if it may. */
  const render = async (webRequest: Request, path: string) => {
    const generation = store.generation
    const response = await handleRequest(webRequest, contextFor(null))
    const html = await response.text()
    const cookies = response.headers.getSetCookie()
    const headers = [...response.headers].filter(([name]) => !UNSTORED_HEADERS.has(name))
    const lifetime =
      response.status === 200 && cookies.length === 0
        ? sharedLifetime(response.headers.get('cache-control'))
        : undefined
    const page = await preparePage({ status: response.status, headers, html }, lifetime, policyOf, Date.now())
    if (lifetime) store.set(path, page, generation)
    else store.delete(path)
    return { page, cookies, generation }
  }

  /** Renders a kept page again; concurrent refreshes of one page are one. */
  const refresh = (path: string): Promise<CachedPage> => {
    let pending = refreshing.get(path)
    if (!pending) {
      const webRequest = new Request(new URL(path, config.siteUrl), { headers: SHARED_RENDER_HEADERS })
      pending = render(webRequest, path)
        .then(({ page }) => page)
        .finally(() => refreshing.delete(path))
      refreshing.set(path, pending)
    }
    return pending
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url
    const kept = store.get(path)
    const state = kept && freshness(kept, Date.now())
    if (kept && state === 'fresh') return sendPage(request, reply, kept, 'hit')
    if (kept && state === 'stale') {
      refresh(path).catch((error: unknown) => request.log.error({ err: error }, 'page refresh failed'))
      return sendPage(request, reply, kept, 'stale')
    }
    if (kept) return sendPage(request, reply, await refresh(path), 'miss')

    // Not kept (yet). While one visitor's render is under way, others asking for the same page wait
    // for it and get it if it turns out shareable (as a CDN collapses requests); if not, each
    // renders their own.
    const first = firstRenders.get(path)
    if (first) {
      const shared = await first.catch(() => undefined)
      // Rendered before the content changed: this visitor gets a render of their own.
      if (shared && shared.page.freshMs > 0 && shared.generation === store.generation) {
        return sendPage(request, reply, shared.page, 'hit')
      }
    }
    // This visitor's own render, stored if the page says it may be shared. HEAD is rendered as GET
    // so that what is stored has its body.
    const rendering = render(
      toWebRequest(request, reply, config.siteUrl, { method: 'GET', nonce: undefined }),
      path,
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
}

/**
 * The API as the web app's loaders and actions call it (`apps/web/app/lib/internal-api.server.ts`): requests
 * handled in-process by `app.inject`, never over the network. The body is the answer's JSON, null when it is not
 * JSON (the status says enough).
 */
export interface InternalApi {
  get(path: string): Promise<InternalAnswer>
  post: ((path: string, body: unknown) => Promise<InternalAnswer>) | null
}

interface InternalAnswer {
  status: number
  body: unknown
}

/**
 * Reads are public and the same for every visitor: nothing of theirs (no cookie, no authorization, no address),
 * and not compressed, which in-process would only queue the answer behind other work in Node's thread pool.
 * A call for a visitor carries their address (so the API's rate limits and records are theirs) and user agent,
 * and nothing else of theirs; there is none for a page kept for everyone.
 */
function internalApiFor(app: FastifyInstance, request: FastifyRequest | null): InternalApi {
  return {
    async get(path) {
      const response = await app.inject({
        method: 'GET',
        url: `/api${path}`,
        headers: { accept: 'application/json', 'accept-encoding': 'identity' },
      })
      return answerOf(response)
    },
    post: request
      ? async (path, body) => {
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
          return answerOf(response)
        }
      : null,
  }
}

function answerOf(response: LightMyRequestResponse): InternalAnswer {
  let body: unknown = null
  try {
    body = response.json()
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.statusCode, body }
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
