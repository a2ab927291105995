import { describe, expect, it } from 'vitest'
import { type CheckedResponse, type OpenApiDocument, responseChecker } from './openapi-responses.ts'

/*
 * The fuzz's response check (openapi-responses.ts) fails on each kind of planted defect: a status
 * the document does not declare, another media type, a body that does not match (a missing or
 * extra field, a wrong type, through a $ref), a body where none is declared, a PDF that is not one.
 */

const json = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }

const doc: OpenApiDocument = {
  paths: {
    '/api/things/{id}': {
      get: {
        responses: {
          200: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
                  },
                  required: ['id', 'tags'],
                  additionalProperties: false,
                },
              },
            },
          },
          404: json,
        },
      },
      delete: { responses: { 204: { description: 'Gone' }, 404: json } },
    },
    '/api/things/{id}/pdf': {
      get: {
        responses: {
          200: { content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object',
        properties: { Message: { type: 'string' }, requestId: { type: 'string' } },
        required: ['Message', 'requestId'],
        additionalProperties: false,
      },
      Tag: { type: 'string', minLength: 1 },
    },
  },
}

function response(
  statusCode: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
): CheckedResponse {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  return {
    statusCode,
    headers: contentType ? { 'content-type': contentType } : {},
    body: text,
    rawPayload: Buffer.from(text),
  }
}

const checker = responseChecker(doc)
const problems = (method: string, path: string, checked: CheckedResponse, transport?: number[]) =>
  checker.problems(method, path, checked, transport ? { transportStatuses: new Set(transport) } : {})

describe('checking a response against the OpenAPI document', () => {
  it('passes responses that match, 2xx and errors alike', () => {
    expect(problems('GET', '/api/things/{id}', response(200, { id: 1, tags: ['a'] }))).toEqual([])
    expect(
      problems('GET', '/api/things/{id}', response(404, { Message: 'Not found.', requestId: 'r' })),
    ).toEqual([])
    expect(problems('DELETE', '/api/things/{id}', response(204, '', ''))).toEqual([])
    expect(problems('GET', '/api/things/{id}/pdf', response(200, '%PDF-1.7 ...', 'application/pdf'))).toEqual(
      [],
    )
  })

  it('fails a 2xx body that does not match its schema: missing, extra, wrong type, through a $ref', () => {
    expect(problems('GET', '/api/things/{id}', response(200, { id: 1 }))).toEqual([
      expect.stringContaining("must have required property 'tags'"),
    ])
    expect(problems('GET', '/api/things/{id}', response(200, { id: 1, tags: [], hash: 'x' }))).toEqual([
      expect.stringContaining('must NOT have additional properties'),
    ])
    expect(problems('GET', '/api/things/{id}', response(200, { id: '1', tags: [] }))).toEqual([
      expect.stringContaining('body/id must be integer'),
    ])
    expect(problems('GET', '/api/things/{id}', response(200, { id: 1, tags: [''] }))).toEqual([
      expect.stringContaining('body/tags/0 must NOT have fewer than 1 characters'),
    ])
    expect(problems('GET', '/api/things/{id}', response(200, 'not json'))).toEqual([
      expect.stringContaining('not JSON'),
    ])
  })

  it('fails an error body without requestId, or with a field the document does not list', () => {
    expect(problems('GET', '/api/things/{id}', response(404, { Message: 'Not found.' }))).toEqual([
      expect.stringContaining("must have required property 'requestId'"),
    ])
    expect(
      problems('GET', '/api/things/{id}', response(404, { Message: 'x', requestId: 'r', stack: 'at x' })),
    ).toEqual([expect.stringContaining('must NOT have additional properties')])
  })

  it('fails a status the operation does not declare, unless the transport may answer it', () => {
    const error = { Message: 'The request is too large.', requestId: 'r' }
    expect(problems('GET', '/api/things/{id}', response(413, error))).toEqual([
      'status 413 is not declared for GET /api/things/{id} 413',
    ])
    expect(problems('GET', '/api/things/{id}', response(413, error), [413])).toEqual([])
    expect(problems('GET', '/api/things/{id}', response(413, { Message: 'x' }), [413])).not.toEqual([])
    expect(problems('GET', '/api/nowhere', response(200, {}))).not.toEqual([])
  })

  it('fails another media type, a body where none is declared, and a PDF that is not one', () => {
    expect(problems('GET', '/api/things/{id}', response(200, { id: 1, tags: [] }, 'text/html'))).toEqual([
      expect.stringContaining('sent as "text/html"'),
    ])
    expect(problems('DELETE', '/api/things/{id}', response(204, '{}'))).toEqual([
      expect.stringContaining('declares no body'),
    ])
    expect(problems('GET', '/api/things/{id}/pdf', response(200, '<html>', 'application/pdf'))).toEqual([
      expect.stringContaining('is not a PDF'),
    ])
  })
})
