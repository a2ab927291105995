import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { RUNS_ANSWERS_CACHE } from '../app/features/runs/offline.ts'

/*
 * The runs service worker (public/runs/sw.js, ADR 050), run in a sandbox with a cache storage and a network of
 * its own: what it answers with coverage, without it, and on a weak signal.
 */

const SOURCE = readFileSync(join(import.meta.dirname, '..', 'public', 'runs', 'sw.js'), 'utf8')
const ORIGIN = 'https://signalway.example'

class FakeCache {
  readonly entries = new Map<string, Response>()
  private key(request: { url: string } | string, ignoreSearch = false) {
    const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN)
    if (ignoreSearch) url.search = ''
    return url.href
  }
  async match(request: { url: string } | string, options: { ignoreSearch?: boolean } = {}) {
    if (!options.ignoreSearch) return this.entries.get(this.key(request))?.clone()
    const wanted = this.key(request, true)
    for (const [key, response] of this.entries) if (this.key(key, true) === wanted) return response.clone()
    return undefined
  }
  async put(request: { url: string } | string, response: Response) {
    this.entries.set(this.key(request), response)
  }
  async delete(request: { url: string } | string) {
    return this.entries.delete(this.key(request))
  }
  async keys() {
    return [...this.entries.keys()].map((url) => new Request(url))
  }
}

function sandbox() {
  const stores = new Map<string, FakeCache>()
  const caches = {
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new FakeCache())
      return stores.get(name) as FakeCache
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  }
  const handlers = new Map<string, (event: unknown) => void>()
  const network = vi.fn<(request: { url: string } | string) => Promise<Response>>()
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  }
  runInNewContext(SOURCE, {
    self,
    caches,
    fetch: (request: { url: string } | string) => network(request),
    Response,
    Headers,
    Request,
    URL,
    // Looked up when called, so that a test's fake timers apply.
    setTimeout: (handler: () => void, ms: number) => setTimeout(handler, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  })

  /** What the worker answers a request with, or undefined when it lets the browser fetch it. */
  const request = async (url: string, init: RequestInit & { navigate?: boolean } = {}) => {
    const { navigate, ...rest } = init
    const real = new Request(new URL(url, ORIGIN), rest)
    // A navigation's request, as the browser hands it over (a Request's mode cannot be set to 'navigate').
    const fetchRequest = navigate
      ? { url: real.url, method: 'GET', mode: 'navigate', headers: real.headers }
      : real
    let answer: Promise<Response> | undefined
    handlers.get('fetch')?.({
      request: fetchRequest,
      respondWith: (promise: Promise<Response>) => (answer = promise),
    })
    return answer
  }
  const message = async (data: unknown) => {
    let work: Promise<unknown> = Promise.resolve()
    handlers.get('message')?.({ data, waitUntil: (promise: Promise<unknown>) => (work = promise) })
    await work
  }
  return { request, message, network, stores }
}

const json = (body: unknown, status = 200) =>
  Object.defineProperty(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
    'type',
    {
      value: 'basic',
    },
  )
const offline = () => Promise.reject(new TypeError('Failed to fetch'))

describe('the runs service worker', () => {
  let worker: ReturnType<typeof sandbox>
  beforeEach(() => {
    worker = sandbox()
  })

  it('answers the driver’s run from the network and keeps a copy that says when it was saved', async () => {
    worker.network.mockImplementation(async () => json({ stops: [1] }))
    const answer = await worker.request('/api/runs')
    expect(await answer?.json()).toEqual({ stops: [1] })
    expect(answer?.headers.get('x-runs-saved-at')).toBeNull()
    const kept = await worker.stores.get(RUNS_ANSWERS_CACHE)?.match(`${ORIGIN}/api/runs`)
    expect(kept?.headers.get('x-runs-saved-at')).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('without coverage answers the kept copy of the run, a stop and the profile', async () => {
    worker.network.mockImplementation(async () => json({ saved: true }))
    for (const path of ['/api/runs', '/api/runs/stops/31', '/api/v1/core/accounts/41/profile/settings'])
      await worker.request(path)
    worker.network.mockImplementation(offline)
    for (const path of ['/api/runs', '/api/runs/stops/31', '/api/v1/core/accounts/41/profile/settings']) {
      const answer = await worker.request(path)
      expect(await answer?.json(), path).toEqual({ saved: true })
      expect(answer?.headers.get('x-runs-saved-at'), path).toMatch(/^\d{4}-/)
    }
  })

  it('without coverage and nothing kept, fails as the network did', async () => {
    worker.network.mockImplementation(offline)
    await expect(worker.request('/api/runs/stops/99')).rejects.toThrow('Failed to fetch')
  })

  it('forgets a kept answer the server now refuses (403) or no longer has (404)', async () => {
    worker.network.mockImplementation(async () => json({ saved: true }))
    await worker.request('/api/runs/stops/31')
    worker.network.mockImplementation(async () => json({ Message: 'Stop not found.' }, 404))
    expect((await worker.request('/api/runs/stops/31'))?.status).toBe(404)
    worker.network.mockImplementation(offline)
    await expect(worker.request('/api/runs/stops/31')).rejects.toThrow()
  })

  it('on a weak signal answers the kept copy after a while', async () => {
    worker.network.mockImplementation(async () => json({ saved: true }))
    await worker.request('/api/runs')
    vi.useFakeTimers()
    try {
      worker.network.mockImplementation(() => new Promise(() => undefined))
      const answer = worker.request('/api/runs')
      await vi.advanceTimersByTimeAsync(6_000)
      expect(await (await answer)?.json()).toEqual({ saved: true })
    } finally {
      vi.useRealTimers()
    }
  })

  it('sends dockets and every other answer straight to the network', async () => {
    expect(await worker.request('/api/runs/dockets', { method: 'POST', body: '{}' })).toBeUndefined()
    expect(await worker.request('/api/admin/bookings')).toBeUndefined()
    expect(await worker.request('https://www.google.com/maps/search/')).toBeUndefined()
  })

  it('opens a runs page without coverage from the copy kept when it was last opened', async () => {
    const html = () =>
      Object.defineProperty(
        new Response('<h1>Your run</h1>', { headers: { 'content-type': 'text/html' } }),
        'type',
        {
          value: 'basic',
        },
      )
    worker.network.mockImplementation(async () => html())
    await worker.request('/runs/', { navigate: true })
    worker.network.mockImplementation(offline)
    expect(await (await worker.request('/runs/', { navigate: true }))?.text()).toBe('<h1>Your run</h1>')
    const notKept = await worker.request('/runs/77/', { navigate: true })
    expect(notKept?.status).toBe(503)
    expect(await notKept?.text()).toContain('This page is not saved on this phone.')
    expect(await worker.request('/my-account/', { navigate: true })).toBeUndefined()
  })

  it('keeps the app’s files once, and what the page lists for later', async () => {
    worker.network.mockImplementation(async () =>
      Object.defineProperty(new Response('export {}'), 'type', { value: 'basic' }),
    )
    await worker.message({
      type: 'save',
      urls: ['/assets/run-abc.js', '/runs/31/', 'https://elsewhere.example/x.js'],
    })
    expect(worker.network).toHaveBeenCalledTimes(2)
    await worker.request('/assets/run-abc.js')
    expect(worker.network).toHaveBeenCalledTimes(2)
    worker.network.mockImplementation(offline)
    expect((await worker.request('/runs/31/', { navigate: true }))?.status).toBe(200)
  })
})
