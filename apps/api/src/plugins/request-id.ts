import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import fp from 'fastify-plugin'

const VALID_REQUEST_ID = /^[\w.:-]{1,128}$/

/** Fastify's genReqId: a caller's (or the proxy's) x-request-id when sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  return typeof given === 'string' && VALID_REQUEST_ID.test(given) ? given : randomUUID()
}

export const requestIdPlugin = fp(
  async (app) => {
    // Callback hooks, here and in the other plugins every request passes: an async hook costs a promise
    // and its reactions on every request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id)
      done()
    })
  },
  { name: 'request-id' },
)
