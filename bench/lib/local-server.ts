/**
 * For the benchmark library's tests: a tiny HTTP server on 127.0.0.1, closed (its connections too) after each
 * test. Call at the top of a test file: `const serve = localServer()`, then `const url = await serve(handler)`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

export type Handler = (request: IncomingMessage, response: ServerResponse) => void

export function localServer(): (handler: Handler) => Promise<string> {
  let server: Server | undefined
  afterEach(async () => {
    const running = server
    server = undefined
    if (!running) return
    running.closeAllConnections()
    await new Promise((closed) => running.close(closed))
  })
  return async (handler) => {
    const started = createServer(handler)
    server = started
    await new Promise<void>((listening) => started.listen(0, '127.0.0.1', listening))
    return `http://127.0.0.1:${(started.address() as AddressInfo).port}`
  }
}
