import { cpSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { FAULT_BODY_LIMIT } from '@signalway/shared/faults'
import type { FastifyPluginAsync } from 'fastify'
import { describe, expect, it } from 'vitest'
import { FAULT_PAGE_POST_RATE_LIMIT } from '../../src/plugins/web.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../helpers/build.ts'

const WEB_BUILD_DIR = join(import.meta.dirname, '..', 'fixtures', 'web-build')

/** GET /api/echo: what the API saw of a read, for the fixture's '/read/' page to show. */
const echo: FastifyPluginAsync = async (app) => {
  app.get('/echo', async (request) => ({
    ip: request.ip,
    authorization: request.headers.authorization ?? null,
    cookie: request.headers.cookie ?? null,
    acceptEncoding: request.headers['accept-encoding'] ?? null,
  }))
}

function webApp(dialect: Dialect = 'sqlite') {
  return buildTestApp({
    dialect,
    env: { WEB_BUILD_DIR, SITE_URL: 'https://hire.example.com', TAG_MANAGER_ID: 'GTM-AB12CD3' },
    build: { routes: [echo] },
  })
}

function documentData(body: string) {
  const json = /<script id="data" type="application\/json">(.*)<\/script>/.exec(body)?.[1]
  return JSON.parse(json ?? 'null')
}

describe('serving the web app', () => {
  it('sends no referrer from a page with a token in its address; other pages keep the default', async () => {
    const { app } = await webApp()
    const reset = await app.inject({ method: 'GET', url: '/reset-password/?t=secret-token-1' })
    expect(reset.headers['referrer-policy']).toBe('no-referrer')
    const resume = await app.inject({
      method: 'GET',
      url: `/application-for-credit/resume/${'A'.repeat(43)}`,
    })
    expect(resume.headers['referrer-policy']).toBe('no-referrer')
    for (const kind of ['sign', 'status']) {
      const remote = await app.inject({
        method: 'GET',
        url: `/application-for-credit/${kind}/${'A'.repeat(43)}`,
      })
      expect(remote.headers['referrer-policy'], kind).toBe('no-referrer')
    }
    const login = await app.inject({ method: 'GET', url: '/login/' })
    expect(login.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it('renders pages through React Router with this response’s CSP nonce', async () => {
    const { app } = await webApp()
    const response = await app.inject({
      method: 'GET',
      url: '/about/?from=home',
      headers: { 'x-csp-nonce': 'forged-by-the-caller', host: 'evil.example' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const data = documentData(response.body)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain(`'nonce-${data.nonce}'`)
    expect(data.nonce).not.toBe('forged-by-the-caller')
    expect(data.url).toBe('https://hire.example.com/about/?from=home')
    expect(data.loaderData).toMatchObject({ 'routes/page': { path: '/about/' } })
  })

  it('hands the web app the public configuration only, and no API address (its loaders read in-process)', async () => {
    const { app } = await webApp()
    const data = documentData((await app.inject({ method: 'GET', url: '/' })).body)
    expect(data.internalApiUrl).toBeNull()
    expect(data.publicConfig).toEqual({
      siteUrl: 'https://hire.example.com',
      apiBaseUrl: '/api',
      tagManagerId: 'GTM-AB12CD3',
      authClientId: 'web',
      siteName: 'Signalway Traffic Hire',
    })
  })

  it('passes every Set-Cookie header through', async () => {
    const { app } = await webApp()
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.headers['set-cookie']).toEqual(['first=1; Path=/', 'second=2; Path=/'])
  })

  it('forwards form posts to React Router actions', async () => {
    const { app } = await webApp()
    const response = await app.inject({
      method: 'POST',
      url: '/contact-us/',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://hire.example.com' },
      payload: 'name=Jo&message=Hello',
    })
    expect(response.statusCode).toBe(200)
    expect(documentData(response.body).actionData).toEqual({
      'routes/page': { received: 'name=Jo&message=Hello' },
    })
  })

  it("takes a unit page's fault form with a phone's photo (ADR 049); other pages keep the 1 MB limit", async () => {
    const { app } = await webApp()
    const payload = `photo=${'a'.repeat(3 * 1024 * 1024)}`
    const post = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://hire.example.com' },
        payload,
      })
    const unit = await post('/equipment/VMS-0142/')
    expect(unit.statusCode).toBe(200)
    expect(documentData(unit.body).actionData['routes/page'].received).toHaveLength(payload.length)
    expect((await post('/contact-us/')).statusCode).toBe(413)
  })

  it.each(DIALECTS)(
    "limits a unit page's fault form posts per address before reading their body: the 11th in 10 minutes is 429 (%s)",
    async (dialect) => {
      const { app } = await webApp(dialect)
      expect(FAULT_PAGE_POST_RATE_LIMIT).toEqual({ max: 10, timeWindow: 10 * 60_000 })
      const post = (remoteAddress: string, url = '/equipment/VMS-0142/', payload = 'symptoms=dark') =>
        app.inject({
          method: 'POST',
          url,
          remoteAddress,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            origin: 'https://hire.example.com',
          },
          payload,
        })
      for (let i = 0; i < 10; i++) expect((await post('203.0.113.7')).statusCode).toBe(200)
      // Another unit's page counts under the same address (the limit is the route's), and the answer comes before
      // the body is read: a body over the limit is refused as too many, not as too large.
      const limited = await post('203.0.113.7', '/equipment/ARB-0007/', 'a'.repeat(FAULT_BODY_LIMIT + 1))
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toMatchObject({ Message: 'Too many requests, please try again later.' })
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(600)
      // Another address, the page itself and the other pages' forms are not held back.
      expect((await post('203.0.113.8')).statusCode).toBe(200)
      const page = await app.inject({
        method: 'GET',
        url: '/equipment/VMS-0142/',
        remoteAddress: '203.0.113.7',
      })
      expect(page.statusCode).toBe(200)
      expect((await post('203.0.113.7', '/contact-us/')).statusCode).toBe(200)
    },
  )

  it('hands an action the API in-process, for the visitor who posted: their address and user agent', async () => {
    const { app } = await webApp()
    const response = await app.inject({
      method: 'POST',
      url: '/send-contact/',
      remoteAddress: '203.0.113.50',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': 'NoScript Browser/1.0',
      },
      payload: 'name=Jo Nojs&email=jo%40example.com&message=Posted without JavaScript',
    })
    expect(response.statusCode).toBe(200)
    expect(documentData(response.body).actionData['routes/page'].answer).toEqual({
      status: 201,
      // The confirmation that stays (ADR 033): its reference, what was asked and by when we reply.
      body: {
        id: expect.any(String),
        reference: expect.stringMatching(/^M-\d{4}-\d{5}$/),
        receivedAt: expect.any(String),
        replyBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        asked: [],
      },
    })
    const row = await app.db.selectFrom('enquiries').selectAll().executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      name: 'Jo Nojs',
      email: 'jo@example.com',
      ip: '203.0.113.50',
      user_agent: 'NoScript Browser/1.0',
    })
  })

  it('hands a page rendered for one visitor the API in-process (a reset link checked as it renders), a page kept for everyone not', async () => {
    const { app } = await webApp()
    const checked = await app.inject({
      method: 'GET',
      url: '/check-link/?t=not-a-reset-token',
      remoteAddress: '203.0.113.51',
    })
    expect(documentData(checked.body).loaderData['routes/page'].answer).toMatchObject({ status: 400 })
    const shared = await app.inject({ method: 'GET', url: '/check-link/' })
    expect(documentData(shared.body).loaderData['routes/page'].answer).toBeNull()
  })

  it("hands every page's loaders the API in-process for reads, with nothing of the visitor's (the app listens on no port)", async () => {
    const { app } = await webApp()
    const expected = {
      status: 200,
      body: { ip: '127.0.0.1', authorization: null, cookie: null, acceptEncoding: 'identity' },
    }
    // A page the same for everyone (rendered to be kept), then one for a visitor with credentials.
    const shared = await app.inject({ method: 'GET', url: '/read/' })
    expect(documentData(shared.body).loaderData['routes/page'].answer).toEqual(expected)
    const personal = await app.inject({
      method: 'GET',
      url: '/read/?from=home',
      remoteAddress: '203.0.113.52',
      headers: { authorization: 'Bearer visitor-token', cookie: 'session=visitor' },
    })
    expect(documentData(personal.body).loaderData['routes/page'].answer).toEqual(expected)
  })

  it('serves hashed assets as immutable and other files with a short cache', async () => {
    const { app } = await webApp()
    const asset = await app.inject({ method: 'GET', url: '/assets/entry.client-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['cache-control']).toBe('public, max-age=3600')
  })

  it('sends the Brotli or gzip copy the build made, as the browser accepts, with a validator', async () => {
    // A build with a precompressed asset (apps/web/scripts/precompress.ts makes them).
    const dir = mkdtempSync(join(tmpdir(), 'web-build-'))
    cpSync(WEB_BUILD_DIR, dir, { recursive: true })
    const script = `export const text = ${JSON.stringify('arrow boards '.repeat(400))}\n`
    const file = join(dir, 'client', 'assets', 'big-abc123.js')
    writeFileSync(file, script)
    writeFileSync(`${file}.br`, brotliCompressSync(script))
    writeFileSync(`${file}.gz`, gzipSync(script))
    const { app } = await buildTestApp({ env: { WEB_BUILD_DIR: dir } })
    const url = '/assets/big-abc123.js'

    const brotli = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    const etag = String(brotli.headers.etag)
    expect(etag).not.toBe('undefined')

    const gzip = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script)

    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)

    const again = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br', 'if-none-match': etag },
    })
    expect(again.statusCode).toBe(304)
    // The copies are not files of their own.
    expect((await app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404)
  })

  it('never serves HTML files as static files, and 404s a missing asset', async () => {
    const { app } = await webApp()
    const page = await app.inject({ method: 'GET', url: '/index.html' })
    expect(page.body).not.toContain('prerendered')
    const missing = await app.inject({ method: 'GET', url: '/assets/missing-123.js' })
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ Message: 'Not found.' })
  })

  it('leaves /api to the API', async () => {
    const { app } = await webApp()
    const unknown = await app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toMatchObject({ Message: 'Not found.' })
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok' })
  })

  it('runs the API alone when there is no web build', async () => {
    const { app } = await buildTestApp({ env: { WEB_BUILD_DIR: join(WEB_BUILD_DIR, 'missing') } })
    const response = await app.inject({ method: 'GET', url: '/about/' })
    expect(response.statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})
