import { existsSync } from 'node:fs'
import { join, sep } from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { type Config, publicConfig } from '../config.ts'

export interface WebPluginOptions {
  config: Config
  /** The API base URL for the web app's server-side loaders; defaults to this server on loopback. */
  internalApiUrl?: string | undefined
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT_CACHE = 'public, max-age=3600'
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Serves the built web app on the same origin as the API: its static files, and every other
 * non-API path rendered by React Router. Registered last. Without a build the API runs alone.
 * Not wrapped in fastify-plugin: its catch-all body parser must stay out of the API's scope.
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { config, internalApiUrl }) => {
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

  const clientDir = join(config.webBuildDir, 'client')
  if (existsSync(clientDir)) {
    const assetsDir = join(clientDir, 'assets') + sep
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // Pages are rendered per request (each carries its own CSP nonce), never served as files.
      allowedPath: (path) => !path.endsWith('.html'),
      setHeaders: (reply, path) => {
        // Hashed file names under assets/ never change content.
        reply.header('cache-control', path.startsWith(assetsDir) ? IMMUTABLE : SHORT_CACHE)
      },
    })
  }

  // React Router parses action bodies itself: hand it the bytes, within the body limit.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.route({
    method: METHODS,
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound()
      const response = await handleRequest(toWebRequest(request, reply, config.siteUrl))
      return sendWebResponse(request, reply, response)
    },
  })
}

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')
}

function defaultInternalApiUrl(config: Config): string {
  const wildcard = config.host === '0.0.0.0' || config.host === '::' || config.host === ''
  const host = wildcard ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host
  return `http://${host}:${config.port}/api`
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, siteUrl: string): Request {
  // The configured site origin, not the Host header, so a forged Host cannot reach the app's URLs.
  const url = new URL(request.url, siteUrl)
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name.startsWith(':')) continue
    for (const item of [value].flat()) headers.append(name, item)
  }
  // The document's CSP nonce, for entry.server to put on its inline scripts; never the caller's.
  headers.delete('x-csp-nonce')
  headers.set('x-csp-nonce', request.cspNonce)

  const controller = new AbortController()
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })

  const init: RequestInit = { method: request.method, headers, signal: controller.signal }
  if (request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)) {
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
