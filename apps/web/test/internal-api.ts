import { RouterContextProvider } from 'react-router'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import { type InternalAnswer, type InternalApi, internalApiContext } from '../app/lib/internal-api.server.ts'

/**
 * The API as the server hands it to a render (apps/api/src/plugins/web.ts), answering reads from `answers` by
 * path (anything else is a 404, as the API answers), and recording what was read.
 */
export function fakeInternalApi(
  answers: Record<string, InternalAnswer | (() => Promise<InternalAnswer>)> = {},
) {
  const requested: string[] = []
  const api: InternalApi = {
    async get(path) {
      requested.push(path)
      const answer = answers[path]
      if (typeof answer === 'function') return answer()
      return answer ?? { status: 404, body: { Message: 'Not found.' } }
    },
    post: null,
  }
  return { api, requested }
}

/** A loader's router context, holding the API the server gave (or none). */
export function routerContext(api: InternalApi | null) {
  const context = new RouterContextProvider()
  context.set(internalApiContext, api)
  return context
}

/**
 * Fails the file's tests if anything is fetched over the network: a loader reads the API in-process through
 * its router context, never over loopback HTTP.
 */
export function forbidFetch() {
  const fetched = vi.fn((input: unknown) => Promise.reject(new Error(`fetched ${String(input)}`)))
  beforeEach(() => {
    vi.stubGlobal('fetch', fetched)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    expect(fetched, 'a loader fetched over HTTP').not.toHaveBeenCalled()
    fetched.mockClear()
  })
}
