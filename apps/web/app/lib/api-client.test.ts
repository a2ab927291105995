import { once } from 'node:events'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, createApiClient, type NavigateOptions, REVOKE_PATH, TOKEN_PATH } from './api-client.ts'
import { type AuthStorage, createAuthStorage, createMemoryStorage } from './auth-storage.ts'

/** A real HTTP server on a random port standing in for the API. */
interface FakeServer {
  baseUrl: string
  requests: { method: string; url: string; authorization?: string; body: unknown }[]
  tokenRequests: () => number
  handle: (handler: (req: IncomingMessage, body: unknown, res: ServerResponse) => void) => void
  close: () => Promise<void>
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

async function startServer(): Promise<FakeServer> {
  let handler: (req: IncomingMessage, body: unknown, res: ServerResponse) => void = (_req, _body, res) =>
    json(res, 200, {})
  const requests: FakeServer['requests'] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      let body: unknown
      try {
        body = raw ? JSON.parse(raw) : undefined
      } catch {
        body = raw
      }
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      })
      handler(req, body, res)
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    tokenRequests: () => requests.filter((r) => r.url === `/api${TOKEN_PATH}`).length,
    handle: (next) => {
      handler = next
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/** A closed port: connecting to it is refused. */
async function refusedBaseUrl(): Promise<string> {
  const server = http.createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}/api`
}

let server: FakeServer
let storage: AuthStorage
let navigations: { to: string; options?: NavigateOptions }[]
let logged: unknown[][]

function client(baseUrl = server.baseUrl) {
  return createApiClient({
    baseUrl,
    clientId: 'web',
    storage,
    navigate: (to, options) => navigations.push(options ? { to, options } : { to }),
    currentLocation: () => '/admin/manage-users/',
    logError: (...args) => logged.push(args),
  })
}

function signIn(access = 'access-1', refresh = 'refresh-1') {
  storage.setTokens({ access_token: access, refresh_token: refresh, expires_in: 300 })
}

beforeEach(async () => {
  server = await startServer()
  storage = createAuthStorage(createMemoryStorage())
  navigations = []
  logged = []
})

afterEach(async () => {
  await server.close()
})

describe('requests', () => {
  it('sends JSON to the configured base and parses the JSON answer', async () => {
    server.handle((_req, body, res) => json(res, 200, { echo: body }))
    const result = await client().post<{ echo: unknown }>('/contact', { name: 'Sam' })
    expect(result).toEqual({ echo: { name: 'Sam' } })
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/contact' })
  })

  it('adds the bearer header when a token is stored', async () => {
    signIn('abc.def.ghi')
    await client().get('/v1/users/1')
    expect(server.requests[0]?.authorization).toBe('Bearer abc.def.ghi')
  })

  it('sends no authorization header when signed out', async () => {
    await client().get('/news')
    expect(server.requests[0]?.authorization).toBeUndefined()
  })

  it('reads a blob when asked (the credit application PDF)', async () => {
    server.handle((_req, _body, res) => {
      res.writeHead(200, { 'Content-Type': 'application/pdf' })
      res.end('%PDF-1.7 fake')
    })
    const blob = await client().post<Blob>('/apply-for-credit', {}, { responseType: 'blob' })
    expect(blob).toBeInstanceOf(Blob)
    expect(await blob.text()).toBe('%PDF-1.7 fake')
  })

  it('sends the login grant without a bearer header', async () => {
    signIn()
    server.handle((_req, _body, res) =>
      json(res, 200, { access_token: 'a', refresh_token: 'r', expires_in: 60 }),
    )
    const tokens = await client().requestToken('sam@example.com', 'secret123')
    expect(tokens.access_token).toBe('a')
    expect(server.requests[0]).toMatchObject({
      url: `/api${TOKEN_PATH}`,
      body: { UserName: 'sam@example.com', Password: 'secret123', ClientId: 'web', GrantType: 'password' },
    })
    expect(server.requests[0]?.authorization).toBeUndefined()
  })
})

describe('logout: revokeStoredSession', () => {
  it('sends the stored refresh token to the revoke endpoint (RFC 7009), without a bearer header', async () => {
    signIn('access-9', 'refresh-9')
    await client().revokeStoredSession()
    expect(server.requests).toEqual([
      {
        method: 'POST',
        url: `/api${REVOKE_PATH}`,
        body: { ClientId: 'web', token: 'refresh-9', token_type_hint: 'refresh_token' },
      },
    ])
  })

  it('never throws or navigates: an error answer or no server at all still lets the sign-out finish', async () => {
    signIn()
    server.handle((_req, _body, res) => json(res, 500, { Message: 'down' }))
    await expect(client().revokeStoredSession()).resolves.toBeUndefined()
    await expect(client(await refusedBaseUrl()).revokeStoredSession()).resolves.toBeUndefined()
    expect(navigations).toEqual([])
  })

  it('sends nothing when nobody is signed in', async () => {
    await client().revokeStoredSession()
    expect(server.requests).toEqual([])
  })
})

describe('401: one token refresh, one retry', () => {
  it('refreshes once, stores the new tokens and retries the request once', async () => {
    signIn('old-access', 'refresh-1')
    server.handle((req, body, res) => {
      if (req.url === `/api${TOKEN_PATH}`) {
        expect(body).toEqual({ ClientId: 'web', GrantType: 'refresh_token', RefreshToken: 'refresh-1' })
        return json(res, 200, { access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 300 })
      }
      if (req.headers.authorization === 'Bearer new-access') return json(res, 200, { ok: true })
      return json(res, 401, { Message: 'Unauthorized', requestId: 'r-1' })
    })

    await expect(client().get('/v1/users/1')).resolves.toEqual({ ok: true })
    expect(server.tokenRequests()).toBe(1)
    expect(server.requests.map((r) => r.authorization ?? 'none')).toEqual([
      'Bearer old-access',
      'none',
      'Bearer new-access',
    ])
    expect(storage.getTokens()).toMatchObject({ access_token: 'new-access', refresh_token: 'refresh-2' })
  })

  it('does not loop when the retried request is answered 401 again', async () => {
    signIn()
    server.handle((req, _body, res) => {
      if (req.url === `/api${TOKEN_PATH}`) {
        return json(res, 200, { access_token: 'new-access', refresh_token: 'refresh-2', expires_in: 300 })
      }
      return json(res, 401, { Message: 'Unauthorized' })
    })

    const error = await client()
      .get('/v1/users/1')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, message: 'Oops, something went wrong.' })
    expect(server.tokenRequests()).toBe(1)
    expect(server.requests).toHaveLength(3)
  })

  it('shares ONE refresh request between three concurrent 401s', async () => {
    signIn('old-access')
    server.handle((req, _body, res) => {
      if (req.url === `/api${TOKEN_PATH}`) {
        // Answer slowly so every request is waiting on the same refresh.
        setTimeout(
          () => json(res, 200, { access_token: 'new-access', refresh_token: 'r2', expires_in: 300 }),
          50,
        )
        return
      }
      if (req.headers.authorization === 'Bearer new-access') return json(res, 200, { url: req.url })
      return json(res, 401, { Message: 'Unauthorized' })
    })

    const api = client()
    const results = await Promise.all([
      api.get('/v1/users/1'),
      api.get('/v1/users/2'),
      api.get('/v1/users/3'),
    ])
    expect(results).toEqual([
      { url: '/api/v1/users/1' },
      { url: '/api/v1/users/2' },
      { url: '/api/v1/users/3' },
    ])
    expect(server.tokenRequests()).toBe(1)
  })

  it('a 400 refresh (invalid refresh token) clears the sign-in data and goes to /login', async () => {
    signIn()
    storage.setProfile({
      id: '1',
      memberType: 3,
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'ada@example.com',
      mobile: '0400000000',
    })
    server.handle((req, _body, res) => {
      if (req.url === `/api${TOKEN_PATH}`) return json(res, 400, { Message: 'Invalid refresh token.' })
      return json(res, 401, { Message: 'Unauthorized' })
    })

    await expect(client().get('/v1/users/1')).rejects.toBeInstanceOf(ApiError)
    expect(storage.getTokens()).toBeNull()
    expect(storage.getProfile()).toBeNull()
    expect(navigations).toEqual([{ to: '/login/?return-url=%2Fadmin%2Fmanage-users%2F' }])
    expect(server.tokenRequests()).toBe(1)
  })

  it('a 401 while signed out is reported without a refresh', async () => {
    server.handle((_req, _body, res) => json(res, 401, { Message: 'Unauthorized' }))
    await expect(client().get('/v1/users/1')).rejects.toMatchObject({ status: 401 })
    expect(server.tokenRequests()).toBe(0)
  })
})

describe('error mapping (requirements §8)', () => {
  it("403 goes to /pages/error-403 with 'Unable to access page.'", async () => {
    server.handle((_req, _body, res) => json(res, 403, { Message: 'Forbidden', requestId: 'req-9' }))
    const error = await client()
      .get('/v1/users/1')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 403, message: 'Unable to access page.', requestId: 'req-9' })
    expect(navigations).toEqual([{ to: '/pages/error-403', options: { message: 'Unable to access page.' } }])
  })

  it('a 403 for an administrator without a second factor goes to set one up, not to the 403 page', async () => {
    server.handle((_req, _body, res) =>
      json(res, 403, { Message: 'Set it up.', error: 'second_factor_setup_required', requestId: 'r' }),
    )
    await expect(client().get('/v1/users/1')).rejects.toMatchObject({ status: 403 })
    expect(navigations).toEqual([{ to: '/set-up-two-step-sign-in/?return-url=%2Fadmin%2Fmanage-users%2F' }])
  })

  it('404 uses the response body as the message: its Message', async () => {
    server.handle((_req, _body, res) => json(res, 404, { Message: 'User not found.' }))
    await expect(client().get('/v1/users/404')).rejects.toMatchObject({
      status: 404,
      message: 'User not found.',
    })
  })

  it('404 uses the response body as the message: plain text', async () => {
    server.handle((_req, _body, res) => {
      res.writeHead(404, { 'Content-Type': 'text/plain' })
      res.end('No such page')
    })
    await expect(client().get('/nothing')).rejects.toMatchObject({ status: 404, message: 'No such page' })
  })

  it('500 uses its Message', async () => {
    server.handle((_req, _body, res) => json(res, 500, { Message: 'The database is unavailable.' }))
    await expect(client().post('/v1/users/filter', {})).rejects.toMatchObject({
      status: 500,
      message: 'The database is unavailable.',
    })
    expect(navigations).toEqual([])
  })

  it("any other status gives 'Oops, something went wrong.' (418)", async () => {
    server.handle((_req, _body, res) => json(res, 418, { Message: "I'm a teapot" }))
    await expect(client().get('/teapot')).rejects.toMatchObject({
      status: 418,
      message: 'Oops, something went wrong.',
    })
  })

  it('a validation 400 keeps the ModelState for the form', async () => {
    server.handle((_req, _body, res) =>
      json(res, 400, {
        Message: 'Validation failed.',
        ModelState: { email: ['Invalid email address'], name: ['Name is required.'] },
        requestId: 'req-4',
      }),
    )
    await expect(client().post('/contact', {})).rejects.toMatchObject({
      status: 400,
      message: 'Oops, something went wrong.',
      modelState: { email: ['Invalid email address'], name: ['Name is required.'] },
      requestId: 'req-4',
    })
  })

  it('connection refused: no-response message, details logged, maintenance page', async () => {
    const error = await client(await refusedBaseUrl())
      .get('/news')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 0,
      message: 'Oops, something went wrong. Check the console logs for details.',
    })
    expect(navigations).toEqual([{ to: '/pages/maintenance' }])
    expect(logged).toHaveLength(1)
  })

  it('redirect: false leaves navigation to the caller', async () => {
    server.handle((_req, _body, res) => json(res, 403, { Message: 'Forbidden' }))
    await expect(client().get('/v1/users/1', { redirect: false })).rejects.toMatchObject({ status: 403 })
    expect(navigations).toEqual([])
  })
})
