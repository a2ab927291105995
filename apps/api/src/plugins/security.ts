import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isTokenPage } from '@signalway/shared/token-pages'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../config.ts'
import { API_CSP, apiOriginOf, type DocumentCspOptions, documentCsp } from '../lib/csp.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * This request's CSP nonce (16 random bytes, base64), for the inline scripts of an HTML response.
     * Made on first use: JSON responses never need one.
     */
    readonly cspNonce: string
  }
  interface FastifyInstance {
    /** The CSP of an HTML document whose inline scripts and styles are allowed by `inline`. */
    documentPolicy(inline: DocumentCspOptions['inline']): string
  }
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()'

/** Helmet's headers with our options; the CSP is set below, per response (it depends on the response). */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'deny' },
}

/**
 * The headers helmet sets with these options, worked out once: the same for every response, so
 * nothing needs building per request (@fastify/helmet built helmet's middleware again on every request).
 */
export function staticSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name]
    },
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined)
  headers['Permissions-Policy'] = PERMISSIONS_POLICY
  return headers
}

/** The path of a request's URL, without its query or fragment. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}

export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const tagManager = config.tagManagerId !== undefined
    const apiOrigin = apiOriginOf(config.apiBaseUrl)

    const nonces = new WeakMap<FastifyRequest, string>()
    app.decorateRequest('cspNonce', {
      getter(this: FastifyRequest) {
        let nonce = nonces.get(this)
        if (nonce === undefined) {
          nonce = randomBytes(16).toString('base64')
          nonces.set(this, nonce)
        }
        return nonce
      },
    })
    app.decorate('documentPolicy', (inline: DocumentCspOptions['inline']) =>
      documentCsp({ inline, tagManager, apiOrigin }),
    )

    const headers = staticSecurityHeaders()
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })

    // Registered at the root, this runs before the hooks of encapsulated plugins (the API docs),
    // which may then replace the policy.
    // A callback hook: every answer passes it, and an async one costs a promise each time.
    app.addHook('onSend', (request, reply, payload, done) => {
      // A token in the page's address must not travel on in a Referer header (ADR 032).
      if (isTokenPage(pathOf(request.url))) reply.header('referrer-policy', 'no-referrer')
      if (!reply.hasHeader('content-security-policy')) {
        const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
        reply.header(
          'content-security-policy',
          html ? app.documentPolicy({ nonce: request.cspNonce }) : API_CSP,
        )
      }
      done(null, payload)
    })
  },
  { name: 'security' },
)
