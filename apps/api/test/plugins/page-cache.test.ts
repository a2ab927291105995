import { existsSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_WEB_BUILD_DIR } from '../../src/lib/paths.ts'
import { bearer, createAdmin, tokenFor } from '../helpers/auth.ts'
import { buildTestApp } from '../helpers/build.ts'
import { freePort } from '../helpers/smtp.ts'

/*
 * The page cache with the real web build (apps/web/build, made by `npm run build`): public pages are
 * rendered once and served to everyone compressed, with a CSP listing their inline scripts' hashes;
 * pages for one visitor keep their nonce.
 */

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A request whose body comes back as sent (fetch would decompress it). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<RawResponse>((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

function scriptSources(csp: unknown): string[] {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
  return directive?.slice(1) ?? []
}

const realBuild = existsSync(join(DEFAULT_WEB_BUILD_DIR, 'server', 'index.js'))

async function startApp() {
  const port = await freePort()
  const { app } = await buildTestApp({
    env: { WEB_BUILD_DIR: DEFAULT_WEB_BUILD_DIR, PORT: String(port), NODE_ENV: 'production', DEMO: '1' },
  })
  await app.listen({ port, host: '127.0.0.1' })
  return { app, port }
}

afterEach(() => {
  vi.useRealTimers()
})

// In CI the build exists (npm test builds first); there a missing build fails instead of skipping.
describe.runIf(realBuild || process.env.CI === 'true')('the page cache (real web build)', () => {
  it('renders a public page once and serves it to everyone, compressed, with a validator', {
    timeout: 30_000,
  }, async () => {
    const { port } = await startApp()
    const first = await get(port, '/services/')
    expect(first.status).toBe(200)
    expect(first.headers['x-page-cache']).toBe('miss')
    expect(first.headers['cache-control']).toMatch(/\bpublic\b.*\bs-maxage=60\b/)

    const identity = await get(port, '/services/', { 'accept-encoding': 'identity' })
    expect(identity.headers['x-page-cache']).toBe('hit')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.headers.etag).toBe(first.headers.etag)
    expect(identity.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(identity.headers.age)).toBeGreaterThanOrEqual(0)
    const html = identity.body.toString('utf8')
    expect(html).toContain('<h1')

    const br = await get(port, '/services/', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(html)
    const gzip = await get(port, '/services/', { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(html)

    const revalidated = await get(port, '/services/', { 'if-none-match': String(first.headers.etag) })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)

    const head = await get(port, '/services/', {}, 'HEAD')
    expect([head.status, head.headers['x-page-cache'], head.body.length]).toEqual([200, 'hit', 0])
  })

  it('collapses concurrent first requests for a page into one render', { timeout: 30_000 }, async () => {
    const { port } = await startApp()
    const responses = await Promise.all(Array.from({ length: 12 }, () => get(port, '/faqs/')))
    const outcomes = responses.map((response) => response.headers['x-page-cache'])
    expect(outcomes.filter((outcome) => outcome === 'miss')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'hit')).toHaveLength(11)
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1)
  })

  it('allows exactly the inline scripts and styles of the page by hash: no nonce is shared', {
    timeout: 30_000,
  }, async () => {
    const { port } = await startApp()
    for (const path of ['/', '/faqs/', '/contact-us/']) {
      await get(port, path)
      const page = await get(port, path, { 'accept-encoding': 'identity' })
      expect(page.headers['x-page-cache'], path).toBe('hit')
      const html = page.body.toString('utf8')
      expect(html, path).not.toMatch(/\snonce=/)
      const sources = scriptSources(page.headers['content-security-policy'])
      expect(sources[0]).toBe("'self'")
      expect(sources.join(' ')).not.toMatch(/nonce|unsafe/)
      const inlineScripts = [...html.matchAll(/<script\b([^>]*)>/g)].filter(
        ([, attributes]) => !/\bsrc=/.test(attributes ?? ''),
      )
      expect(inlineScripts.length, path).toBeGreaterThan(0)
      expect(sources.filter((source) => source.startsWith("'sha256-")).length, path).toBeGreaterThan(0)
      expect(String(page.headers['content-security-policy'])).toMatch(/style-src 'self' 'sha256-/)
    }
  })

  it('keeps pages for one visitor out of the cache, with their own nonce', { timeout: 30_000 }, async () => {
    const { port } = await startApp()
    for (const path of ['/login/?return-url=%2Fprofile%2F', '/profile/', '/admin/users/', '/no-such-page/']) {
      await get(port, path)
      const page = await get(port, path, { 'accept-encoding': 'identity' })
      expect(page.headers['x-page-cache'], path).toBeUndefined()
      expect(String(page.headers['cache-control'] ?? ''), path).not.toMatch(/public|s-maxage/)
    }
    const personal = await get(port, '/login/?return-url=%2Fprofile%2F', { 'accept-encoding': 'identity' })
    const nonce = /'nonce-([^']+)'/.exec(String(personal.headers['content-security-policy']))?.[1]
    expect(nonce).toBeDefined()
    expect(personal.body.toString('utf8')).toContain(`nonce="${nonce}"`)
  })

  it('renders pages whose loaders read the API in-process (the app listens on no port); only the pages are kept', {
    timeout: 30_000,
  }, async () => {
    // PORT is free and nothing listens on it: a loader reading over loopback HTTP would answer 503.
    const { app } = await buildTestApp({
      env: {
        WEB_BUILD_DIR: DEFAULT_WEB_BUILD_DIR,
        PORT: String(await freePort()),
        NODE_ENV: 'production',
        DEMO: '1',
      },
    })
    const pages = {
      '/news/': 'Solar VMS fleet upgrade completed',
      '/news/solar-vms-fleet-upgrade/': 'A row of solar-powered VMS boards in the depot yard',
      '/faqs/': 'How do I hire equipment?',
    }
    for (const [path, shown] of Object.entries(pages)) {
      const headers = { 'accept-encoding': 'identity' }
      const first = await app.inject({ method: 'GET', url: path, headers })
      expect([first.statusCode, first.headers['x-page-cache']], path).toEqual([200, 'miss'])
      expect(first.body, path).toContain(shown)
      const kept = await app.inject({ method: 'GET', url: path, headers })
      expect([kept.statusCode, kept.headers['x-page-cache']], path).toEqual([200, 'hit'])
    }
    // The loaders' reads (/api/news, /api/news/:slug, /api/faqs) are answers of the API, never kept as pages.
    expect(app.pageCache?.size).toBe(Object.keys(pages).length)
  })

  it("shows a news item's edit at once: the save empties the cache its page was kept in", {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await startApp()
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const page = '/news/solar-vms-fleet-upgrade/'
    expect((await get(port, page)).headers['x-page-cache']).toBe('miss')
    const kept = await get(port, page, { 'accept-encoding': 'identity' })
    expect([kept.status, kept.headers['x-page-cache']]).toEqual([200, 'hit'])
    expect(kept.body.toString('utf8')).not.toContain('Solar boards, all of them')

    const { id } = (await app.inject({ method: 'GET', url: '/api/admin/news', headers }))
      .json()
      .find((item: { slug: string }) => item.slug === 'solar-vms-fleet-upgrade')
    const {
      id: _id,
      updatedAt: _updatedAt,
      ...item
    } = (await app.inject({ method: 'GET', url: `/api/admin/news/${id}`, headers })).json()
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/admin/news/${id}`,
      headers,
      payload: {
        ...item,
        title: 'Solar boards, all of them',
        imageAlt: item.imageAlt || 'A solar VMS board',
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const shown = await get(port, page, { 'accept-encoding': 'identity' })
    expect([shown.status, shown.headers['x-page-cache']]).toEqual([200, 'miss'])
    expect(shown.body.toString('utf8')).toContain('Solar boards, all of them')
    // An address no item has is the 404 page, rendered for that visitor only.
    const unknown = await get(port, '/news/no-such-item/')
    expect(unknown.status).toBe(404)
    expect(unknown.headers['x-page-cache']).not.toBe('hit')
  })

  it('keeps no page rendered from content a save replaced while it was rendering', {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await startApp()
    const headers = bearer(await tokenFor(app, await createAdmin(app)))
    const page = '/news/solar-vms-fleet-upgrade/'
    const { id } = (await app.inject({ method: 'GET', url: '/api/admin/news', headers }))
      .json()
      .find((item: { slug: string }) => item.slug === 'solar-vms-fleet-upgrade')
    const {
      id: _id,
      updatedAt: _updatedAt,
      ...item
    } = (await app.inject({ method: 'GET', url: `/api/admin/news/${id}`, headers })).json()
    const save = () =>
      app.inject({
        method: 'PUT',
        url: `/api/admin/news/${id}`,
        headers,
        payload: { ...item, title: 'Saved mid-render', imageAlt: item.imageAlt || 'A solar VMS board' },
      })

    // The page's loader has read the item (the old title) when the save lands, before the page is kept.
    const inject = app.inject.bind(app)
    let saved: Awaited<ReturnType<typeof save>> | undefined
    const spy = vi.spyOn(app, 'inject').mockImplementation((async (options: { url?: string }) => {
      const answer = await inject(options as never)
      if (!saved && String(options.url ?? '').startsWith('/api/news/solar-vms-fleet-upgrade'))
        saved = await save()
      return answer
    }) as never)
    const during = await get(port, page, { 'accept-encoding': 'identity' })
    spy.mockRestore()
    expect(saved?.statusCode, saved?.body).toBe(200)
    expect(during.body.toString('utf8')).not.toContain('Saved mid-render')

    const after = await get(port, page, { 'accept-encoding': 'identity' })
    expect(after.headers['x-page-cache']).toBe('miss')
    expect(after.body.toString('utf8')).toContain('Saved mid-render')
  })

  it('serves a page past its minute while rendering it again, then the new one', {
    timeout: 30_000,
  }, async () => {
    const { app, port } = await startApp()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() })
    await get(port, '/about/')
    expect((await get(port, '/about/')).headers['x-page-cache']).toBe('hit')

    vi.setSystemTime(Date.now() + 61_000)
    const stale = await get(port, '/about/')
    expect(stale.headers['x-page-cache']).toBe('stale')
    expect(Number(stale.headers.age)).toBeGreaterThanOrEqual(61)
    await vi.waitFor(async () => {
      const fresh = await get(port, '/about/')
      expect(fresh.headers['x-page-cache']).toBe('hit')
      expect(Number(fresh.headers.age)).toBeLessThan(5)
    })

    vi.setSystemTime(Date.now() + 700_000)
    expect((await get(port, '/about/')).headers['x-page-cache']).toBe('miss')

    app.pageCache?.clear()
    expect(app.pageCache?.size).toBe(0)
    expect((await get(port, '/about/')).headers['x-page-cache']).toBe('miss')
  })
})
