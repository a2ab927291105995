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
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id)
    })
  },
  { name: 'request-id' },
)
