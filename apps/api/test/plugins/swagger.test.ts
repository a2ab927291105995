import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildTestApp } from '../helpers/build.ts'

/*
 * What the OpenAPI document adds to the routes' own schemas (plugins/swagger.ts): 413 and 415 on
 * every operation with a body, and error statuses in application/json on a route that produces
 * another media type. The fuzz (test/fuzz) checks real responses against the document.
 */

interface Response {
  content?: Record<string, { schema: unknown }>
}
interface Operation {
  requestBody?: unknown
  responses: Record<string, Response>
}
interface Document {
  paths: Record<string, Record<string, Operation>>
}

const ERROR = { $ref: '#/components/schemas/Error' }
const asJson = (schema: unknown) => ({ content: { 'application/json': { schema } } })

const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/test/own-413',
    {
      schema: {
        body: z.object({ text: z.string() }),
        response: { 200: z.object({}), 413: z.object({ tooBig: z.boolean() }) },
      },
    },
    async () => ({}),
  )
  app.post('/test/no-body', { schema: { response: { 200: z.object({}) } } }, async () => ({}))
}

async function loadDocument(): Promise<Document> {
  const { app } = await buildTestApp({ build: { routes: [documentRoutes] } })
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(response.statusCode).toBe(200)
  return response.json() as Document
}

/** The responses of one operation (the test fails when the document has no such operation). */
function responsesOf(doc: Document, method: string, path: string): Record<string, Response> {
  const operation = doc.paths[path]?.[method]
  expect(operation, `${method} ${path}`).toBeDefined()
  return (operation as Operation).responses
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  )

describe('the OpenAPI document', () => {
  it('documents the CSV export as text/csv for its 200 and its errors as JSON', async () => {
    const responses = responsesOf(await loadDocument(), 'get', '/api/admin/enquiries.csv')
    expect(Object.keys(responses['200']?.content ?? {})).toEqual(['text/csv'])
    for (const status of ['400', '401', '403']) {
      expect(responses[status], status).toMatchObject(asJson(ERROR))
      expect(Object.keys(responses[status]?.content ?? {}), status).toEqual(['application/json'])
    }
  })

  it('declares 413 and 415 on the token route, whose 400 stays the TokenError', async () => {
    const responses = responsesOf(await loadDocument(), 'post', '/api/v1/core/auth/token')
    expect(responses['400']).toMatchObject(asJson({ $ref: '#/components/schemas/TokenError' }))
    expect(responses['413']).toMatchObject(asJson(ERROR))
    expect(responses['415']).toMatchObject(asJson(ERROR))
  })

  it('declares 413 and 415 on every operation with a body, and only there', async () => {
    const operations = operationsOf(await loadDocument())
    const withBody = operations.filter(({ operation }) => operation.requestBody !== undefined)
    expect(withBody.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'POST /api/v1/core/accounts',
        'PUT /api/v1/core/accounts/update/own-profile',
        'PATCH /api/admin/enquiries/{id}',
        'POST /api/v1/users/filter',
      ]),
    )
    for (const { name, operation } of withBody) {
      if (name === 'POST /api/test/own-413') continue
      expect(operation.responses['413'], name).toMatchObject(asJson(ERROR))
      expect(operation.responses['415'], name).toMatchObject(asJson(ERROR))
    }
    // An operation without a body (a client following the document sends none) gets neither.
    const noBody = operations.find(({ name }) => name === 'POST /api/test/no-body')
    expect(Object.keys(noBody?.operation.responses ?? {})).toEqual(['200'])
  })

  it('keeps a 413 that a route declares itself', async () => {
    const responses = responsesOf(await loadDocument(), 'post', '/api/test/own-413')
    expect(responses['413']?.content?.['application/json']?.schema).toMatchObject({
      properties: { tooBig: { type: 'boolean' } },
    })
    expect(responses['415']).toMatchObject(asJson(ERROR))
  })

  it('documents every error status of every operation as application/json only', async () => {
    for (const { name, operation } of operationsOf(await loadDocument())) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue
        expect(Object.keys(response.content ?? {}), `${name} ${status}`).toEqual(['application/json'])
      }
    }
  })
})
