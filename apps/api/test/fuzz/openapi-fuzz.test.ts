import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { loadConfig } from '../../src/config.ts'
import { createAdmin, createUser, type TestUser, tokenFor } from '../helpers/auth.ts'
import { createTestDatabase, DIALECTS, type Dialect, type TestDatabase, testEnv } from '../helpers/build.ts'
import { creditApplicationFixture } from '../helpers/credit.ts'
import { createEnquiry } from '../modules/enquiries/helpers.ts'
import {
  headerSafe,
  hostileString,
  INJECTIONS,
  mutatedBody,
  percentEncode,
  RAW_BODIES,
  shortHostileString,
} from './hostile-input.ts'

/*
 * Property-based fuzzing of every operation in the OpenAPI document (GET /api/openapi.json): random
 * and malformed bodies (wrong types, huge strings, deep nesting, prototype-pollution keys, not JSON
 * at all), content types, Authorization headers, request ids, path parameters and query strings.
 * For every request:
 *   - never a 5xx (the response serializer checks every 2xx body against its declared schema, so a
 *     body that does not match would be a 500 here);
 *   - the status is one the operation declares, or 413/415 for a body the transport refuses, or
 *     404 for a path an empty parameter no longer routes;
 *   - an error is `{ Message, requestId }` JSON and shows no stack trace, file path or SQL;
 *   - the x-request-id header is a sane one (a hostile one is replaced);
 * and Object.prototype is never polluted. Then every hostile constant (hostile-input.ts) goes into
 * every path and query parameter once, deterministically.
 *
 * FUZZ_RUNS=500 npx vitest run --project api test/fuzz   (more runs; the seed of a failure is printed)
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 0) || undefined
const RUNS_BY_DIALECT: Record<Dialect, number> = { sqlite: RUNS ?? 30, postgres: RUNS ?? 20 }

const LEAK =
  /\n\s+at |\bat [\w$.<>]+ \(|\(?(?:file|node):|node_modules|\/work\/|\/home\/|\/tmp\/|\.ts:\d+|Sqlite|\bSELECT\b|\bINSERT INTO\b|\bUPDATE "|syntax error|duplicate key|violates|relation "|TypeError|ReferenceError|Cannot read prop/

const REQUEST_ID = /^[\w.:-]{1,128}$/

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  pathParams: string[]
  queryParams: string[]
  hasBody: boolean
  statuses: Set<number>
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[]
  requestBody?: unknown
  responses?: Record<string, unknown>
}

async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, OpenApiOperation>>
  }
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      hasBody: operation.requestBody !== undefined,
      statuses: new Set(Object.keys(operation.responses ?? {}).map(Number)),
    })),
  )
}

/** The operations, read once from a throwaway app (the suites below build their own). */
async function loadOperations(): Promise<Operation[]> {
  const database = await createTestDatabase('sqlite')
  const app = await buildApp(loadConfig(testEnv(database)))
  try {
    return await operationsOf(app)
  } finally {
    await app.close()
    await database.drop()
  }
}

const operations = await loadOperations()

interface Fixture {
  app: FastifyInstance
  user: TestUser
  admin: TestUser
  userToken: string
  adminToken: string
  enquiryId: string
  creditId: number
  credit: Record<string, unknown>
}

/** Valid values for the path and query parameters, so that fuzzing reaches past routing. */
function parameterExample(fixture: Fixture, op: Operation, name: string): string {
  const examples: Record<string, string> = {
    name: 'about-us',
    userId: String(fixture.user.id),
    email: fixture.user.email,
    page: '1',
    pageSize: '10',
    kind: 'contact',
    search: 'Jane',
    from: '2026-01-01',
    to: '2026-12-31',
    q: '12 Hill St',
  }
  if (name === 'id') {
    if (op.path.includes('enquiries')) return fixture.enquiryId
    if (op.path.includes('credit')) return String(fixture.creditId)
    if (op.path.includes('users')) return String(fixture.user.id)
    return '1'
  }
  if (name === 'status') return op.path.includes('outbox') ? 'failed' : 'new'
  return Object.hasOwn(examples, name) ? (examples[name] as string) : 'x'
}

/** A valid body per operation, for the mutations that get past the first check. */
function bodyExample(fixture: Fixture, op: Operation): Record<string, unknown> {
  const person = {
    firstName: 'Riley',
    lastName: 'Cooper',
    email: `riley.${randomUUID().slice(0, 8)}@example.com`,
    mobile: '0412 345 678',
  }
  const contact = {
    name: 'Jane Citizen',
    email: 'jane@example.com',
    phone: '03 5550 1234',
    message: 'Please call me about an arrow board.',
  }
  const password = 'Cone-stack-2026'
  const examples: Record<string, Record<string, unknown>> = {
    'POST /api/v1/core/auth/token': {
      UserName: fixture.user.email,
      Password: fixture.user.password,
      ClientId: 'web',
      GrantType: 'password',
    },
    'POST /api/v1/core/accounts': {
      ...person,
      password,
      confirmPassword: password,
      acceptedTheTerms: true,
      memberType: '1',
    },
    'PUT /api/v1/core/accounts/update/own-profile': {
      firstName: 'Riley',
      lastName: 'Cooper',
      email: fixture.user.email,
      mobile: '0412345678',
      memberType: 1,
    },
    'POST /api/v1/core/accounts/token/validate': { resetToken: 'A'.repeat(43) },
    'POST /api/v1/core/accounts/password/reset': {
      resetToken: 'A'.repeat(43),
      password,
      confirmPassword: password,
    },
    'POST /api/contact': contact,
    'POST /api/get-a-quote': { ...contact, services: ['Arrow Boards'], source: ['Google Search'] },
    'PATCH /api/admin/enquiries/{id}': { status: 'done' },
    'POST /api/apply-for-credit': fixture.credit,
    'POST /api/v1/users/filter': { userTypes: [1, 2, 3], startDate: '', endDate: '' },
    'POST /api/v1/core/accounts/admin': { ...person, memberType: 1, password, confirmPassword: password },
    'PUT /api/v1/users/admin/update-user': { id: fixture.user.id, ...person, memberType: 1 },
  }
  return examples[`${op.method} ${op.path}`] ?? { name: 'x' }
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json, text/plain',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  '',
]

interface FuzzRequest {
  params: Record<string, string>
  query: [string, string][]
  body: string | undefined
  contentType: string
  auth: string
  requestId: string | null
  ip: string
}

function requestArbitrary(fixture: Fixture, op: Operation): fc.Arbitrary<FuzzRequest> {
  const param = (name: string) =>
    fc.oneof({ arbitrary: fc.constant(parameterExample(fixture, op, name)), weight: 2 }, shortHostileString)
  const queryName = fc.oneof(
    { arbitrary: fc.constantFrom(...(op.queryParams.length > 0 ? op.queryParams : ['x'])), weight: 3 },
    fc.constantFrom(
      '__proto__',
      'constructor',
      '__proto__[polluted]',
      'constructor[prototype][polluted]',
      'page[]',
    ),
    shortHostileString,
  )
  const queryValue = (name: string) =>
    fc.oneof({ arbitrary: fc.constant(parameterExample(fixture, op, name)), weight: 2 }, shortHostileString)
  const example = bodyExample(fixture, op)
  const body = op.hasBody
    ? fc.oneof(
        { arbitrary: mutatedBody(example), weight: 5 },
        { arbitrary: fc.constant(JSON.stringify(example)), weight: 1 },
        { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 1 },
        { arbitrary: fc.constantFrom(...RAW_BODIES), weight: 2 },
        { arbitrary: hostileString, weight: 1 },
      )
    : fc.constant(undefined)
  return fc.record({
    params: fc.record(Object.fromEntries(op.pathParams.map((name) => [name, param(name)]))) as fc.Arbitrary<
      Record<string, string>
    >,
    query: fc.array(
      queryName.chain((name) => fc.tuple(fc.constant(name), queryValue(name))),
      { maxLength: 4 },
    ),
    body,
    contentType: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      fc.constantFrom(...CONTENT_TYPES),
    ),
    auth: fc.oneof(
      { arbitrary: fc.constantFrom('user', 'admin', 'none'), weight: 6 },
      fc.constantFrom('Bearer', 'Bearer a.b.c', 'Basic YWRtaW46YWRtaW4=', `Bearer ${'x'.repeat(5000)}`),
      shortHostileString.map((value) => `Bearer ${headerSafe(value)}`),
    ),
    requestId: fc.option(shortHostileString.map(headerSafe)),
    ip: fc.ipV4(),
  })
}

function authorization(fixture: Fixture, auth: string): string | undefined {
  if (auth === 'none') return undefined
  if (auth === 'user') return `Bearer ${fixture.userToken}`
  if (auth === 'admin') return `Bearer ${fixture.adminToken}`
  return auth
}

async function send(fixture: Fixture, op: Operation, request: FuzzRequest) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => percentEncode(request.params[name] ?? ''))
  const query = request.query
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join('&')
  const url = query ? `${path}?${query}` : path
  const headers: Record<string, string> = {}
  const bearer = authorization(fixture, request.auth)
  if (bearer !== undefined) headers.authorization = bearer
  if (request.requestId !== null) headers['x-request-id'] = request.requestId
  if (request.body !== undefined && request.contentType) headers['content-type'] = request.contentType
  const response = await fixture.app.inject({
    method: op.method,
    url,
    headers,
    remoteAddress: request.ip,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  })
  return { url, response }
}

function check(op: Operation, request: FuzzRequest, url: string, response: LightMyRequestResponse): void {
  const where = `${op.method} ${url.slice(0, 200)} (body ${request.body?.slice(0, 120)}, content-type ${request.contentType}, auth ${request.auth.slice(0, 40)}) -> ${response.statusCode} ${response.body.slice(0, 300)}`
  expect(response.statusCode, where).toBeLessThan(500)

  const allowed = new Set(op.statuses)
  if (request.body !== undefined) {
    allowed.add(413)
    allowed.add(415)
  }
  if (Object.values(request.params).some((value) => value === '')) allowed.add(404)
  expect([...allowed], where).toContain(response.statusCode)

  expect(String(response.headers['x-request-id']), where).toMatch(REQUEST_ID)
  if (response.statusCode >= 400) {
    expect(response.headers['content-type'], where).toMatch(/^application\/json/)
    const body = response.json() as { Message?: unknown; requestId?: unknown }
    expect(typeof body.Message, where).toBe('string')
    expect(body.requestId, where).toBe(response.headers['x-request-id'])
    expect(response.body, where).not.toMatch(LEAK)
  } else if (String(response.headers['content-type']).startsWith('application/json')) {
    expect(() => JSON.parse(response.body), where).not.toThrow()
  }
}

describe.each(DIALECTS)('fuzzing every operation of the OpenAPI document on %s', (dialect) => {
  let database: TestDatabase
  let app: FastifyInstance
  let credit: Record<string, unknown>

  beforeAll(async () => {
    database = await createTestDatabase(dialect)
    // Limits per address scaled out of the way; the lock-outs per account still apply.
    app = await buildApp(loadConfig(testEnv(database, { RATE_LIMIT_FACTOR: '10000' })))
    credit = (await creditApplicationFixture(0)) as unknown as Record<string, unknown>
  })

  afterAll(async () => {
    await app?.close()
    await database?.drop()
  })

  /** Fresh users and tokens per operation: an earlier operation may have archived or demoted them. */
  async function fixture(): Promise<Fixture> {
    const user = await createUser(app)
    const admin = await createAdmin(app)
    const enquiry = await createEnquiry(app)
    const applied = await app.inject({ method: 'POST', url: '/api/apply-for-credit', payload: credit })
    const creditId =
      (await app.db.selectFrom('credit_applications').select('id').orderBy('id', 'desc').executeTakeFirst())
        ?.id ?? 1
    expect(applied.statusCode).toBe(200)
    return {
      app,
      user,
      admin,
      userToken: await tokenFor(app, user),
      adminToken: await tokenFor(app, admin),
      enquiryId: enquiry.id,
      creditId,
      credit,
    }
  }

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    { timeout: 60_000 },
    async (_name, op) => {
      const context = await fixture()
      await fc.assert(
        fc.asyncProperty(requestArbitrary(context, op), async (request) => {
          const { url, response } = await send(context, op, request)
          check(op, request, url, response)
        }),
        { numRuns: RUNS_BY_DIALECT[dialect], endOnFailure: true },
      )
      // Then every hostile constant in every path and query parameter, as an admin (who reaches
      // furthest): the random runs above meet each of them only now and then.
      const base: FuzzRequest = {
        params: Object.fromEntries(op.pathParams.map((name) => [name, parameterExample(context, op, name)])),
        query: [],
        body: op.hasBody ? JSON.stringify(bodyExample(context, op)) : undefined,
        contentType: 'application/json',
        auth: 'admin',
        requestId: null,
        ip: '198.51.100.200',
      }
      for (const value of INJECTIONS) {
        const variants: FuzzRequest[] = [
          ...op.pathParams.map((name) => ({ ...base, params: { ...base.params, [name]: value } })),
          ...op.queryParams.map((name) => ({ ...base, query: [[name, value]] as [string, string][] })),
        ]
        for (const request of variants) {
          const { url, response } = await send(context, op, request)
          check(op, request, url, response)
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )
})
