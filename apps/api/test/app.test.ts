import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { redactUrl, serializeError } from '../src/app.ts'
import { buildTestApp, DIALECTS, TEST_REDIS_URL } from './helpers/build.ts'
import { logCollector } from './helpers/logs.ts'
import { freePort } from './helpers/smtp.ts'
import { testRoutes } from './helpers/test-routes.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function withTestRoutes(env = {}) {
  return buildTestApp({ env, build: { routes: [testRoutes] } })
}

describe('error responses', () => {
  it('answers an unknown /api path with 404 { Message, requestId }', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/json/)
    expect(response.json()).toEqual({ Message: 'Not found.', requestId: response.headers['x-request-id'] })
  })

  it('answers malformed JSON with 400 and a Message', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Al',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      Message: 'The request body is not valid JSON.',
      requestId: expect.any(String),
    })
  })

  it('answers a schema violation with 400 and ModelState keyed by field path, with the schema messages', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', email: 'nope', address: {} },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      Message: 'The request is invalid.',
      ModelState: {
        name: ['Name must have at least 2 characters.'],
        email: ['Invalid email address'],
        'address.city': ['City is required.'],
      },
      requestId: expect.any(String),
    })
  })

  it('answers a body over the limit with 413', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/small',
      payload: { text: 'x'.repeat(100) },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ Message: 'The request is too large.' })
  })

  it('answers an unsupported content type with 415', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<name/>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toMatchObject({ Message: 'The media type is not supported.' })
  })

  it('hides the cause of a 500, and logs it with the request id', async () => {
    const { lines, stream } = logCollector()
    const { app } = await buildTestApp({
      env: { LOG_LEVEL: 'error' },
      build: { routes: [testRoutes], logStream: stream },
    })
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-500' },
    })
    expect(response.statusCode).toBe(500)
    expect(response.json()).toEqual({ Message: 'An unexpected error occurred.', requestId: 'req-500' })
    expect(response.body).not.toMatch(/SELECT|password_hash|at .*\.ts/)
    const logged = lines.find((line) => line.msg === 'request failed')
    expect(logged).toMatchObject({
      level: 50,
      requestId: 'req-500',
      err: { message: expect.stringContaining('SELECT') },
    })
  })

  it('never sends fields missing from the response schema', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({ method: 'GET', url: '/api/test/leak' })
    expect(response.json()).toEqual({ id: 1 })
  })

  it.each([
    ['unauthorized', 401, 'Authorization has been denied for this request.'],
    ['forbidden', 403, 'You do not have permission to do this.'],
    ['not-found', 404, 'Page Not Found'],
    ['conflict', 409, 'That email address is already registered.'],
    ['too-large', 413, 'The request is too large.'],
    ['unsupported-type', 415, 'The media type is not supported.'],
    ['too-many', 429, 'Too many requests, please try again later.'],
    ['unavailable', 503, 'The service is temporarily unavailable, please try again later.'],
  ])('maps a %s domain error to %i', async (kind, status, message) => {
    const { app } = await withTestRoutes()
    const response = await app.inject({ method: 'GET', url: `/api/test/errors/${kind}` })
    expect(response.statusCode).toBe(status)
    expect(response.json()).toEqual({ Message: message, requestId: expect.any(String) })
  })

  it('sends Retry-After with a 429 domain error', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({ method: 'GET', url: '/api/test/errors/too-many' })
    expect(response.headers['retry-after']).toBe('42')
  })

  it('gives a service ValidationError its ModelState', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({ method: 'GET', url: '/api/test/errors/invalid' })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ ModelState: { email: ['Email is already taken.'] } })
  })
})

describe('request ids', () => {
  it('echoes a valid x-request-id', async () => {
    const { app } = await withTestRoutes()
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    })
    expect(response.headers['x-request-id']).toBe('abc-123')
  })

  it('replaces a missing or unsafe x-request-id with a UUID', async () => {
    const { app } = await withTestRoutes()
    const missing = await app.inject({ method: 'GET', url: '/api/health' })
    expect(missing.headers['x-request-id']).toMatch(UUID)
    const unsafe = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a b<script>' },
    })
    expect(unsafe.headers['x-request-id']).toMatch(UUID)
  })
})

describe('logging', () => {
  it('keeps secrets in query strings out of the logs', () => {
    expect(redactUrl('/api/x?token=abc&page=2')).toBe('/api/x?token=[redacted]&page=2')
    expect(redactUrl('/reset-password/?t=abcdef')).toBe('/reset-password/?[redacted]')
    // A saved credit application's link (ADR 024).
    expect(redactUrl(`/application-for-credit/resume/${'A'.repeat(43)}`)).toBe(
      '/application-for-credit/resume/[redacted]',
    )
    expect(redactUrl(`/application-for-credit/resume/${'A'.repeat(43)}/?x=1`)).toBe(
      '/application-for-credit/resume/[redacted]/?x=1',
    )
    // Remote signing's links (ADR 025): a signer's and the status page's.
    for (const kind of ['sign', 'status']) {
      expect(redactUrl(`/application-for-credit/${kind}/${'A'.repeat(43)}`)).toBe(
        `/application-for-credit/${kind}/[redacted]`,
      )
    }
    expect(redactUrl('/news/')).toBe('/news/')
  })

  it('logs a request as its method, redacted URL and address, and a response as its status: no header, cookie or body', async () => {
    const { lines, stream } = logCollector()
    const { app } = await buildTestApp({ env: { LOG_LEVEL: 'info' }, build: { logStream: stream } })
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/core/auth/token?access_token=query-secret-1',
      headers: { authorization: 'Bearer header-secret-2', cookie: 'device=cookie-secret-3' },
      payload: {
        UserName: 'nobody@example.com',
        Password: 'body-secret-4',
        ClientId: 'web',
        GrantType: 'password',
      },
    })
    expect(response.headers['set-cookie']).toBeUndefined()
    const incoming = lines.find((line) => line.msg === 'incoming request')
    expect(incoming?.req).toEqual({
      method: 'POST',
      url: '/api/v1/core/auth/token?access_token=[redacted]',
      remoteAddress: '127.0.0.1',
    })
    const completed = lines.find((line) => line.msg === 'request completed')
    expect(completed?.res).toEqual({ statusCode: response.statusCode })
    const everything = JSON.stringify(lines)
    for (const secret of ['query-secret-1', 'header-secret-2', 'cookie-secret-3', 'body-secret-4'])
      expect(everything).not.toContain(secret)
  })

  it("logs an error's named fields and its cause, never what a library attached to it", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', password: 'p1' })
    const error = Object.assign(new Error('Invalid login: 535 Authentication failed', { cause }), {
      code: 'EAUTH',
      statusCode: 502,
      response: '535 5.7.8 user smtp-secret',
      command: 'AUTH PLAIN c210cC1zZWNyZXQ=',
      headers: { authorization: 'Bearer t' },
    })
    const logged = serializeError(error)
    expect(logged).toEqual({
      type: 'Error',
      message: 'Invalid login: 535 Authentication failed',
      stack: error.stack,
      code: 'EAUTH',
      statusCode: 502,
      cause: { type: 'Error', message: 'connect ECONNREFUSED', stack: cause.stack, code: 'ECONNREFUSED' },
    })
    expect(serializeError({ message: 'Not found', code: 'FST_ERR_NOT_FOUND', body: 'x' })).toEqual({
      type: 'Object',
      message: 'Not found',
      stack: '',
      code: 'FST_ERR_NOT_FOUND',
    })
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain', stack: '' })
  })
})

describe('security headers', () => {
  it('sets the strict headers and a no-content CSP on API responses', async () => {
    const { app } = await withTestRoutes()
    const { headers } = await app.inject({ method: 'GET', url: '/api/health' })
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'x-frame-options': 'DENY',
    })
    expect(headers['permissions-policy']).toContain('camera=()')
    // Every header helmet sets (worked out once at start, not per request), error answers too.
    const all = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    }
    expect(headers).toMatchObject(all)
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' })
    expect(missing.statusCode).toBe(404)
    expect(missing.headers).toMatchObject(all)
  })

  it('gives HTML documents a nonce-based CSP, with a new nonce on every request', async () => {
    const { app } = await withTestRoutes()
    const nonces = new Set<string>()
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'GET', url: '/api/test/page' })
      const csp = String(response.headers['content-security-policy'])
      const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src ')) ?? ''
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1]
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(response.body).toContain(`nonce="${nonce}"`)
      expect(scriptSrc).not.toContain('unsafe-inline')
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).toContain("object-src 'none'")
      // The drivers' app installs with its service worker and manifest from this origin (ADR 050).
      expect(csp).toContain("worker-src 'self'")
      expect(csp).toContain("manifest-src 'self'")
      expect(csp).not.toContain('googletagmanager')
      nonces.add(nonce as string)
    }
    expect(nonces.size).toBe(3)
  })

  it('allows Google Tag Manager in the document CSP only when TAG_MANAGER_ID is set', async () => {
    const { app } = await withTestRoutes({ TAG_MANAGER_ID: 'GTM-AB12CD3' })
    const response = await app.inject({ method: 'GET', url: '/api/test/page' })
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/www\.googletagmanager\.com/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/www\.google-analytics\.com/)
  })
})

describe('compression', () => {
  it('compresses large responses with brotli or gzip', async () => {
    const { app } = await withTestRoutes()
    const br = await app.inject({ method: 'GET', url: '/api/test/big', headers: { 'accept-encoding': 'br' } })
    expect(br.headers['content-encoding']).toBe('br')
    const gzip = await app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
  })

  it('never inflates a compressed request body: it fails as the JSON it is not', async () => {
    const { app } = await withTestRoutes()
    const body = JSON.stringify({ name: 'Alice', email: 'alice@example.com', address: { city: 'Laverton' } })
    const plain = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(plain.statusCode).toBe(200)
    const compressed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    })
    expect(compressed.statusCode).toBe(400)
    expect(compressed.json()).toMatchObject({ Message: 'The request body is not valid JSON.' })
  })
})

describe('OpenAPI', () => {
  it('publishes the document at /api/openapi.json with the routes and their schemas', async () => {
    const { app } = await buildTestApp()
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
    expect(response.statusCode).toBe(200)
    const document = response.json()
    expect(document.openapi).toBe('3.1.0')
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready', '/api/news', '/api/pages/{name}']),
    )
    expect(document.paths['/api/news'].get.responses['200']).toBeDefined()
    expect(Object.keys(document.paths).some((path) => path.startsWith('/api/docs'))).toBe(false)
  })

  it('serves the docs page with a CSP that lets Swagger UI run', async () => {
    const { app } = await buildTestApp()
    const page = await app.inject({ method: 'GET', url: '/api/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self' 'unsafe-inline'")
    const script = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' })
    expect(script.statusCode).toBe(200)
  })
})

describe.each(DIALECTS)('health on %s', (dialect) => {
  it('answers /api/health with the version', async () => {
    const { app } = await buildTestApp({ dialect })
    const response = await app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/) })
  })

  it('answers /api/ready while the database answers, and 503 once it does not', async () => {
    const { app } = await buildTestApp({ dialect })
    const ready = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready' })

    await app.database.close()
    const down = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(down.statusCode).toBe(503)
    expect(down.json()).toEqual({
      Message: 'The service is temporarily unavailable, please try again later.',
      requestId: expect.any(String),
    })
    // Liveness does not depend on the database.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})

describe('readiness with Redis', () => {
  it('is ready while Redis answers', async () => {
    const { app } = await buildTestApp({ env: { REDIS_URL: TEST_REDIS_URL } })
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200)
  })

  it('answers 503 while Redis does not, and still starts', async () => {
    const { app } = await buildTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}` } })
    const response = await app.inject({ method: 'GET', url: '/api/ready' })
    expect(response.statusCode).toBe(503)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})
