import { randomBytes } from 'node:crypto'
import helmet from '@fastify/helmet'
import { isTokenPage } from '@signalway/shared/constants'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { API_CSP, type DocumentCspOptions, documentCsp } from '../lib/csp.ts'

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

export const securityPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const tagManager = config.tagManagerId !== undefined
    const apiOrigin = /^https?:/.test(config.apiBaseUrl) ? new URL(config.apiBaseUrl).origin : undefined

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

    await app.register(helmet, {
      // Set below, per response: the policy depends on what the response is.
      contentSecurityPolicy: false,
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
    })

    // Registered at the root, this runs before the hooks of encapsulated plugins (the API docs),
    // which may then replace the policy.
    app.addHook('onSend', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY)
      // A token in the page's address must not travel on in a Referer header (issue 14).
      if (isTokenPage(new URL(request.url, 'http://x').pathname))
        reply.header('referrer-policy', 'no-referrer')
      if (reply.hasHeader('content-security-policy')) return
      const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html')
      reply.header(
        'content-security-policy',
        html ? app.documentPolicy({ nonce: request.cspNonce }) : API_CSP,
      )
    })
  },
  { name: 'security' },
)
