import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { TOKEN_PAGES } from '@signalway/shared/token-pages'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { bearer, createUser, tokenFor } from '../helpers/auth.ts'
import { buildTestApp, DIALECTS, type Dialect } from '../helpers/build.ts'
import { linkTokenIn, requestEmailChange } from '../helpers/email-change.ts'
import { logCollector } from '../helpers/logs.ts'

/*
 * The secret in an emailed link (password reset, email change, a saved or remotely signed credit application) and
 * the PDF download token never reach the log, however the address is written: every request to a token page is
 * logged with its token replaced by a marker.
 */

const WEB_BUILD_DIR = join(import.meta.dirname, '..', 'fixtures', 'web-build')

const newToken = () => randomBytes(32).toString('base64url')

async function setUp(dialect: Dialect) {
  const { lines, stream } = logCollector()
  const { app } = await buildTestApp({
    dialect,
    env: { LOG_LEVEL: 'info', WEB_BUILD_DIR, SITE_URL: 'https://hire.example.com' },
    build: { logStream: stream },
  })
  return { app, lines }
}

/** The URL each request was logged with (its "incoming request" line). */
function loggedUrls(lines: Record<string, unknown>[]): string[] {
  return lines
    .filter((line) => line.msg === 'incoming request')
    .map((line) => String((line.req as { url?: unknown } | undefined)?.url))
}

/** Requests to a page whose query string is its token, written every way a browser or a person may send it. */
function queryPageRequests(path: string, token: string): InjectOptions[] {
  const bare = path.replace(/\/$/, '')
  return [
    { method: 'GET', url: `${path}?t=${token}` },
    { method: 'GET', url: `${bare}?t=${token}` },
    { method: 'GET', url: `${path.toUpperCase()}?t=${token}` },
    { method: 'GET', url: `/${path}?t=${token}` },
    { method: 'GET', url: `${path}?t=${token}&utm_source=email` },
    { method: 'HEAD', url: `${path}?t=${token}` },
    { method: 'POST', url: `${path}?t=${token}`, payload: 'password=x' },
    { method: 'GET', url: `${path}?t=${token}%E0` },
    // React Router's data requests of the same page.
    { method: 'GET', url: `${path}_.data?t=${token}` },
    { method: 'GET', url: `${bare}.data?t=${token}` },
  ]
}

/** Requests to a page whose last path segment is its token. */
function segmentPageRequests(prefix: string, token: string): InjectOptions[] {
  return [
    { method: 'GET', url: `${prefix}${token}` },
    { method: 'GET', url: `${prefix}${token}/` },
    { method: 'GET', url: `${prefix}${token}?from=email` },
    { method: 'GET', url: `${prefix.toUpperCase()}${token}` },
    { method: 'GET', url: `/${prefix}${token}` },
    { method: 'GET', url: `${prefix.replace(/\/$/, '%2F')}${token}` },
    { method: 'GET', url: `${prefix}${token}.data` },
    // Not valid percent-encoding: the router refuses it.
    { method: 'GET', url: `${prefix}${token}%E0` },
  ]
}

/** The log lines that hold any of the tokens, by name: none, or the test fails showing them. */
function linesHolding(lines: Record<string, unknown>[], tokens: Record<string, string>) {
  return Object.entries(tokens).flatMap(([name, token]) =>
    lines
      .map((line) => JSON.stringify(line))
      .filter((line) => line.includes(token))
      .map((line) => `${name}: ${line}`),
  )
}

async function injectAll(app: FastifyInstance, requests: InjectOptions[]) {
  for (const request of requests) {
    const response = await app.inject(request)
    expect(response.statusCode, `${request.method} ${request.url}`).toBeLessThan(500)
  }
}

describe.each(DIALECTS)('tokens in addresses, on %s', (dialect) => {
  it('never logs the token of an email-change link, opened as emailed or as the API is called with it', async () => {
    const { app, lines } = await setUp(dialect)
    const user = await createUser(app, { email: 'old@example.com' })
    const { confirm, cancel } = await requestEmailChange(app, user, 'new@example.com')
    const own = await app.inject({
      method: 'POST',
      url: '/api/my-account/confirm-email',
      headers: bearer(await tokenFor(app, user)),
    })
    expect(own.statusCode, own.body).toBe(202)
    const confirmOwn = await linkTokenIn(app, user.email, '/confirm-email/')
    const tokens = { confirm: confirm ?? '', cancel: cancel ?? '', confirmOwn }
    for (const token of Object.values(tokens)) expect(token).toMatch(/^[A-Za-z0-9_-]{20,}$/)

    await injectAll(app, [
      ...queryPageRequests('/confirm-email/', tokens.confirm),
      ...queryPageRequests('/confirm-email/', tokens.confirmOwn),
      ...queryPageRequests('/cancel-email-change/', tokens.cancel),
      { method: 'POST', url: '/api/v1/core/accounts/email/cancel', payload: { token: tokens.cancel } },
      {
        method: 'POST',
        url: '/api/v1/core/accounts/email/confirm',
        payload: { token: tokens.confirm },
        headers: bearer(await tokenFor(app, user)),
      },
    ])

    expect(linesHolding(lines, tokens)).toEqual([])
    const urls = loggedUrls(lines)
    expect(urls).toContain('/confirm-email/?[redacted]')
    expect(urls).toContain('/cancel-email-change/?[redacted]')
    expect(urls).toContain('/confirm-email?[redacted]')
  })

  it('never logs the token of any token page, nor the PDF download token', async () => {
    const { app, lines } = await setUp(dialect)
    // A token for every page of the list, each requested every way it may be written.
    const tokens = Object.fromEntries(TOKEN_PAGES.map((page) => [page.path, newToken()]))
    await injectAll(
      app,
      TOKEN_PAGES.flatMap((page) =>
        page.token === 'query'
          ? queryPageRequests(page.path, tokens[page.path] ?? '')
          : segmentPageRequests(page.path, tokens[page.path] ?? ''),
      ),
    )
    // The download as the web app links to it.
    const download = newToken()
    await injectAll(app, [{ method: 'GET', url: `/api/apply-for-credit/pdf?token=${download}` }])

    expect(linesHolding(lines, { ...tokens, download })).toEqual([])
    expect(Object.keys(tokens)).toEqual(
      expect.arrayContaining([
        '/reset-password/',
        '/confirm-email/',
        '/cancel-email-change/',
        '/application-for-credit/resume/',
        '/application-for-credit/sign/',
        '/application-for-credit/status/',
        '/api/apply-for-credit/pdf/',
      ]),
    )
    const urls = loggedUrls(lines)
    expect(urls).toEqual(
      expect.arrayContaining([
        '/reset-password/?[redacted]',
        '/application-for-credit/resume/[redacted]',
        '/application-for-credit/sign/[redacted]/',
        '/application-for-credit/status/[redacted]?from=email',
        '/api/apply-for-credit/pdf?[redacted]',
      ]),
    )
    // Other addresses keep their query, for the log to be of use.
    await app.inject({ method: 'GET', url: '/get-a-quote/?service=vms-boards' })
    expect(loggedUrls(lines)).toContain('/get-a-quote/?service=vms-boards')
  })
})
